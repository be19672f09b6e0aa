#!/usr/bin/env bash
# firewall-inventory, step `read` (read-only): ufw's state and rules, the SSH and agent ports the
# panel depends on, Docker, and the sockets listening. One tab-separated record a line, after a
# header (packages/recipes/src/firewall/firewall-inventory.ts parses it).
set -euo pipefail

printf 'hostdeck-firewall 1\n'
if command -v ufw >/dev/null; then
  printf 'installed\tyes\n'
  if hd_ufw_is_active; then printf 'active\tyes\n'; else printf 'active\tno\n'; fi
else
  printf 'installed\tno\nactive\tno\n'
fi
if [[ -f /etc/default/ufw ]] && grep -qx 'IPV6=yes' /etc/default/ufw; then
  printf 'ipv6\tyes\n'
else
  printf 'ipv6\tno\n'
fi
while read -r port; do
  [[ $port =~ ^[0-9]+$ ]] && printf 'ssh\t%s\n' "$port"
done < <(hd_ssh_ports 2>/dev/null | grep -E '^[0-9]+$' || true)
# The agent's port (packages/recipes/scripts/agent/install.sh writes its configuration).
if [[ -f /etc/hostdeck-agent/config.json ]]; then
  agent_port=$(grep -oE '"port"[[:space:]]*:[[:space:]]*[0-9]+' /etc/hostdeck-agent/config.json | grep -oE '[0-9]+$' | head -n 1 || true)
  [[ -n $agent_port ]] && printf 'agent\t%s\n' "$agent_port"
fi
if command -v docker >/dev/null || command -v dockerd >/dev/null; then
  printf 'docker\tyes\n'
else
  printf 'docker\tno\n'
fi
# Rules in ufw's own order (IPv4, then IPv6: `ufw status numbered`), active or not.
for family in 4 6; do
  file=/etc/ufw/user.rules
  [[ $family == 6 ]] && file=/etc/ufw/user6.rules
  [[ -r $file ]] || continue
  while IFS= read -r line; do
    printf 'tuple\t%s\t%s\n' "$family" "${line#'### tuple ### '}"
  done < <(grep -E '^### tuple ### ' "$file" || true)
done
# The user a socket's program runs as: the owner of its first pid (ps), once per pid.
ss -H -tulpn 2>/dev/null | awk '{
  process = ""
  for (i = 7; i <= NF; i++) process = process (i > 7 ? " " : "") $i
  user = ""
  if (match(process, /pid=[0-9]+/)) {
    pid = substr(process, RSTART + 4, RLENGTH - 4)
    if (!(pid in owner)) {
      owner[pid] = ""
      command = "ps -o user= -p " pid
      command | getline owner[pid]
      close(command)
    }
    user = owner[pid]
  }
  printf "listen\t%s\t%s\t%s\t%s\n", $1, $5, process, user
}'
