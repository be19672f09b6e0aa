#!/usr/bin/env bash
# firewall-rule-delete, step `apply`: removes a panel rule, found by its exact spec and its comment
# `hostdeck:<name>` (never by number: numbers shift). A rule without the panel's comment is never
# removed, nor one that lets the panel in (an SSH port, the agent's port). Already gone: nothing to
# remove. The revert is armed before (docs/safe-apply.md); the next step, on a new connection,
# keeps the change.
# Input: HD_ACTION, HD_PROTOCOLS, HD_PORT, HD_SOURCE, HD_COMMENT, HD_REVERT_SECONDS (create.sh).
set -euo pipefail


command -v ufw >/dev/null || hd_fail "ufw is not installed on this server"
read -ra protocols <<<"$HD_PROTOCOLS"
hex=$(printf '%s' "$HD_COMMENT" | od -An -v -tx1 | tr -d ' \n')

# The ports the panel comes in on: never closed from here.
mapfile -t locked < <(hd_ssh_ports)
if [[ -f /etc/hostdeck-agent/config.json ]]; then
  agent_port=$(grep -oE '"port"[[:space:]]*:[[:space:]]*[0-9]+' /etc/hostdeck-agent/config.json | grep -oE '[0-9]+$' | head -n 1 || true)
  [[ -n $agent_port ]] && locked+=("$agent_port")
fi
if [[ $HD_ACTION == allow && $HD_SOURCE == any ]]; then
  for port in "${locked[@]}"; do
    for protocol in "${protocols[@]}"; do
      if [[ $protocol != udp && $HD_PORT == "$port" ]]; then
        hd_fail "port $port lets the panel in (SSH or the agent); its rule is never deleted"
      fi
    done
  done
fi

# has_rule PROTOCOL  Succeeds when ufw holds the rule with the panel's comment (IPv4 or IPv6).
has_rule() {
  local source4=$HD_SOURCE source6=$HD_SOURCE
  [[ $HD_SOURCE == any ]] && source4=0.0.0.0/0 source6=::/0
  grep -qxF -- "### tuple ### $HD_ACTION $1 $HD_PORT 0.0.0.0/0 any $source4 in comment=$hex" /etc/ufw/user.rules 2>/dev/null ||
    grep -qxF -- "### tuple ### $HD_ACTION $1 $HD_PORT ::/0 any $source6 in comment=$hex" /etc/ufw/user6.rules 2>/dev/null
}

present=()
for protocol in "${protocols[@]}"; do
  if has_rule "$protocol"; then present+=("$protocol"); fi
done
if ((${#present[@]} == 0)); then
  hd_log info "the rule is not on the server (already deleted)"
fi

hd_safe_arm firewall "$HD_REVERT_SECONDS" /etc/ufw/user.rules /etc/ufw/user6.rules /etc/ufw/ufw.conf /etc/default/ufw

for protocol in "${present[@]}"; do
  words=()
  [[ $protocol != any ]] && words+=(proto "$protocol")
  words+=(from "$HD_SOURCE" to any port "$HD_PORT" comment "$HD_COMMENT")
  ufw delete "$HD_ACTION" "${words[@]}"
  ! has_rule "$protocol" || hd_fail "ufw did not delete the rule"
  hd_log change "ufw: deleted $HD_ACTION ${words[*]}"
done
ufw status numbered || true
