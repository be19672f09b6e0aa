#!/usr/bin/env bash
# roundcube-install, step `site`: the site HD_SITE serves Roundcube at /roundcube/, behind its own
# vhost (and so its TLS), through Roundcube's own pool (step `config` says why). Nothing is added to
# the site's files or its pool: one file in the site's include folder (/etc/nginx/hostdeck/SITE or
# /etc/apache2/hostdeck/SITE, included in each of its server blocks, removed with the site),
# validated, rolled back when the web server refuses it, reloaded only when it changed.
# Input: HD_SITE, HD_WEB_SERVER.
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
web_server=${HD_WEB_SERVER:-nginx}
socket=/run/php/hostdeck-roundcube.sock
root=/var/lib/roundcube/public_html

nginx_include() {
  cat <<NGINX
# Managed by HostDeck (recipe roundcube-install): Roundcube on $site. Local changes are replaced.
location = /roundcube {
    return 301 /roundcube/;
}

location ^~ /roundcube/ {
    alias $root/;
    index index.php;
    client_max_body_size 30m;

    location ~ /\. {
        deny all;
    }
    location ~ \.php\$ {
        if (!-f \$request_filename) {
            return 404;
        }
        include fastcgi_params;
        fastcgi_param SCRIPT_FILENAME \$request_filename;
        fastcgi_pass unix:$socket;
    }
}
NGINX
}

apache_include() {
  cat <<APACHE
# Managed by HostDeck (recipe roundcube-install): Roundcube on $site. Local changes are replaced.
Alias /roundcube $root
<Directory $root>
    Options FollowSymLinks
    AllowOverride None
    DirectoryIndex index.php
    Require all granted
    <FilesMatch "^\.">
        Require all denied
    </FilesMatch>
    <FilesMatch "\.php\$">
        <If "-f %{REQUEST_FILENAME}">
            SetHandler "proxy:unix:$socket|fcgi://localhost"
        </If>
    </FilesMatch>
</Directory>
APACHE
}

# apply SERVICE FOLDER RENDER VALIDATOR...
apply() {
  local service=$1 folder=$2 render=$3 file
  shift 3
  [[ -d $folder && ! -L $folder ]] ||
    hd_fail "$site has no $service configuration on this server (its folder $folder is missing)"
  file="$folder/hostdeck-roundcube.conf"
  hd_apply_config "$file" "$@" < <("$render") ||
    hd_fail "$service rejected Roundcube's configuration for $site; nothing changed ($service's output is above)"
  if hd_config_was_changed && systemctl is-active --quiet -- "$service"; then hd_reload_service "$service"; fi
}

case $web_server in
  nginx) apply nginx "/etc/nginx/hostdeck/$site" nginx_include nginx -t -q ;;
  apache2) apply apache2 "/etc/apache2/hostdeck/$site" apache_include apachectl configtest ;;
  *) hd_fail "unknown web server: $web_server" ;;
esac
hd_log info "Roundcube is served at /roundcube/ of $site"
