#!/usr/bin/env bash
# ssh-config, step `open-port`: before sshd moves, ufw lets the new port in (when ufw is active),
# so the panel's new connection can reach it. The old port stays open until the change is proved.
# Input: HD_PORT (the port sshd will listen on), HD_PREVIOUS_PORT (the panel's port now).
set -euo pipefail

if [[ $HD_PORT == "$HD_PREVIOUS_PORT" ]]; then
  hd_log info "the SSH port stays $HD_PORT"
  exit 0
fi
if command -v ufw >/dev/null && hd_ufw_is_active; then
  hd_ufw_allow "$HD_PORT/tcp"
else
  hd_log info "ufw is not active: no rule to add for port $HD_PORT"
fi
