#!/usr/bin/env bash
# wireguard-inventory, step `read` (read-only): whether WireGuard is installed, wg0's state, port
# and public key, the peers live on it (`wg show wg0 dump`, never its private or preshared keys)
# and the peers saved in /etc/wireguard/wg0.conf. One tab-separated record a line after a header
# (packages/recipes/src/wireguard/wireguard-inventory.ts parses it).
set -euo pipefail

conf=/etc/wireguard/wg0.conf
printf 'hostdeck-wireguard 1\n'
if command -v wg >/dev/null; then printf 'installed\tyes\n'; else printf 'installed\tno\n'; fi
if [[ -f $conf ]]; then printf 'configured\tyes\n'; else printf 'configured\tno\n'; fi

if command -v wg >/dev/null && wg show wg0 public-key >/dev/null 2>&1; then
  printf 'up\tyes\n'
  printf 'port\t%s\n' "$(wg show wg0 listen-port)"
  printf 'public\t%s\n' "$(wg show wg0 public-key)"
  # Peer lines: public key, preshared key, endpoint, allowed ips, handshake, rx, tx, keepalive.
  # The preshared key (field 2) is never printed.
  wg show wg0 dump | awk -F '\t' 'NR > 1 { printf "peer\t%s\t%s\t%s\t%s\t%s\t%s\n", $1, $3, $4, $5, $6, $7 }'
else
  printf 'up\tno\n'
  if [[ -f $conf ]]; then
    port=$(awk -F '=' '/^[[:space:]]*ListenPort[[:space:]]*=/ { gsub(/[[:space:]]/, "", $2); print $2; exit }' "$conf")
    [[ $port =~ ^[0-9]+$ ]] && printf 'port\t%s\n' "$port"
    if command -v wg >/dev/null; then
      private=$(awk '/^[[:space:]]*PrivateKey[[:space:]]*=/ { sub(/^[^=]*=[[:space:]]*/, ""); sub(/[[:space:]]+$/, ""); print; exit }' "$conf")
      if [[ -n $private ]]; then
        public=$(printf '%s\n' "$private" | wg pubkey 2>/dev/null || true)
        [[ -n $public ]] && printf 'public\t%s\n' "$public"
      fi
    fi
  fi
fi

# The [Peer] blocks saved in the file: public key and allowed ips.
if [[ -f $conf ]]; then
  awk '
    function flush() { if (key != "") printf "saved\t%s\t%s\n", key, allowed; key = ""; allowed = "" }
    /^[[:space:]]*\[/ { flush(); peer = ($0 ~ /^[[:space:]]*\[Peer\]/); next }
    peer && /^[[:space:]]*PublicKey[[:space:]]*=/ { v = $0; sub(/^[^=]*=[[:space:]]*/, "", v); sub(/[[:space:]]+$/, "", v); key = v }
    peer && /^[[:space:]]*AllowedIPs[[:space:]]*=/ { v = $0; sub(/^[^=]*=[[:space:]]*/, "", v); gsub(/[[:space:]]/, "", v); allowed = v }
    END { flush() }
  ' "$conf"
fi
