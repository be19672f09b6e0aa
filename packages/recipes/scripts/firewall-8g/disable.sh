#!/usr/bin/env bash
# firewall-8g-disable, step `disable`: turns the 8G firewall off for one site. Its checks
# (/etc/nginx/hostdeck/SITE/8g-firewall.conf) are removed; the maps
# (/etc/nginx/conf.d/hostdeck-8g-firewall.conf) too once no site's checks read them. Only files
# the panel wrote are removed; each removal is validated with `nginx -t` and put back when nginx
# refuses; nginx is reloaded when something changed (a failed reload puts everything back).
# Running it twice, or on a site that never had it, changes nothing.
# Input: HD_SITE (a validated domain).
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
marker='# Managed by HostDeck'
maps=/etc/nginx/conf.d/hostdeck-8g-firewall.conf
checks="/etc/nginx/hostdeck/$site/8g-firewall.conf"

# ours FILE: FILE is a regular file the panel wrote.
ours() {
  [[ -f $1 && ! -L $1 ]] && head -n 1 -- "$1" | grep -qF -- "$marker"
}

# remove_validated FILE: removes FILE, keeping a copy; puts it back when `nginx -t` refuses.
# Sets removed_backup to the copy.
removed_backup=""
remove_validated() {
  local file=$1 backup output
  hd_backup_of backup "$file"
  cp -p -- "$file" "$backup"
  rm -f -- "$file"
  if ! output=$(nginx -t 2>&1); then
    hd_restore_config "$file" "$backup"
    printf '%s\n' "$output" >&2
    hd_fail "nginx refused its configuration without $file; it was put back (nginx's output is above)"
  fi
  removed_backup=$backup
  hd_log change "removed $file"
}

if [[ -e $checks || -L $checks ]] && ! ours "$checks"; then
  hd_fail "$checks was not written by HostDeck; it is left alone"
fi

changed=0
checks_backup=""
maps_backup=""
if [[ -e $checks ]]; then
  command -v nginx >/dev/null || hd_fail "nginx is not installed on this server"
  remove_validated "$checks"
  checks_backup=$removed_backup
  changed=1
fi

# The maps stay while another site's checks read them.
if ours "$maps" && ! compgen -G '/etc/nginx/hostdeck/*/8g-firewall.conf' >/dev/null; then
  command -v nginx >/dev/null || hd_fail "nginx is not installed on this server"
  remove_validated "$maps"
  maps_backup=$removed_backup
  changed=1
fi

if ((changed == 0)); then
  hd_log info "the 8G firewall of $site is already off"
  exit 0
fi
if ! systemctl is-active --quiet nginx; then
  hd_log warn "nginx is not running; the change applies when it starts"
  exit 0
fi
if ! hd_reload_service nginx; then
  [[ -n $maps_backup ]] && hd_restore_config "$maps" "$maps_backup"
  [[ -n $checks_backup ]] && hd_restore_config "$checks" "$checks_backup"
  hd_reload_service nginx || true
  hd_fail "nginx did not reload without the 8G firewall of $site; the previous configuration was put back"
fi
hd_log info "the 8G firewall of $site is off"
