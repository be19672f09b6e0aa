#!/usr/bin/env bash
# site-app-install, step `proxy`: the site's vhost sends every request but the ACME challenges to
# the app on 127.0.0.1:HD_PORT (HD_INCLUDE_FILE, included in each server block of the site, so TLS
# stays with the site), with the websocket upgrade when the app needs it. Written atomically,
# validated with `nginx -t` (refused: the previous file stays) and nginx reloaded (failed reload:
# the previous file is put back). The installer runtime proxies nothing.
# Input: HD_SITE, HD_APP, HD_INCLUDE_FILE, HD_PORT, HD_WEBSOCKETS.
set -euo pipefail

[[ -n $HD_PORT ]] || { hd_log info "$HD_APP has no port to proxy"; exit 0; }
[[ $(realpath -m -- "$HD_INCLUDE_FILE") == "$HD_INCLUDE_FILE" ]] || hd_fail "$HD_INCLUDE_FILE goes through a symbolic link; it is not followed"
mkdir -p -- "$(dirname -- "$HD_INCLUDE_FILE")"

render_include() {
  printf '# Managed by HostDeck (recipe site-app-install): %s serves %s. Local changes are replaced.\n' "$HD_SITE" "$HD_APP"
  cat <<'NGINX'
rewrite ^/(?!\.well-known/acme-challenge/) /__hostdeck_app/ last;

location ^~ /__hostdeck_app/ {
    internal;
NGINX
  # shellcheck disable=SC2016 # nginx's variables.
  printf '    proxy_pass http://127.0.0.1:%s$request_uri;\n' "$HD_PORT"
  cat <<'NGINX'
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Real-IP $remote_addr;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $host;
    proxy_read_timeout 300s;
NGINX
  if ((HD_WEBSOCKETS)); then
    # shellcheck disable=SC2016 # nginx's variables.
    printf '    proxy_set_header Upgrade $http_upgrade;\n    proxy_set_header Connection $hostdeck_connection_upgrade;\n'
  fi
  printf '}\n'
}

hd_apply_config "$HD_INCLUDE_FILE" nginx -t -q < <(render_include) ||
  hd_fail "nginx rejected the proxy to $HD_APP; the previous configuration stays (its output is above)"
# shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
backup=$hd_config_backup
if ! hd_config_was_changed; then
  hd_log info "the proxy of $HD_SITE is up to date"
elif systemctl is-active --quiet nginx && ! hd_reload_service nginx; then
  hd_restore_config "$HD_INCLUDE_FILE" "$backup"
  systemctl reload-or-restart nginx || true
  hd_fail "nginx did not reload with the proxy to $HD_APP; the previous configuration was put back"
fi
