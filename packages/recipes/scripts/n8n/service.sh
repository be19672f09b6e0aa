#!/usr/bin/env bash
# n8n-install, step `service`: the environment file HD_ENV_FILE (root's, 0640 root:USER: the
# unit and every CLI call read it; the user cannot point root at another file), with the
# encryption key made here on the server once and kept (a reinstall keeps the one n8n's data was
# encrypted with), then the unit HD_UNIT running n8n HD_VERSION as the site's user on
# 127.0.0.1:HD_PORT, enabled and started; waits until n8n serves its editor.
# Input: HD_SITE, HD_LINUX_USER, HD_HOME, HD_PORT, HD_VERSION, HD_PROTOCOL, HD_UNIT, HD_ENV_FILE,
# HD_NODE_DIR.
set -euo pipefail

app="$HD_HOME/.n8n-app/$HD_VERSION"
[[ -f $app/.hostdeck-complete ]] || hd_fail "n8n $HD_VERSION is not installed in $app"
group=$(id -gn -- "$HD_LINUX_USER")

key=""
if [[ -f $HD_ENV_FILE ]]; then key=$(sed -n 's/^N8N_ENCRYPTION_KEY=\([0-9a-f]*\)$/\1/p' -- "$HD_ENV_FILE"); fi
if [[ -z $key && -f $HD_HOME/.n8n/config && ! -L $HD_HOME/.n8n/config ]]; then
  # n8n's data from an earlier install: its key, or the data could not be read.
  key=$(grep -o '"encryptionKey": *"[A-Za-z0-9+/=_-]*"' -- "$HD_HOME/.n8n/config" | sed 's/.*"\([^"]*\)"$/\1/' || true)
fi
if [[ -z $key ]]; then key=$(openssl rand -hex 32); fi

mkdir -p -- "$(dirname -- "$HD_ENV_FILE")"
chmod 0755 -- "$(dirname -- "$HD_ENV_FILE")"
render_environment() {
  printf '# Managed by HostDeck (recipe n8n-install): n8n of %s. Local changes are replaced.\n' "$HD_SITE"
  printf 'HOSTDECK_N8N_APP=%s\n' "$app"
  printf 'HOME=%s\n' "$HD_HOME"
  printf 'PATH=%s/bin:/usr/bin:/bin\n' "$HD_NODE_DIR"
  printf 'N8N_USER_FOLDER=%s\n' "$HD_HOME"
  printf 'N8N_HOST=%s\n' "$HD_SITE"
  printf 'N8N_PROTOCOL=%s\n' "$HD_PROTOCOL"
  printf 'N8N_PORT=%s\n' "$HD_PORT"
  printf 'N8N_LISTEN_ADDRESS=127.0.0.1\n'
  printf 'WEBHOOK_URL=%s://%s/\n' "$HD_PROTOCOL" "$HD_SITE"
  printf 'N8N_EDITOR_BASE_URL=%s://%s/\n' "$HD_PROTOCOL" "$HD_SITE"
  printf 'N8N_PROXY_HOPS=1\n'
  # n8n's production mode: among others, its push websocket refuses an Origin other than the domain.
  printf 'NODE_ENV=production\n'
  if [[ $HD_PROTOCOL == http ]]; then printf 'N8N_SECURE_COOKIE=false\n'; fi
  printf 'N8N_ENCRYPTION_KEY=%s\n' "$key"
  printf 'N8N_DIAGNOSTICS_ENABLED=false\n'
  printf 'N8N_VERSION_NOTIFICATIONS_ENABLED=false\n'
  printf 'N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS=true\n'
  printf 'GENERIC_TIMEZONE=UTC\n'
}
render_environment | hd_write_atomic "$HD_ENV_FILE" 0640 "root:$group"

unit_file="/etc/systemd/system/$HD_UNIT"
render_unit() {
  cat <<UNIT
# Managed by HostDeck (recipe n8n-install): n8n of $HD_SITE. Local changes are replaced.
[Unit]
Description=n8n of $HD_SITE (HostDeck)
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
User=$HD_LINUX_USER
Group=$group
WorkingDirectory=$HD_HOME
EnvironmentFile=$HD_ENV_FILE
ExecStart=$app/node_modules/.bin/n8n start
Restart=on-failure
RestartSec=5
NoNewPrivileges=true
PrivateTmp=true

[Install]
WantedBy=multi-user.target
UNIT
}
current=""
if [[ -f $unit_file ]]; then current=$(cat -- "$unit_file"); fi
if [[ $(render_unit) != "$current" ]]; then
  render_unit | hd_write_atomic "$unit_file" 0644 root:root
  systemctl daemon-reload
  hd_log change "wrote $unit_file"
fi
systemctl enable --quiet -- "$HD_UNIT"
systemctl restart -- "$HD_UNIT"

# The first start creates the database (a minute or so); the unit restarts n8n if it falls over.
hd_n8n_wait || hd_fail "n8n $HD_VERSION did not start"
hd_log info "n8n $HD_VERSION answers on 127.0.0.1:$HD_PORT"
