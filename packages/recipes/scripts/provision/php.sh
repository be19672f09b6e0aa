#!/usr/bin/env bash
# server-provision, step `php`: PHP-FPM and the common extensions for each chosen version (the
# distribution's own version from its packages, the others from ondrej/php or packages.sury.org),
# each enabled and running; then the default site of nginx or Apache sends .php to the default
# version's PHP-FPM socket. Nothing else is wired (sites get their own pools later).
# Input: HD_PHP_VERSIONS, versions separated by spaces (may be empty); HD_PHP_DEFAULT, the
# version of the default site (set when HD_PHP_VERSIONS is not empty); HD_WEB_SERVER.
set -euo pipefail

read -ra versions <<<"${HD_PHP_VERSIONS:-}"
php_default=${HD_PHP_DEFAULT:-}
web_server=${HD_WEB_SERVER:-none}

if ((${#versions[@]} == 0)); then
  hd_log info "no PHP version requested"
  exit 0
fi
[[ -n $php_default ]] || hd_fail "HD_PHP_DEFAULT is required with HD_PHP_VERSIONS"

hd_php_install "${versions[@]}"
socket=/run/php/php$php_default-fpm.sock
[[ -S $socket ]] || hd_fail "php$php_default-fpm is running but $socket is missing"

nginx_php() {
  cat <<NGINX
# Managed by HostDeck (recipe server-provision): PHP for the default server.
location ~ \.php\$ {
    include snippets/fastcgi-php.conf;
    fastcgi_pass unix:$socket;
}
NGINX
}

wire_nginx() {
  mkdir -p -- /etc/nginx/hostdeck/default-site.d
  hd_apply_config /etc/nginx/hostdeck/default-site.d/php.conf nginx -t -q < <(nginx_php)
  if hd_config_was_changed && systemctl is-active --quiet nginx; then hd_reload_service nginx; fi
  hd_log info "nginx's default server runs .php with PHP $php_default"
}

# Debian's php<version>-fpm ships conf-available/php<version>-fpm.conf (proxy_fcgi to its socket);
# exactly one of them is enabled, the default version's.
wire_apache() {
  local changed=0 module conf name
  for module in proxy_fcgi setenvif; do
    if ! a2query -q -m "$module"; then
      a2enmod -q "$module" >/dev/null
      hd_log change "enabled the Apache module $module"
      changed=1
    fi
  done
  for conf in /etc/apache2/conf-enabled/php*-fpm.conf; do
    [[ -e $conf ]] || continue
    name=$(basename -- "$conf" .conf)
    [[ $name == "php$php_default-fpm" ]] && continue
    a2disconf -q "$name" >/dev/null
    hd_log change "disabled the Apache configuration $name"
    changed=1
  done
  if ! a2query -q -c "php$php_default-fpm"; then
    a2enconf -q "php$php_default-fpm" >/dev/null
    hd_log change "enabled the Apache configuration php$php_default-fpm"
    changed=1
  fi
  if ! output=$(apache2ctl configtest 2>&1); then
    printf '%s\n' "$output" >&2
    a2disconf -q "php$php_default-fpm" >/dev/null || true
    hd_fail "Apache rejected the PHP configuration; php$php_default-fpm was disabled again"
  fi
  if ((changed)) && systemctl is-active --quiet apache2; then hd_reload_service apache2; fi
  hd_log info "Apache runs .php with PHP $php_default"
}

case $web_server in
  nginx) wire_nginx ;;
  apache2) wire_apache ;;
  openlitespeed) hd_log info "OpenLiteSpeed runs PHP through its own lsphp; PHP-FPM is not wired to it" ;;
  *) hd_log info "no web server to wire PHP to" ;;
esac
