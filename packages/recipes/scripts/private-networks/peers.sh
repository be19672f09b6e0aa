#!/usr/bin/env bash
# private-network-peers, step `peers`: sets this member's peers to exactly the network's other
# members. Live first, with `wg set` (a peer that stays keeps its tunnel; the interface is never
# restarted), then persisted as the [Peer] blocks of /etc/wireguard/$HD_INTERFACE.conf. The
# interface belongs to the panel (one per network), so a peer not in the list is removed. When ufw
# is active, the network's UDP port is allowed from each peer's server address only, and what
# comes in on the interface is allowed (only members' private addresses can send there), both with
# the comment $HD_UFW_COMMENT; the rules of servers that left are deleted. Only allow rules with
# that comment are touched, so the panel's SSH connection cannot be cut (no safe apply needed).
# Input: HD_INTERFACE, HD_PORT, HD_UFW_COMMENT, HD_PEERS (`KEY ENDPOINT ADDRESS` per line).
set -euo pipefail

conf=/etc/wireguard/$HD_INTERFACE.conf
[[ -f $conf && ! -L $conf ]] || hd_fail "$conf is missing: the server has not joined this network"
ip link show dev "$HD_INTERFACE" >/dev/null 2>&1 || hd_fail "the interface $HD_INTERFACE is not up"

keys=() endpoints=() addresses=()
while read -r key endpoint address; do
  [[ -n $key ]] || continue
  keys+=("$key")
  endpoints+=("$endpoint")
  addresses+=("$address")
done <<<"${HD_PEERS:-}"

# hd_ufw_delete_added LINE  Deletes the rule a `ufw show added` LINE names (its comment dropped:
# ufw matches a rule by its words).
hd_ufw_delete_added() {
  local spec=${1#ufw allow } words
  spec=${spec% comment \'*}
  read -r -a words <<<"$spec"
  ufw delete allow "${words[@]}" >/dev/null
  hd_log change "ufw: removed allow $spec"
}

# endpoint_of ADDRESS  An IPv6 server address needs brackets before the port.
endpoint_of() {
  if [[ $1 == *:* ]]; then printf '[%s]:%s' "$1" "$HD_PORT"; else printf '%s:%s' "$1" "$HD_PORT"; fi
}

# Live: remove the peers that are no longer members, then add or update the others.
while read -r current; do
  [[ -n $current ]] || continue
  keep=0
  for key in "${keys[@]}"; do [[ $key == "$current" ]] && keep=1; done
  if ((keep == 0)); then
    wg set "$HD_INTERFACE" peer "$current" remove
    hd_log change "removed the peer $current"
  fi
done < <(wg show "$HD_INTERFACE" peers)

for index in "${!keys[@]}"; do
  wg set "$HD_INTERFACE" peer "${keys[$index]}" endpoint "$(endpoint_of "${endpoints[$index]}")" \
    allowed-ips "${addresses[$index]}/32" persistent-keepalive 25
done
hd_log info "${#keys[@]} peer(s) set on $HD_INTERFACE"

# Persisted: the [Interface] section as it is, then one [Peer] block per member.
new_conf=''
hd_temp_file new_conf
{
  awk '/^\[Peer\]/ { exit } { print }' "$conf" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
  for index in "${!keys[@]}"; do
    printf '\n[Peer]\nPublicKey = %s\nEndpoint = %s\nAllowedIPs = %s/32\nPersistentKeepalive = 25\n' \
      "${keys[$index]}" "$(endpoint_of "${endpoints[$index]}")" "${addresses[$index]}"
  done
} >"$new_conf"
if ! cmp -s -- "$new_conf" "$conf"; then
  hd_write_atomic "$conf" 0600 root:root <"$new_conf" || hd_fail "could not write $conf"
  hd_log change "wrote the peers to $conf"
fi

# ufw: the network's port from the members only, and what comes in through the tunnel (only the
# members' private addresses can: AllowedIPs), so a database listening there is reachable by them.
if command -v ufw >/dev/null && hd_ufw_is_active; then
  wanted=("ufw allow in on $HD_INTERFACE comment '$HD_UFW_COMMENT'")
  for endpoint in "${endpoints[@]}"; do
    wanted+=("ufw allow from $endpoint to any port $HD_PORT proto udp comment '$HD_UFW_COMMENT'")
  done
  while read -r rule; do
    [[ -n $rule ]] || continue
    keep=0
    for wanted_rule in "${wanted[@]}"; do [[ $wanted_rule == "$rule" ]] && keep=1; done
    ((keep == 1)) && continue
    hd_ufw_delete_added "$rule"
  done < <(ufw show added | grep -F -- "comment '$HD_UFW_COMMENT'" || true)
  if ! ufw show added | grep -qxF -- "${wanted[0]}"; then
    ufw allow in on "$HD_INTERFACE" comment "$HD_UFW_COMMENT" >/dev/null
    hd_log change "ufw: allowed what comes in on $HD_INTERFACE"
  fi
  for endpoint in "${endpoints[@]}"; do
    rule="ufw allow from $endpoint to any port $HD_PORT proto udp comment '$HD_UFW_COMMENT'"
    ufw show added | grep -qxF -- "$rule" && continue
    ufw allow proto udp from "$endpoint" to any port "$HD_PORT" comment "$HD_UFW_COMMENT" >/dev/null
    hd_log change "ufw: allowed udp port $HD_PORT from $endpoint"
  done
fi
wg show "$HD_INTERFACE"
