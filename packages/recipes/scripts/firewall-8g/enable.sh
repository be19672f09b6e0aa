#!/usr/bin/env bash
# firewall-8g-enable, step `enable`: turns the 8G firewall on for one site served by nginx.
# stdin is the rules file (scripts/firewall-8g/8g-firewall.conf, the panel's own asset): its maps
# go once to /etc/nginx/conf.d/hostdeck-8g-firewall.conf (http context, read by no site until one
# includes the checks), then the site's checks to /etc/nginx/hostdeck/SITE/8g-firewall.conf, which
# its vhost includes in every server block (site-apply), so no other site is affected. Each file
# is written atomically and validated with `nginx -t`; a refused one is put back as it was (the
# maps too when the checks are refused), and nginx is reloaded only once both are accepted. A
# failed reload puts both back and reloads again. Files of the same names that the panel did not
# write are left alone. Running it twice changes nothing the second time.
# Input: HD_SITE (a validated domain); stdin, the rules.
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
marker='# Managed by HostDeck'
maps=/etc/nginx/conf.d/hostdeck-8g-firewall.conf
site_dir="/etc/nginx/hostdeck/$site"
checks="$site_dir/8g-firewall.conf"
vhost="/etc/nginx/sites-available/$site.conf"

command -v nginx >/dev/null || hd_fail "nginx is not installed on this server"
[[ -f $vhost ]] || hd_fail "$site has no nginx vhost ($vhost): the 8G firewall is only for sites served by nginx"
grep -qF -- "include $site_dir/*.conf;" "$vhost" ||
  hd_fail "the vhost of $site does not include $site_dir/*.conf (it was not written by HostDeck)"

rules=""
hd_temp_file rules
cat >"$rules"
head -n 1 -- "$rules" | grep -qF -- "$marker" || hd_fail "the 8G rules did not arrive (stdin is not the panel's rules file)"

# owned_or_absent FILE: ends the step when FILE exists and is not ours (or is a link).
owned_or_absent() {
  [[ -L $1 ]] && hd_fail "$1 is a symbolic link; it is left alone"
  if [[ -e $1 ]] && ! head -n 1 -- "$1" | grep -qF -- "$marker"; then
    hd_fail "$1 exists and was not written by HostDeck; it is left alone"
  fi
  return 0
}
owned_or_absent "$maps"
owned_or_absent "$checks"

# Nothing written here could repair a configuration nginx already refuses, and nothing may be
# reloaded on top of one.
if ! output=$(nginx -t 2>&1); then
  printf '%s\n' "$output" >&2
  hd_fail "nginx's configuration is already invalid; nothing was changed (nginx's output is above)"
fi

# The checks of one site, in its server blocks: a request any map marks is refused.
site_checks() {
  printf '%s (recipe firewall-8g-enable): the 8G firewall of %s. Turn it off in the\n' "$marker" "$site"
  printf '# panel (it removes this file); the rules are in %s.\n' "$maps"
  cat <<'NGINX'
if ($hostdeck_8g_query_string) { return 403; }
if ($hostdeck_8g_request_uri) { return 403; }
if ($hostdeck_8g_user_agent) { return 403; }
if ($hostdeck_8g_referrer) { return 403; }
if ($hostdeck_8g_method) { return 405; }
NGINX
}

mkdir -p -- "$site_dir"
changed=0
hd_apply_config "$maps" nginx -t -q <"$rules" ||
  hd_fail "nginx rejected the 8G rules; the previous configuration stays (nginx's output is above)"
# shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
maps_changed=$hd_config_changed
# shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
maps_backup=$hd_config_backup
((maps_changed)) && changed=1

if ! hd_apply_config "$checks" nginx -t -q < <(site_checks); then
  if ((maps_changed)); then
    hd_restore_config "$maps" "$maps_backup"
    hd_log error "$maps was put back as it was"
  fi
  hd_fail "nginx rejected the 8G firewall of $site; the previous configuration stays (nginx's output is above)"
fi
checks_changed=$hd_config_changed
checks_backup=$hd_config_backup
((checks_changed)) && changed=1

if ((changed == 0)); then
  hd_log info "the 8G firewall of $site is already on"
  exit 0
fi
if ! systemctl is-active --quiet nginx; then
  hd_log warn "nginx is not running; the 8G firewall applies when it starts"
  exit 0
fi
if ! hd_reload_service nginx; then
  ((checks_changed)) && hd_restore_config "$checks" "$checks_backup"
  ((maps_changed)) && hd_restore_config "$maps" "$maps_backup"
  hd_reload_service nginx || true
  hd_fail "nginx did not reload with the 8G firewall of $site; the previous configuration was put back"
fi
hd_log info "the 8G firewall of $site is on"
