#!/usr/bin/env bash
# firewall-sync, step `apply`: IPv6 on (IPV6=yes), the SSH port(s) and the agent's port allowed,
# then ufw enabled when it is not; rules are left as they are. The revert is armed first
# (docs/safe-apply.md); the next step, on a new connection, keeps the change.
# Input: HD_REVERT_SECONDS.
set -euo pipefail


command -v ufw >/dev/null || hd_fail "ufw is not installed on this server"
mapfile -t ports < <(hd_ssh_ports)
((${#ports[@]} > 0)) || hd_fail "the SSH port is unknown; nothing was changed"
if [[ -f /etc/hostdeck-agent/config.json ]]; then
  agent_port=$(grep -oE '"port"[[:space:]]*:[[:space:]]*[0-9]+' /etc/hostdeck-agent/config.json | grep -oE '[0-9]+$' | head -n 1 || true)
  [[ -n $agent_port ]] && ports+=("$agent_port")
fi

hd_safe_arm firewall "$HD_REVERT_SECONDS" /etc/ufw/user.rules /etc/ufw/user6.rules /etc/ufw/ufw.conf /etc/default/ufw

reload=0
if ! grep -qx 'IPV6=yes' /etc/default/ufw; then
  if grep -q '^IPV6=' /etc/default/ufw; then
    sed -i 's/^IPV6=.*/IPV6=yes/' /etc/default/ufw
  else
    printf 'IPV6=yes\n' >>/etc/default/ufw
  fi
  hd_log change "ufw: IPv6 turned on"
  reload=1
fi
for port in "${ports[@]}"; do
  hd_ufw_allow "$port/tcp"
done
# Never enable without the rules that let the panel in.
for port in "${ports[@]}"; do
  hd_ufw_has_rule "allow $port/tcp" || hd_fail "the rule for port $port is missing; ufw was not enabled"
done
if hd_ufw_is_active; then
  if ((reload)); then
    ufw reload
  fi
else
  ufw --force enable
  hd_log change "enabled ufw"
fi
hd_ufw_is_active || hd_fail "ufw is not active"
ufw status numbered
