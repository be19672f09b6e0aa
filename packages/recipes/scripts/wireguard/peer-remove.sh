#!/usr/bin/env bash
# wireguard-peer-remove, step `peer`: removes one peer from wg0 LIVE (`wg set … remove`: the
# other peers keep their tunnel) and its [Peer] block from wg0.conf (every other block is kept).
# A peer that is already gone is not an error.
# Input: HD_PUBLIC_KEY.
set -euo pipefail

# hd_wireguard_without_peer FILE KEY  Prints FILE without the [Peer] block whose PublicKey is KEY
# (a block runs from its [Peer] line to the next section); everything else is kept as it is.
hd_wireguard_without_peer() {
  HD_WG_KEY=$2 awk '
    function flush() { if (!drop) printf "%s", block; block = ""; drop = 0 }
    /^[[:space:]]*\[/ { flush(); peer = ($0 ~ /^[[:space:]]*\[Peer\][[:space:]]*$/) }
    !peer { print; next }
    {
      block = block $0 "\n"
      if ($0 ~ /^[[:space:]]*PublicKey[[:space:]]*=/) {
        value = $0; sub(/^[^=]*=[[:space:]]*/, "", value); sub(/[[:space:]]+$/, "", value)
        if (value == ENVIRON["HD_WG_KEY"]) drop = 1
      }
    }
    END { flush() }
  ' "$1"
}

conf=/etc/wireguard/wg0.conf
exec 9>/run/hostdeck-wireguard.lock
flock 9

if command -v wg >/dev/null && wg show wg0 public-key >/dev/null 2>&1; then
  if wg show wg0 peers | grep -qxF -- "$HD_PUBLIC_KEY"; then
    wg set wg0 peer "$HD_PUBLIC_KEY" remove
    hd_log change 'peer removed from wg0'
  fi
fi
if [[ -f $conf ]]; then
  umask 077
  temp=""
  hd_temp_beside temp "$conf"
  hd_wireguard_without_peer "$conf" "$HD_PUBLIC_KEY" >"$temp"
  if ! cmp -s -- "$temp" "$conf"; then
    chmod 0600 "$temp"
    mv -f -- "$temp" "$conf"
    hd_log change "peer removed from $conf"
  fi
fi
