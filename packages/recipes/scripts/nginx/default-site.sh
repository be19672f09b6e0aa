#!/usr/bin/env bash
# nginx-install, step `default-site`: the default server on port 80, written atomically,
# validated with `nginx -t` and rolled back when nginx rejects it; nginx is reloaded only when
# something changed and it is running (the `enable` step starts it otherwise).
# Input: HD_SERVER_NAME, optional, a domain validated by the panel (`_`, any name, when unset).
set -euo pipefail

server_name=${HD_SERVER_NAME:-_}
available=/etc/nginx/sites-available/default
enabled=/etc/nginx/sites-enabled/default

default_site() {
  cat <<'NGINX'
# Managed by HostDeck (recipe nginx-install): the default server. Local changes are replaced.
server {
    listen 80 default_server;
NGINX
  # IPv6 only where the kernel has it, or nginx would fail to start.
  if [[ -e /proc/net/if_inet6 ]]; then
    printf '    listen [::]:80 default_server;\n'
  fi
  printf '    server_name %s;\n' "$server_name"
  cat <<'NGINX'
    root /var/www/html;
    index index.html index.htm index.nginx-debian.html;

    # Answers the panel's health check (step `check`), from this machine only.
    location = /hostdeck-health {
        access_log off;
        allow 127.0.0.1;
        allow ::1;
        deny all;
        default_type text/plain;
        return 200 "ok\n";
    }

    location / {
        try_files $uri $uri/ =404;
    }
}
NGINX
}

mkdir -p -- /etc/nginx/sites-available /etc/nginx/sites-enabled
changed=0
hd_apply_config "$available" nginx -t -q < <(default_site)
if hd_config_was_changed; then changed=1; fi
# Enabled as Debian ships it: a link in sites-enabled (a file that stood there is backed up).
hd_apply_link "$enabled" "$available" nginx -t -q
if hd_config_was_changed; then changed=1; fi

if ((changed)) && systemctl is-active --quiet -- nginx; then
  hd_reload_service nginx
fi
