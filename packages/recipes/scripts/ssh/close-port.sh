#!/usr/bin/env bash
# ssh-config, step `close-port`: runs only once the panel got in on the new port (after `confirm`):
# removes ufw's allow rule of the previous SSH port, unless sshd still listens there. Never fails:
# the change is already kept, a rule left open is only reported.
# Input: HD_PORT, HD_PREVIOUS_PORT.
set -euo pipefail

[[ $HD_PORT != "$HD_PREVIOUS_PORT" ]] || exit 0
if ! command -v ufw >/dev/null || ! hd_ufw_is_active; then
  hd_log info "ufw is not active: no rule to remove for port $HD_PREVIOUS_PORT"
  exit 0
fi
if sshd -T 2>/dev/null | awk '$1 == "port" { print $2 }' | grep -qx -- "$HD_PREVIOUS_PORT"; then
  hd_log warn "sshd still listens on port $HD_PREVIOUS_PORT (set elsewhere): its ufw rule is kept"
  exit 0
fi
if hd_ufw_has_rule "allow $HD_PREVIOUS_PORT/tcp"; then
  if ufw delete allow "$HD_PREVIOUS_PORT/tcp" >/dev/null; then
    hd_log change "ufw: removed allow $HD_PREVIOUS_PORT/tcp"
  else
    hd_log warn "ufw could not remove allow $HD_PREVIOUS_PORT/tcp; remove it from the Firewall page"
  fi
else
  hd_log info "ufw has no rule allow $HD_PREVIOUS_PORT/tcp"
fi
