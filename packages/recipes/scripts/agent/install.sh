#!/usr/bin/env bash
# Installs or upgrades the HostDeck agent (spec/000 §4 install_agent) as the systemd service
# hostdeck-agent on its port (spec/000 §9: 2022):
#   /opt/hostdeck-agent/<version>/   the unpacked bundle (node, agent.cjs, pty.node, VERSION)
#   /opt/hostdeck-agent/current      symbolic link to the running version, swapped atomically
#   /etc/hostdeck-agent/config.json  the panel's public key, server id, port, allowed origins
# Idempotent: the same bundle and configuration change nothing and restart nothing.
# Inputs: HD_AGENT_VERSION, HD_AGENT_PORT, HD_AGENT_CONFIG (JSON made by the recipe from validated
# fields). stdin: the bundle (tar.gz).
set -euo pipefail

readonly base=/opt/hostdeck-agent
readonly config_dir=/etc/hostdeck-agent
readonly config_file=$config_dir/config.json
readonly unit_file=/etc/systemd/system/hostdeck-agent.service
readonly service=hostdeck-agent
readonly version=$HD_AGENT_VERSION
readonly release=$base/$version
changed=0

[[ $version =~ ^[0-9]+$ ]] || hd_fail "invalid agent version"
[[ $HD_AGENT_PORT =~ ^[0-9]+$ ]] || hd_fail "invalid agent port"

mkdir -p -- "$base"
chmod 0755 -- "$base"
before=$(readlink -- "$base/current" 2>/dev/null || true)
work=$(mktemp -d -- "$base/.incoming.XXXXXX")
hd_cleanup_paths+=("$work")

# The bundle: unpacked only when it differs from what this version's folder holds.
cat >"$work/bundle.tar.gz"
[[ -s $work/bundle.tar.gz ]] || hd_fail "No agent bundle was sent: build it with npm run bundle -w @hostdeck/agent"
checksum=$(sha256sum <"$work/bundle.tar.gz")
checksum=${checksum%% *}
if [[ -f $release/.bundle-sha256 && $(<"$release/.bundle-sha256") == "$checksum" ]]; then
  hd_log info "agent $version is already unpacked in $release"
else
  mkdir -- "$work/release"
  tar -xzf "$work/bundle.tar.gz" -C "$work/release" --no-same-owner
  reported=$("$work/release/node" "$work/release/agent.cjs" --version) ||
    hd_fail "the agent bundle does not start on this server"
  [[ $reported == "$version" ]] || hd_fail "the bundle is agent $reported, expected $version"
  printf '%s\n' "$checksum" >"$work/release/.bundle-sha256"
  chown -R root:root -- "$work/release"
  chmod -R go-w -- "$work/release"
  if [[ -e $release ]]; then
    mv -- "$release" "$work/replaced"
  fi
  mv -- "$work/release" "$release"
  hd_log change "unpacked agent $version into $release"
  changed=1
fi

hd_apply_link "$base/current" "$version" "$base/current/node" "$base/current/agent.cjs" --version ||
  hd_fail "the agent in $release does not start"
if hd_config_was_changed; then changed=1; fi

mkdir -p -- "$config_dir"
chmod 0755 -- "$config_dir"
printf '%s\n' "$HD_AGENT_CONFIG" |
  hd_apply_config "$config_file" "$base/current/node" "$base/current/agent.cjs" --check-config "$config_file" ||
  hd_fail "the agent configuration was refused"
if hd_config_was_changed; then changed=1; fi

hd_apply_config "$unit_file" systemd-analyze verify -- "$unit_file" <<'UNIT' || hd_fail "the agent's systemd unit was refused"
[Unit]
Description=HostDeck agent (file manager and terminal)
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
ExecStart=/opt/hostdeck-agent/current/node /opt/hostdeck-agent/current/agent.cjs --config /etc/hostdeck-agent/config.json
Restart=always
RestartSec=2
RuntimeDirectory=hostdeck-agent
RuntimeDirectoryMode=0700
Environment=NODE_ENV=production
LimitNOFILE=65536

[Install]
WantedBy=multi-user.target
UNIT
if hd_config_was_changed; then
  systemctl daemon-reload
  changed=1
fi

if ! systemctl is-enabled --quiet -- "$service"; then
  systemctl enable --quiet -- "$service"
  hd_log change "enabled $service"
fi
if ((changed == 1)) || ! systemctl is-active --quiet -- "$service"; then
  systemctl restart -- "$service"
  hd_log change "restarted $service"
fi

# Up when /version answers with this version (the old process may still answer for a moment).
answer=""
for _ in $(seq 1 60); do
  answer=$(curl -fsS --max-time 2 -- "http://127.0.0.1:$HD_AGENT_PORT/version" 2>/dev/null || true)
  if [[ $answer == "{\"version\":$version}" ]]; then
    break
  fi
  sleep 0.5
done
if [[ $answer != "{\"version\":$version}" ]]; then
  systemctl status --no-pager --lines=30 -- "$service" >&2 || true
  hd_fail "the agent does not answer on port $HD_AGENT_PORT"
fi
hd_log info "agent $version answers on port $HD_AGENT_PORT"

# The panel (file proxy, terminal) and browsers reach the agent from outside: provisioning's ufw
# allows only SSH, 80 and 443, so the agent's port is opened too (a no-op once the rule exists).
if command -v ufw >/dev/null; then
  hd_ufw_allow "$HD_AGENT_PORT/tcp" || hd_fail "ufw did not allow the agent's port $HD_AGENT_PORT"
fi

# Versions older than the one before this go (a roll back to the previous one stays possible).
for folder in "$base"/*/; do
  name=$(basename -- "$folder")
  [[ $name =~ ^[0-9]+$ && $name != "$before" ]] || continue
  if ((10#$name < version - 1)); then
    rm -rf -- "$folder"
    hd_log change "removed agent $name"
  fi
done
