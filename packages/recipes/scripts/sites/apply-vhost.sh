#!/usr/bin/env bash
# site-apply, step `vhost`: the site's virtual host for nginx (or apache2), rendered here from
# validated inputs only, written atomically and validated (`nginx -t`, `apachectl configtest`);
# a rejected file is replaced by the previous one (or removed) and the step fails with the tool's
# output. Enabled: linked into sites-enabled; disabled: the link is removed, the file stays. The
# web server is reloaded only when something changed (and only when it runs).
# Every vhost answers the ACME HTTP-01 challenge from /var/lib/hostdeck/acme, includes the
# site's extra configs (/etc/{nginx,apache2}/hostdeck/SITE/*.conf) in each server block, logs to
# /var/log/{nginx,apache2}/SITE.{access,error}.log, and gets a 443 block only when both files of
# /etc/hostdeck/ssl/SITE exist (never a vhost pointing at a missing certificate). A proxy port
# sends everything but the challenge to 127.0.0.1:PORT; otherwise PHP (when set) runs in the
# site's pool. Dotfiles (.env, .git) are never served. The web server may pass through every
# site owner's home (docs/site-isolation.md), so it follows a symbolic link only to a file of the
# link's own owner: a site cannot have it serve another site's files.
# Input: HD_SITE, HD_ALIASES, HD_WILDCARD, HD_LINUX_USER, HD_DIRECTORY, HD_RELEASES,
# HD_PHP_VERSION, HD_PROXY_PORT, HD_WEB_SERVER, HD_ENABLED, HD_BINDINGS (lists: space-separated),
# HD_PHP_UPLOAD_MB and HD_PHP_EXECUTION_TIME (optional: the PHP limits of the site's version,
# issue 16, written to /etc/{nginx,apache2}/hostdeck/SITE/php-limits.conf by lib/php.sh
# hd_php_web_limits as recipe php-settings writes them; removed when the site has no PHP).
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
user=${HD_LINUX_USER:?HD_LINUX_USER is required}
read -ra aliases <<<"${HD_ALIASES:-}"
read -ra bindings <<<"${HD_BINDINGS:-}"
wildcard=${HD_WILDCARD:-0}
directory=${HD_DIRECTORY:-/}
releases=${HD_RELEASES:-0}
php_version=${HD_PHP_VERSION:-}
proxy_port=${HD_PROXY_PORT:-}
# AGENT_PORT (packages/contracts/src/constants.ts): a site proxied to it is the agent site.
agent_port=2022
web_server=${HD_WEB_SERVER:-nginx}
enabled=${HD_ENABLED:-1}
upload_mb=${HD_PHP_UPLOAD_MB:-}
execution_time=${HD_PHP_EXECUTION_TIME:-}

home="/home/$user/$site"
suffix=${directory%/}
if ((releases)); then web_root="$home/current$suffix"; else web_root="$home$suffix"; fi
acme_root=/var/lib/hostdeck/acme
ssl_dir="/etc/hostdeck/ssl/$site"
has_ssl=0
if [[ -f $ssl_dir/fullchain.pem && -f $ssl_dir/privkey.pem ]]; then has_ssl=1; fi
socket=""
if [[ -n $php_version ]]; then socket=$(hd_site_php_socket "$php_version" "$site"); fi

names=("$site" "${aliases[@]}")
if ((wildcard)); then names+=("*.$site"); fi

# apply_php_limits WEB_SERVER VALIDATOR...  The site's php-limits.conf: written when it runs PHP
# with the panel's limits, removed (only when the panel wrote it) when it runs no PHP. Sets
# limits_changed.
limits_changed=0
apply_php_limits() {
  local server=$1 file="/etc/$1/hostdeck/$site/php-limits.conf"
  shift
  if [[ -n $php_version && -z $proxy_port && -n $upload_mb && -n $execution_time ]]; then
    hd_apply_config "$file" "$@" < <(hd_php_web_limits "$server" "$site" "$php_version" "$upload_mb" "$execution_time") ||
      hd_fail "$server rejected the PHP limits of $site (its output is above)"
    if hd_config_was_changed; then limits_changed=1; fi
  elif [[ -z $php_version || -n $proxy_port ]] && [[ -f $file ]] && head -n 1 -- "$file" | grep -q '^# Managed by HostDeck'; then
    rm -f -- "$file"
    hd_log change "removed $file"
    limits_changed=1
  fi
}

# ---- nginx

# nginx_listen PORT [PARAMETER...]  The listen lines: every address (IPv6 too when the kernel
# has it), or only the site's bindings.
nginx_listen() {
  local port=$1 address
  shift
  local parameters=("$port" "$@")
  if ((${#bindings[@]} == 0)); then
    printf '    listen %s;\n' "${parameters[*]}"
    if [[ -e /proc/net/if_inet6 ]]; then printf '    listen [::]:%s;\n' "${parameters[*]}"; fi
    return 0
  fi
  for address in "${bindings[@]}"; do
    if [[ $address == *:* ]]; then address="[$address]"; fi
    parameters[0]="$address:$port"
    printf '    listen %s;\n' "${parameters[*]}"
  done
}

# The agent site (proxy_port 2022, spec/000 §3) is how the browser reaches the agent's file API
# over https (spec/000 §9): uploads and downloads of any size must stream through, never wait in
# nginx's buffers or temp files, and a long transfer must not be cut at 300 s. Other proxied sites
# keep nginx's defaults (a 1 MB body cap among them) unless their own settings say otherwise.
nginx_agent_streaming() {
  cat <<'NGINX'
        client_max_body_size 0;
        proxy_request_buffering off;
        proxy_buffering off;
        proxy_read_timeout 3600s;
        proxy_send_timeout 3600s;
NGINX
}

# nginx_server PORT SCHEME  One server block.
nginx_server() {
  local port=$1 scheme=$2
  printf 'server {\n'
  if [[ $scheme == https ]]; then nginx_listen "$port" ssl http2; else nginx_listen "$port"; fi
  printf '    server_name %s;\n' "${names[*]}"
  printf '    root %s;\n' "$web_root"
  # shellcheck disable=SC2016 # nginx's variable.
  printf '    disable_symlinks if_not_owner from=$document_root;\n'
  printf '    index index.php index.html index.htm;\n'
  printf '    access_log /var/log/nginx/%s.access.log;\n' "$site"
  printf '    error_log /var/log/nginx/%s.error.log;\n' "$site"
  if [[ $scheme == https ]]; then
    printf '    ssl_certificate %s/fullchain.pem;\n' "$ssl_dir"
    printf '    ssl_certificate_key %s/privkey.pem;\n' "$ssl_dir"
  fi
  cat <<NGINX

    # ACME HTTP-01 challenges (certificates), before anything else.
    location ^~ /.well-known/acme-challenge/ {
        root $acme_root;
        default_type text/plain;
        try_files \$uri =404;
    }

    # Never serve dotfiles (.env, .git, .htaccess), except /.well-known.
    location ~ /\.(?!well-known/) {
        deny all;
    }

    # The site's own settings (edited in the panel).
    include /etc/nginx/hostdeck/$site/*.conf;
NGINX
  if [[ -n $proxy_port ]]; then
    cat <<NGINX

    location / {
        proxy_pass http://127.0.0.1:$proxy_port;
        proxy_http_version 1.1;
        proxy_set_header Host \$host;
        proxy_set_header X-Real-IP \$remote_addr;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto \$scheme;
        proxy_set_header X-Forwarded-Host \$host;
        proxy_set_header Upgrade \$http_upgrade;
        proxy_set_header Connection \$hostdeck_connection_upgrade;
NGINX
    if [[ $proxy_port == "$agent_port" ]]; then nginx_agent_streaming; else printf '        proxy_read_timeout 300s;\n'; fi
    printf '    }\n'
  elif [[ -n $php_version ]]; then
    cat <<NGINX

    location / {
        try_files \$uri \$uri/ /index.php?\$query_string;
    }

    location ~ [^/]\.php(/|\$) {
        fastcgi_split_path_info ^(.+?\.php)(/.*)\$;
        try_files \$fastcgi_script_name =404;
        set \$hostdeck_path_info \$fastcgi_path_info;
        include fastcgi_params;
        fastcgi_param PATH_INFO \$hostdeck_path_info;
        fastcgi_param SCRIPT_FILENAME \$realpath_root\$fastcgi_script_name;
        fastcgi_param DOCUMENT_ROOT \$realpath_root;
        fastcgi_index index.php;
        fastcgi_pass unix:$socket;
    }
NGINX
  else
    cat <<NGINX

    location / {
        try_files \$uri \$uri/ =404;
    }
NGINX
  fi
  printf '}\n'
}

nginx_vhost() {
  printf '# Managed by HostDeck (recipe site-apply): %s. Local changes are replaced; put your own\n' "$site"
  printf '# settings in /etc/nginx/hostdeck/%s/*.conf (included in every server block).\n' "$site"
  nginx_server 80 http
  if ((has_ssl)); then
    printf '\n'
    nginx_server 443 https
  fi
}

# The websocket upgrade map of the proxied sites: http context, once for every site.
nginx_upgrade_map() {
  cat <<'NGINX'
# Managed by HostDeck: the Connection header of proxied sites (websockets pass through).
map $http_upgrade $hostdeck_connection_upgrade {
    default upgrade;
    '' close;
}
NGINX
}

apply_nginx() {
  local available="/etc/nginx/sites-available/$site.conf" link="/etc/nginx/sites-enabled/$site.conf"
  local changed=0
  command -v nginx >/dev/null || hd_fail "nginx is not installed on this server"
  mkdir -p -- /etc/nginx/sites-available /etc/nginx/sites-enabled "/etc/nginx/hostdeck/$site"
  apply_php_limits nginx nginx -t -q
  changed=$limits_changed
  hd_apply_config /etc/nginx/conf.d/hostdeck-upgrade.conf nginx -t -q < <(nginx_upgrade_map) ||
    hd_fail "nginx rejected its configuration (its output is above)"
  if hd_config_was_changed; then changed=1; fi
  hd_apply_config "$available" nginx -t -q < <(nginx_vhost) ||
    hd_fail "nginx rejected the vhost of $site; the previous one stays (nginx's output is above)"
  if hd_config_was_changed; then changed=1; fi
  if ((enabled)); then
    hd_apply_link "$link" "$available" nginx -t -q ||
      hd_fail "nginx rejected the vhost of $site; it stays disabled (nginx's output is above)"
    if hd_config_was_changed; then changed=1; fi
  elif [[ -e $link || -L $link ]]; then
    rm -f -- "$link"
    hd_log change "disabled $site (removed $link)"
    changed=1
  fi
  reload_if_changed nginx "$changed" nginx -t
}

# ---- apache2

apache_directory_rules() {
  cat <<APACHE
    Alias /.well-known/acme-challenge/ $acme_root/.well-known/acme-challenge/
    <Directory $acme_root/.well-known/acme-challenge/>
        Options None
        AllowOverride None
        ForceType text/plain
        Require all granted
    </Directory>

    # A .htaccess may set any option but FollowSymLinks (and CGI, includes): asking for it is an
    # error, as on shared hosting; SymLinksIfOwnerMatch does what sites need.
    <Directory $web_root>
        Options SymLinksIfOwnerMatch
        AllowOverride AuthConfig FileInfo Indexes Limit Options=Indexes,MultiViews,SymLinksIfOwnerMatch
        Require all granted
    </Directory>

    # Never serve dotfiles (.env, .git, .htaccess), except /.well-known.
    <DirectoryMatch "/\.(?!well-known)">
        Require all denied
    </DirectoryMatch>
    <FilesMatch "^\.">
        Require all denied
    </FilesMatch>
APACHE
}

# apache_server PORT SCHEME  One VirtualHost.
apache_server() {
  local port=$1 scheme=$2 address hosts=()
  if ((${#bindings[@]} == 0)); then hosts=("*:$port"); fi
  for address in "${bindings[@]}"; do
    if [[ $address == *:* ]]; then address="[$address]"; fi
    hosts+=("$address:$port")
  done
  printf '<VirtualHost %s>\n' "${hosts[*]}"
  printf '    ServerName %s\n' "$site"
  if ((${#names[@]} > 1)); then printf '    ServerAlias %s\n' "${names[*]:1}"; fi
  printf '    DocumentRoot %s\n' "$web_root"
  printf '    DirectoryIndex index.php index.html index.htm\n'
  printf '    ErrorLog /var/log/apache2/%s.error.log\n' "$site"
  printf '    CustomLog /var/log/apache2/%s.access.log combined\n' "$site"
  if [[ $scheme == https ]]; then
    printf '    SSLEngine on\n'
    printf '    SSLCertificateFile %s/fullchain.pem\n' "$ssl_dir"
    printf '    SSLCertificateKeyFile %s/privkey.pem\n' "$ssl_dir"
  fi
  printf '\n'
  apache_directory_rules
  if [[ -n $proxy_port ]]; then
    cat <<APACHE

    ProxyPreserveHost On
    RequestHeader set X-Forwarded-Proto "$scheme"
    ProxyPass /.well-known/acme-challenge/ !
    ProxyPass / http://127.0.0.1:$proxy_port/ upgrade=websocket
    ProxyPassReverse / http://127.0.0.1:$proxy_port/
APACHE
    # The agent site streams uploads of any size and long transfers (see nginx_agent_streaming).
    if [[ $proxy_port == "$agent_port" ]]; then
      printf '    LimitRequestBody 0\n    ProxyTimeout 3600\n'
    fi
  elif [[ -n $php_version ]]; then
    cat <<APACHE

    <FilesMatch "\.php\$">
        <If "-f %{REQUEST_FILENAME}">
            SetHandler "proxy:unix:$socket|fcgi://localhost"
        </If>
    </FilesMatch>
APACHE
  fi
  cat <<APACHE

    # The site's own settings (edited in the panel).
    IncludeOptional /etc/apache2/hostdeck/$site/*.conf
</VirtualHost>
APACHE
}

apache_vhost() {
  printf '# Managed by HostDeck (recipe site-apply): %s. Local changes are replaced; put your own\n' "$site"
  printf '# settings in /etc/apache2/hostdeck/%s/*.conf (included in every VirtualHost).\n' "$site"
  apache_server 80 http
  if ((has_ssl)); then
    printf '\n'
    apache_server 443 https
  fi
}

# Modules the vhosts use, enabled once (a2enmod is idempotent, but says so only by its output).
apache_enable_modules() {
  local module missing=()
  for module in proxy proxy_fcgi proxy_http rewrite headers ssl; do
    [[ -e /etc/apache2/mods-enabled/$module.load ]] || missing+=("$module")
  done
  ((${#missing[@]} > 0)) || return 1
  a2enmod -q -- "${missing[@]}" >/dev/null
  hd_log change "enabled the apache2 modules ${missing[*]}"
}

apply_apache() {
  local available="/etc/apache2/sites-available/$site.conf" link="/etc/apache2/sites-enabled/$site.conf"
  local changed=0
  command -v apachectl >/dev/null || hd_fail "apache2 is not installed on this server"
  mkdir -p -- /etc/apache2/sites-available /etc/apache2/sites-enabled "/etc/apache2/hostdeck/$site"
  if apache_enable_modules; then changed=1; fi
  apply_php_limits apache2 apachectl configtest
  if ((limits_changed)); then changed=1; fi
  hd_apply_config "$available" apachectl configtest < <(apache_vhost) ||
    hd_fail "apache2 rejected the vhost of $site; the previous one stays (its output is above)"
  if hd_config_was_changed; then changed=1; fi
  if ((enabled)); then
    # Relative, as a2ensite makes it, so a2dissite and a2query understand it.
    hd_apply_link "$link" "../sites-available/$site.conf" apachectl configtest ||
      hd_fail "apache2 rejected the vhost of $site; it stays disabled (its output is above)"
    if hd_config_was_changed; then changed=1; fi
  elif [[ -e $link || -L $link ]]; then
    rm -f -- "$link"
    hd_log change "disabled $site (removed $link)"
    changed=1
  fi
  reload_if_changed apache2 "$changed" apachectl configtest
}

# reload_if_changed SERVICE CHANGED VALIDATOR...  Reloads SERVICE when CHANGED is 1 and it runs,
# after validating the whole configuration (a removed link is not validated by hd_apply_*).
reload_if_changed() {
  local service=$1 changed=$2 output
  shift 2
  ((changed)) || return 0
  if ! systemctl is-active --quiet -- "$service"; then
    hd_log warn "$service is not running; the change applies when it starts"
    return 0
  fi
  if ! output=$("$@" 2>&1); then
    printf '%s\n' "$output" >&2
    hd_fail "the $service configuration is invalid; $service was not reloaded"
  fi
  hd_reload_service "$service"
}

mkdir -p -- "$acme_root/.well-known/acme-challenge"
case $web_server in
  nginx) apply_nginx ;;
  apache2) apply_apache ;;
  *) hd_fail "unknown web server: $web_server" ;;
esac
