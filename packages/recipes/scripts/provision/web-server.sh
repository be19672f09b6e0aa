#!/usr/bin/env bash
# server-provision, step `web-server`: the chosen web server installed, enabled and answering on
# port 80 with a default site, after stopping any other web server that holds port 80 (only one
# can own it). PHP is wired to the default site by the `php` step, after PHP-FPM exists.
# Input: HD_WEB_SERVER (nginx, apache2, openlitespeed or none); HD_PHP_DEFAULT, optional, the
# PHP version the default site runs (its index then tries index.php first).
set -euo pipefail

web_server=${HD_WEB_SERVER:?HD_WEB_SERVER is required}
php_default=${HD_PHP_DEFAULT:-}

# stop_others UNIT...  Stops and disables the given web server units that exist and run.
stop_others() {
  local unit
  for unit in "$@"; do
    systemctl cat -- "$unit.service" >/dev/null 2>&1 || continue
    if systemctl is-active --quiet -- "$unit"; then
      systemctl stop -- "$unit"
      hd_log change "stopped $unit: $web_server owns port 80"
    fi
    if systemctl is-enabled --quiet -- "$unit" 2>/dev/null; then
      systemctl disable --quiet -- "$unit"
      hd_log change "disabled $unit"
    fi
  done
}

# check_answers PATTERN  Port 80 answers, and the Server header is the chosen web server's.
check_answers() {
  local headers="" attempt server
  for ((attempt = 1; attempt <= 20; attempt++)); do
    if headers=$(curl -sS --noproxy '*' --max-time 5 -o /dev/null -D - http://127.0.0.1:80/ 2>&1); then
      server=$(sed -n 's/^[Ss]erver: *\([^[:space:]]*\).*/\1/p' <<<"$headers" | tr -d '\r')
      if [[ $server =~ $1 ]]; then
        hd_log info "$web_server answers on port 80 ($(head -n 1 <<<"$headers" | tr -d '\r'), server $server)"
        return 0
      fi
    fi
    sleep 0.5
  done
  printf '%s\n' "$headers" >&2
  hd_fail "$web_server does not answer on port 80"
}

nginx_default_site() {
  cat <<'NGINX'
# Managed by HostDeck (recipe server-provision): the default server. Local changes are replaced.
server {
    listen 80 default_server;
NGINX
  # IPv6 only where the kernel has it, or nginx would fail to start.
  if [[ -e /proc/net/if_inet6 ]]; then
    printf '    listen [::]:80 default_server;\n'
  fi
  printf '    server_name _;\n    root /var/www/html;\n'
  if [[ -n $php_default ]]; then
    printf '    index index.php index.html index.htm index.nginx-debian.html;\n'
  else
    printf '    index index.html index.htm index.nginx-debian.html;\n'
  fi
  cat <<'NGINX'

    location / {
        try_files $uri $uri/ =404;
    }

    # PHP, written by the `php` step (default-site.d/php.conf) once PHP-FPM is installed.
    include /etc/nginx/hostdeck/default-site.d/*.conf;
}
NGINX
}

apache_default_site() {
  cat <<'APACHE'
# Managed by HostDeck (recipe server-provision): the default site. Local changes are replaced.
<VirtualHost *:80>
    ServerAdmin webmaster@localhost
    DocumentRoot /var/www/html
APACHE
  if [[ -n $php_default ]]; then
    printf '    DirectoryIndex index.php index.html\n'
  fi
  cat <<'APACHE'
    ErrorLog ${APACHE_LOG_DIR}/error.log
    CustomLog ${APACHE_LOG_DIR}/access.log combined
</VirtualHost>
APACHE
}

install_nginx() {
  stop_others apache2 lshttpd
  hd_apt_install nginx
  mkdir -p -- /etc/nginx/sites-available /etc/nginx/sites-enabled /etc/nginx/hostdeck/default-site.d
  local changed=0
  hd_apply_config /etc/nginx/sites-available/default nginx -t -q < <(nginx_default_site)
  if hd_config_was_changed; then changed=1; fi
  hd_apply_link /etc/nginx/sites-enabled/default /etc/nginx/sites-available/default nginx -t -q
  if hd_config_was_changed; then changed=1; fi
  if ((changed)) && systemctl is-active --quiet nginx; then hd_reload_service nginx; fi
  hd_enable_service nginx
  hd_log info "$(nginx -v 2>&1)"
  check_answers '^nginx'
}

install_apache2() {
  stop_others nginx lshttpd
  hd_apt_install apache2
  local changed=0
  hd_apply_config /etc/apache2/sites-available/000-default.conf apache2ctl configtest < <(apache_default_site)
  if hd_config_was_changed; then changed=1; fi
  if ! a2query -q -s 000-default; then
    a2ensite -q 000-default >/dev/null
    hd_log change "enabled the site 000-default"
    changed=1
  fi
  if ((changed)) && systemctl is-active --quiet apache2; then hd_reload_service apache2; fi
  hd_enable_service apache2
  hd_log info "$(apache2 -v | head -n 1)"
  check_answers '^Apache'
}

# OpenLiteSpeed comes from LiteSpeed's own repository (not in Debian or Ubuntu): written for real
# servers, checked with shellcheck only.
install_openlitespeed() {
  stop_others nginx apache2
  if ! hd_apt_is_installed openlitespeed; then
    local keyring=/usr/share/keyrings/litespeed.gpg
    # Both keys: LiteSpeed signs the repository with the second (lst_repo.gpg).
    hd_apt_keyring "$keyring" https://rpms.litespeedtech.com/debian/lst_debian_repo.gpg \
      https://rpms.litespeedtech.com/debian/lst_repo.gpg
    hd_apt_source /etc/apt/sources.list.d/litespeed.list \
      <<<"deb [signed-by=$keyring] http://rpms.litespeedtech.com/debian/ $(hd_os_codename) main"
  fi
  hd_apt_install openlitespeed
  # Its Default listener ships on *:8088 (the example); the server's web server owns port 80.
  local config=/usr/local/lsws/conf/httpd_config.conf
  [[ -f $config ]] || hd_fail "$config is missing after installing openlitespeed"
  hd_apply_config "$config" grep -qE '^[[:space:]]*address[[:space:]]+\*:80$' "$config" \
    < <(sed -E 's/^([[:space:]]*address[[:space:]]+\*:)8088[[:space:]]*$/\180/' -- "$config")
  if hd_config_was_changed && systemctl is-active --quiet lshttpd; then
    systemctl restart lshttpd
    hd_log change "restarted lshttpd"
  fi
  hd_enable_service lshttpd
  check_answers 'LiteSpeed'
}

case $web_server in
  nginx) install_nginx ;;
  apache2) install_apache2 ;;
  openlitespeed) install_openlitespeed ;;
  none) hd_log info "no web server requested" ;;
  *) hd_fail "unknown web server: $web_server" ;;
esac
