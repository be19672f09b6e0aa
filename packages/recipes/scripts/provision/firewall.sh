#!/usr/bin/env bash
# server-provision, step `firewall`: ufw enabled with the SSH port(s), 80 and 443 allowed. The SSH
# ports (every port sshd listens on, and the one this connection came in on) are allowed and
# checked BEFORE ufw is enabled, and checked again after, so the panel cannot lock itself out.
set -euo pipefail

hd_apt_install ufw

mapfile -t ssh_ports < <(hd_ssh_ports)
((${#ssh_ports[@]} > 0)) || hd_fail "the SSH port is unknown; ufw was not enabled"
hd_log info "SSH port(s): ${ssh_ports[*]}"

for port in "${ssh_ports[@]}"; do
  hd_ufw_allow "$port/tcp"
done
hd_ufw_allow 80/tcp
hd_ufw_allow 443/tcp

# Never enable without the SSH rules in place.
for port in "${ssh_ports[@]}"; do
  hd_ufw_has_rule "allow $port/tcp" || hd_fail "the rule for SSH port $port is missing; ufw was not enabled"
done

if hd_ufw_is_active; then
  hd_log info "ufw is active"
else
  ufw --force enable >/dev/null
  hd_log change "enabled ufw"
fi
hd_enable_service ufw

# What ufw reports and what the kernel now filters with must both let SSH in.
status=$(ufw status)
hd_ufw_is_active || hd_fail "ufw is not active after enabling it"
kernel_rules=$(iptables -w -S ufw-user-input 2>/dev/null || true)
for port in "${ssh_ports[@]}"; do
  grep -qE "^$port/tcp +ALLOW( IN)? +Anywhere" <<<"$status" || hd_fail "ufw is active but SSH port $port is not allowed"
  grep -qE -- "-p tcp .*--dport $port -j ACCEPT" <<<"$kernel_rules" ||
    hd_fail "ufw is active but the kernel's rules do not accept SSH port $port"
done
printf '%s\n' "$status"
