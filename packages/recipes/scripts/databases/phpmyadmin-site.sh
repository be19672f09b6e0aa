#!/usr/bin/env bash
# phpmyadmin-install, step `site`: the site HD_SITE serves phpMyAdmin at /phpmyadmin/ and its
# sign-on at /hostdeck-signon.php, behind its own vhost (and so its TLS), through phpMyAdmin's own
# pool (step `config` says why). Nothing is added to the site's files or its pool: one file in the
# site's include folder (/etc/nginx/hostdeck/SITE or /etc/apache2/hostdeck/SITE, included in each
# of its server blocks, removed with the site), validated, rolled back when the web server refuses
# it, reloaded only when it changed. The sign-on script learns which site it serves from that
# file (HOSTDECK_SITE), never from the Host header.
# Input: HD_SITE, HD_WEB_SERVER.
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
web_server=${HD_WEB_SERVER:-nginx}
socket=/run/php/hostdeck-phpmyadmin.sock
signon=/usr/local/share/hostdeck/phpmyadmin/hostdeck-signon.php

nginx_include() {
  cat <<NGINX
# Managed by HostDeck (recipe phpmyadmin-install): phpMyAdmin on $site. Local changes are replaced.
location = /phpmyadmin {
    return 301 /phpmyadmin/;
}

location ^~ /phpmyadmin/ {
    alias /usr/share/phpmyadmin/;
    index index.php;
    client_max_body_size 128m;

    location ~ /\. {
        deny all;
    }
    location ~ ^/phpmyadmin/(libraries|templates|sql|locale|vendor)/ {
        deny all;
    }
    location ~ \.php\$ {
        if (!-f \$request_filename) {
            return 404;
        }
        include fastcgi_params;
        fastcgi_param SCRIPT_FILENAME \$request_filename;
        fastcgi_param HOSTDECK_SITE $site;
        fastcgi_pass unix:$socket;
    }
}

location = /hostdeck-signon.php {
    include fastcgi_params;
    fastcgi_param SCRIPT_FILENAME $signon;
    fastcgi_param SCRIPT_NAME /hostdeck-signon.php;
    fastcgi_param HOSTDECK_SITE $site;
    fastcgi_pass unix:$socket;
}
NGINX
}

# The vhost's own PHP handler sits in an <If> (apply-vhost.sh); <If> sections merge last, in the
# order they appear, and this file is included after it: these win for phpMyAdmin's files.
apache_include() {
  cat <<APACHE
# Managed by HostDeck (recipe phpmyadmin-install): phpMyAdmin on $site. Local changes are replaced.
Alias /phpmyadmin /usr/share/phpmyadmin
Alias /hostdeck-signon.php $signon
<Directory /usr/share/phpmyadmin>
    Options SymLinksIfOwnerMatch
    AllowOverride None
    DirectoryIndex index.php
    Require all granted
    SetEnv HOSTDECK_SITE $site
    <FilesMatch "\.php\$">
        <If "-f %{REQUEST_FILENAME}">
            SetHandler "proxy:unix:$socket|fcgi://localhost"
        </If>
    </FilesMatch>
</Directory>
<DirectoryMatch "^/usr/share/phpmyadmin/(libraries|templates|sql|locale|vendor)/">
    Require all denied
</DirectoryMatch>
<Directory ${signon%/*}>
    Options None
    AllowOverride None
    Require all granted
    SetEnv HOSTDECK_SITE $site
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
  file="$folder/hostdeck-phpmyadmin.conf"
  hd_apply_config "$file" "$@" < <("$render") ||
    hd_fail "$service rejected phpMyAdmin's configuration for $site; nothing changed ($service's output is above)"
  if hd_config_was_changed && systemctl is-active --quiet -- "$service"; then hd_reload_service "$service"; fi
}

case $web_server in
  nginx) apply nginx "/etc/nginx/hostdeck/$site" nginx_include nginx -t -q ;;
  apache2) apply apache2 "/etc/apache2/hostdeck/$site" apache_include apachectl configtest ;;
  *) hd_fail "unknown web server: $web_server" ;;
esac
hd_log info "phpMyAdmin is served at /phpmyadmin/ of $site"
