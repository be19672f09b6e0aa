#!/usr/bin/env bash
# n8n-install, step `vhost`: the site's nginx vhost serves n8n. HD_INCLUDE_FILE
# (/etc/nginx/hostdeck/SITE/_hostdeck-n8n.conf, included in each server block of the vhost, so
# TLS and the certificate stay the site's) sends every request but the ACME challenges to an
# internal location that proxies the original request URI to 127.0.0.1:HD_PORT with the websocket
# upgrade headers (the editor's push connection) and X-Forwarded-*. Validated with `nginx -t`;
# a refused file or a failed reload puts the previous one back.
# Input: HD_SITE, HD_PORT, HD_INCLUDE_FILE.
set -euo pipefail

command -v nginx >/dev/null || hd_fail "nginx is not installed on this server"
[[ -f /etc/nginx/sites-available/$HD_SITE.conf ]] || hd_fail "the site $HD_SITE has no nginx vhost on this server"
[[ -f /etc/nginx/conf.d/hostdeck-upgrade.conf ]] || hd_fail "the panel's upgrade map is missing: apply the site again first"
[[ $(realpath -m -- "$HD_INCLUDE_FILE") == "$HD_INCLUDE_FILE" ]] || hd_fail "$HD_INCLUDE_FILE is or goes through a symbolic link; it is not followed"
mkdir -p -- "$(dirname -- "$HD_INCLUDE_FILE")"

render_include() {
  printf '# Managed by HostDeck (recipe n8n-install): %s serves n8n on 127.0.0.1:%s.\n' "$HD_SITE" "$HD_PORT"
  printf '# Everything but the ACME challenges goes to n8n; local changes are replaced.\n'
  cat <<'NGINX'
rewrite ^/(?!\.well-known/acme-challenge/) /__hostdeck_n8n/ last;

location ^~ /__hostdeck_n8n/ {
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
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $hostdeck_connection_upgrade;
    proxy_buffering off;
    proxy_read_timeout 3600s;
    proxy_send_timeout 3600s;
    client_max_body_size 64m;
}
NGINX
}

hd_apply_config "$HD_INCLUDE_FILE" nginx -t -q < <(render_include) ||
  hd_fail "nginx rejected the n8n include of $HD_SITE; the previous configuration stays (its output is above)"
# shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
changed=$hd_config_changed
# shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
backup=$hd_config_backup
if ((changed == 0)); then
  hd_log info "the vhost of $HD_SITE serves n8n already"
elif ! systemctl is-active --quiet nginx; then
  hd_log warn "nginx is not running; the site serves n8n when it starts"
elif ! hd_reload_service nginx; then
  hd_restore_config "$HD_INCLUDE_FILE" "$backup"
  systemctl reload-or-restart nginx || true
  hd_fail "nginx did not reload with the n8n include of $HD_SITE; the previous configuration was put back"
fi
