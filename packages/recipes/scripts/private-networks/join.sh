#!/usr/bin/env bash
# private-network-join, step `join`: makes this server a member of a private network. Its key is
# made here (`wg genkey`) and never leaves the server; only the public key is printed, on the line
# `hostdeck-private-network-key <key>` the panel reads. The interface's file
# /etc/wireguard/$HD_INTERFACE.conf (0600) is written with the [Interface] section; [Peer] blocks
# already in it are kept (the peers step owns them). wg-quick@$HD_INTERFACE is enabled and started;
# when it already runs, its address and port are left as they are (they never change for a network).
# Input: HD_INTERFACE (hdnet<id>), HD_ADDRESS (IPv4 in the network's /24), HD_PORT (UDP port).
set -euo pipefail

command -v wg >/dev/null || hd_apt_install wireguard-tools
command -v wg >/dev/null || hd_fail "wireguard-tools could not be installed"
command -v wg-quick >/dev/null || hd_fail "wg-quick is missing (package wireguard-tools)"

conf=/etc/wireguard/$HD_INTERFACE.conf
if [[ ! -d /etc/wireguard ]]; then
  mkdir -m 0700 -- /etc/wireguard
fi
[[ -L $conf || (-e $conf && ! -f $conf) ]] && hd_fail "$conf is not a regular file"

# The key: the one in the file when there is one (a second run keeps the tunnel), else a new one.
private_key=''
if [[ -f $conf ]]; then
  private_key=$(sed -n 's/^PrivateKey[[:space:]]*=[[:space:]]*//p' -- "$conf" | head -n 1)
fi
if [[ -z $private_key ]]; then
  private_key=$(umask 077 && wg genkey)
  hd_log change "made a new key for $HD_INTERFACE"
fi
public_key=$(wg pubkey <<<"$private_key") || hd_fail "the key in $conf is not a WireGuard key"

peers=''
if [[ -f $conf ]]; then
  peers=$(awk 'found || /^\[Peer\]/ { found = 1; print }' "$conf")
fi

new_conf=''
hd_temp_file new_conf
{
  printf '# Managed by HostDeck (private network %s). The [Peer] blocks are set by the panel.\n' "$HD_INTERFACE"
  printf '[Interface]\nAddress = %s/24\nListenPort = %s\nPrivateKey = %s\n' "$HD_ADDRESS" "$HD_PORT" "$private_key"
  if [[ -n $peers ]]; then
    printf '\n%s\n' "$peers"
  fi
} >"$new_conf"
if ! cmp -s -- "$new_conf" "$conf" 2>/dev/null; then
  hd_write_atomic "$conf" 0600 root:root <"$new_conf" || hd_fail "could not write $conf"
  hd_log change "wrote $conf"
fi
chmod 0600 -- "$conf"

unit="wg-quick@$HD_INTERFACE"
if ! systemctl is-enabled --quiet -- "$unit"; then
  systemctl enable --quiet -- "$unit"
  hd_log change "enabled $unit"
fi
if ! ip link show dev "$HD_INTERFACE" >/dev/null 2>&1; then
  if ! systemctl restart -- "$unit"; then
    journalctl -u "$unit" -n 20 --no-pager || true
    hd_fail "$unit did not start"
  fi
  hd_log change "started $unit"
fi
ip link show dev "$HD_INTERFACE" >/dev/null 2>&1 || hd_fail "the interface $HD_INTERFACE is not up"
wg show "$HD_INTERFACE" public-key >/dev/null || hd_fail "wg does not know the interface $HD_INTERFACE"

printf 'hostdeck-private-network-key %s\n' "$public_key"
