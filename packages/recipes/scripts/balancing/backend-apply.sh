#!/usr/bin/env bash
# balancing-backend-apply, step `apply`: this server is a node of the balancer of HD_SITE, so its
# vhost of that site answers the balancer's addresses (and this server itself) only: an include of
# the site's server blocks (HD_INCLUDE_FILE, /etc/nginx/hostdeck/SITE/_hostdeck-backend.conf)
# with `allow` lines and `deny all`. Only this site is affected; the server's other sites are not.
# Written atomically, validated with `nginx -t` (refused: the previous file stays), reloaded when
# changed.
# Input: HD_SITE, HD_INCLUDE_FILE, HD_ALLOW (addresses, space-separated, every one validated).
set -euo pipefail

command -v nginx >/dev/null || hd_fail "nginx is not installed on this server"
[[ -f /etc/nginx/sites-available/$HD_SITE.conf ]] || hd_fail "the site $HD_SITE has no nginx vhost on this server"
[[ $(realpath -m -- "$HD_INCLUDE_FILE") == "$HD_INCLUDE_FILE" ]] ||
  hd_fail "$HD_INCLUDE_FILE is or goes through a symbolic link; it is not followed"
read -ra allowed <<<"$HD_ALLOW"
((${#allowed[@]} > 0)) || hd_fail "no balancer address was given"
mkdir -p -- "$(dirname -- "$HD_INCLUDE_FILE")"

render() {
  local address
  printf '# Managed by HostDeck (recipe balancing-backend-apply): %s is a node of its load balancer\n' "$HD_SITE"
  printf '# and answers the balancer (and this server) only. Local changes are replaced.\n'
  for address in "${allowed[@]}"; do printf 'allow %s;\n' "$address"; done
  printf 'allow 127.0.0.1;\nallow ::1;\ndeny all;\n'
}

hd_apply_config "$HD_INCLUDE_FILE" nginx -t -q < <(render) ||
  hd_fail "nginx rejected the node configuration of $HD_SITE; the previous one stays (its output is above)"
if hd_config_was_changed && systemctl is-active --quiet nginx; then
  # shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
  backup=$hd_config_backup
  if ! hd_reload_service nginx; then
    hd_restore_config "$HD_INCLUDE_FILE" "$backup"
    systemctl reload-or-restart nginx || true
    hd_fail "nginx did not reload with the node configuration of $HD_SITE; the previous one was put back"
  fi
fi
hd_log info "$HD_SITE answers ${allowed[*]} only"
