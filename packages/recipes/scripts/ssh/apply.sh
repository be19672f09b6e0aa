#!/usr/bin/env bash
# ssh-config, step `apply`: arms the server's own revert (safe apply, kind ssh), writes the panel's
# drop-in, validates it with `sshd -t` and reloads sshd (ssh.socket on Ubuntu 22.10+: the socket
# generator turns the Port into its ListenStream at daemon-reload). A change that fails here is put
# back at once. Input: HD_DROP_IN, HD_SSHD_CONFIG (the drop-in's text), HD_PORT, HD_REVERT_SECONDS.
set -euo pipefail

main=/etc/ssh/sshd_config
command -v sshd >/dev/null || hd_fail "sshd is not installed"
# The drop-in is read only when the main file includes sshd_config.d at its top (Debian 12,
# Ubuntu 22.04+); elsewhere a value in it would silently lose to the main file's.
grep -Eiq '^[[:space:]]*Include[[:space:]]+/etc/ssh/sshd_config\.d/\*\.conf' "$main" ||
  hd_fail "$main does not include /etc/ssh/sshd_config.d/*.conf: the panel's settings would not be read"

# Puts the previous files back now, disarms the revert and fails with the message.
abort_change() {
  local unit dir
  unit=$(hd_safe_unit ssh)
  dir="${hd_safe_root:-/var/lib/hostdeck/safe-apply}/ssh"
  systemctl stop "$unit.timer" >/dev/null 2>&1 || true
  /bin/bash "$dir/revert.sh" >/dev/null 2>&1 || true
  systemctl reset-failed "$unit.timer" "$unit.service" >/dev/null 2>&1 || true
  rm -rf -- "$dir"
  hd_fail "$@"
}

hd_safe_arm ssh "$HD_REVERT_SECONDS" "$HD_DROP_IN"
mkdir -p -- "$(dirname -- "$HD_DROP_IN")"
printf '%s' "$HD_SSHD_CONFIG" | hd_write_atomic "$HD_DROP_IN" 0644 root:root ||
  abort_change "could not write $HD_DROP_IN"
if ! check=$(sshd -t 2>&1); then
  printf '%s\n' "$check" >&2
  abort_change "sshd -t refused the settings; nothing was changed"
fi
sshd_ports=$(sshd -T 2>/dev/null | awk '$1 == "port" { print $2 }')
grep -qx -- "$HD_PORT" <<<"$sshd_ports" || abort_change "sshd would not listen on port $HD_PORT (a Port line elsewhere wins)"
hd_log change "wrote $HD_DROP_IN"

if systemctl is-active --quiet ssh.socket; then
  systemctl daemon-reload || abort_change "systemctl daemon-reload failed"
  systemctl restart ssh.socket || abort_change "ssh.socket did not restart"
  hd_log change "restarted ssh.socket"
else
  unit=ssh.service
  systemctl cat ssh.service >/dev/null 2>&1 || unit=sshd.service
  systemctl reload "$unit" || abort_change "sshd did not reload"
  hd_log change "reloaded sshd"
fi

# sshd re-executes itself on reload: wait until it listens on the port the panel will use.
for ((attempt = 1; attempt <= 50; attempt++)); do
  if ss -Htln "sport = :$HD_PORT" | grep -q .; then
    hd_log info "sshd listens on port $HD_PORT"
    exit 0
  fi
  sleep 0.2
done
abort_change "sshd does not listen on port $HD_PORT after the reload"
