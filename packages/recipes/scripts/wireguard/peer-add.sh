#!/usr/bin/env bash
# wireguard-peer-add, step `peer`: adds one client as a peer of wg0 LIVE (`wg set`: the other
# peers keep their tunnel, the interface is never restarted) and saves it in wg0.conf as a
# [Peer] block marked "HostDeck client NAME" (a block of the same key is replaced; every other
# block, the panel's or not, is kept). Refuses an address another peer already routes.
# Input: HD_NAME, HD_PUBLIC_KEY, HD_ADDRESS; the preshared key on stdin.
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
key_pattern='^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$'
psk=$(head -c 100)
[[ $psk =~ $key_pattern ]] || hd_fail 'the preshared key is not a WireGuard key'
[[ -f $conf ]] || hd_fail "$conf does not exist"

exec 9>/run/hostdeck-wireguard.lock
flock 9

# Another peer routing the same address would take its traffic.
while IFS=$'\t' read -r key allowed; do
  [[ $key == "$HD_PUBLIC_KEY" ]] && continue
  case ",$allowed," in
    *",$HD_ADDRESS/32,"*) hd_fail "another peer already uses $HD_ADDRESS" ;;
  esac
done < <(wg show wg0 allowed-ips | awk '{ key = $1; $1 = ""; gsub(/^ +/, ""); gsub(/ +/, ","); printf "%s\t%s\n", key, $0 }')

umask 077
psk_file=""
hd_temp_beside psk_file "$conf"
printf '%s\n' "$psk" >"$psk_file"
wg set wg0 peer "$HD_PUBLIC_KEY" preshared-key "$psk_file" allowed-ips "$HD_ADDRESS/32"
hd_log change "peer $HD_NAME ($HD_ADDRESS) added to wg0"

temp=""
hd_temp_beside temp "$conf"
hd_wireguard_without_peer "$conf" "$HD_PUBLIC_KEY" >"$temp"
{
  printf '\n[Peer]\n'
  printf '# HostDeck client %s\n' "$HD_NAME"
  printf 'PublicKey = %s\n' "$HD_PUBLIC_KEY"
  printf 'PresharedKey = %s\n' "$psk"
  printf 'AllowedIPs = %s/32\n' "$HD_ADDRESS"
} >>"$temp"
chmod 0600 "$temp"
mv -f -- "$temp" "$conf"
hd_log change "peer $HD_NAME saved in $conf"
