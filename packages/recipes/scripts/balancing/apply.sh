#!/usr/bin/env bash
# balancing-apply, step `apply`: makes the site's nginx a load balancer over its nodes. Two files,
# both the panel's own (docs/balancing.md):
# - HD_UPSTREAM_FILE (/etc/nginx/conf.d/hostdeck-balancer-SITE.conf, http context): the upstream
#   HD_UPSTREAM (its state in a shared zone) with one `server` line per node (method, weight,
#   backup, down, and the passive health check max_fails/fail_timeout);
# - HD_INCLUDE_FILE (/etc/nginx/hostdeck/SITE/_hostdeck-balancer.conf, included in each server
#   block of the site's vhost, so TLS stays on the balancer): a server-level rewrite sends every
#   request but the ACME challenges to an internal location that proxies the original request URI
#   to the upstream with X-Forwarded-For/-Proto/-Host. The vhost's own ACME location keeps
#   answering the challenges, so certificates renew here.
# Each file is written atomically and validated with `nginx -t`; a refused one puts the previous
# files back. nginx is reloaded only when something changed; a failed reload puts both back too.
# Input: HD_SITE, HD_UPSTREAM, HD_UPSTREAM_FILE, HD_INCLUDE_FILE, HD_METHOD, HD_MAX_FAILS,
# HD_FAIL_TIMEOUT, HD_NODES (`ADDRESS PORT WEIGHT BACKUP DOWN` per line, every value validated).
set -euo pipefail

command -v nginx >/dev/null || hd_fail "nginx is not installed on this server"
[[ -f /etc/nginx/sites-available/$HD_SITE.conf ]] || hd_fail "the site $HD_SITE has no nginx vhost on this server"
[[ -f /etc/nginx/conf.d/hostdeck-upgrade.conf ]] || hd_fail "the panel's upgrade map is missing: apply the site again first"
for path in "$HD_UPSTREAM_FILE" "$HD_INCLUDE_FILE"; do
  [[ $(realpath -m -- "$path") == "$path" ]] || hd_fail "$path is or goes through a symbolic link; it is not followed"
done
mkdir -p -- "$(dirname -- "$HD_INCLUDE_FILE")"

render_upstream() {
  local address port weight backup down line
  printf '# Managed by HostDeck (recipe balancing-apply): the nodes of %s. Local changes are replaced.\n' "$HD_SITE"
  printf 'upstream %s {\n' "$HD_UPSTREAM"
  # Shared by every worker: one round-robin turn and one failure count per node, not one per worker.
  printf '    zone %s 64k;\n' "$HD_UPSTREAM"
  case $HD_METHOD in
    least_conn) printf '    least_conn;\n' ;;
    ip_hash) printf '    ip_hash;\n' ;;
    round_robin) ;;
    *) hd_fail "unknown method $HD_METHOD" ;;
  esac
  while read -r address port weight backup down; do
    [[ -n $address ]] || continue
    if [[ $address == *:* ]]; then address="[$address]"; fi
    line="    server $address:$port weight=$weight max_fails=$HD_MAX_FAILS fail_timeout=${HD_FAIL_TIMEOUT}s"
    if ((backup)); then line+=' backup'; fi
    if ((down)); then line+=' down'; fi
    printf '%s;\n' "$line"
  done <<<"$HD_NODES"
  printf '}\n'
}

render_include() {
  printf '# Managed by HostDeck (recipe balancing-apply): %s is balanced over the upstream %s.\n' "$HD_SITE" "$HD_UPSTREAM"
  printf '# Everything but the ACME challenges goes to the nodes; local changes are replaced.\n'
  cat <<'NGINX'
rewrite ^/(?!\.well-known/acme-challenge/) /__hostdeck_balancer/ last;

location ^~ /__hostdeck_balancer/ {
    internal;
NGINX
  # The original request (path and query) as the client sent it, not the rewritten one.
  # shellcheck disable=SC2016 # nginx's variables.
  printf '    proxy_pass http://%s$request_uri;\n' "$HD_UPSTREAM"
  cat <<'NGINX'
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Real-IP $remote_addr;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $host;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $hostdeck_connection_upgrade;
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_connect_timeout 5s;
    proxy_read_timeout 300s;
}
NGINX
}

hd_apply_config "$HD_UPSTREAM_FILE" nginx -t -q < <(render_upstream) ||
  hd_fail "nginx rejected the upstream of $HD_SITE; the previous one stays (its output is above)"
# shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
upstream_changed=$hd_config_changed
# shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
upstream_backup=$hd_config_backup

if ! hd_apply_config "$HD_INCLUDE_FILE" nginx -t -q < <(render_include); then
  ((upstream_changed == 0)) || hd_restore_config "$HD_UPSTREAM_FILE" "$upstream_backup"
  hd_fail "nginx rejected the balancer of $HD_SITE; the previous configuration stays (its output is above)"
fi
include_changed=$hd_config_changed
include_backup=$hd_config_backup

if ((upstream_changed == 0 && include_changed == 0)); then
  hd_log info "the balancer of $HD_SITE is up to date"
elif ! systemctl is-active --quiet nginx; then
  hd_log warn "nginx is not running; the balancer applies when it starts"
elif ! hd_reload_service nginx; then
  ((include_changed == 0)) || hd_restore_config "$HD_INCLUDE_FILE" "$include_backup"
  ((upstream_changed == 0)) || hd_restore_config "$HD_UPSTREAM_FILE" "$upstream_backup"
  systemctl reload-or-restart nginx || true
  hd_fail "nginx did not reload with the balancer of $HD_SITE; the previous configuration was put back"
fi
cat -- "$HD_UPSTREAM_FILE"
