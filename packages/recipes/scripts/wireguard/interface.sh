#!/usr/bin/env bash
# wireguard-peer-add, step `interface`: makes sure wg0 exists and is up. The first time, the
# server's own key is made here (it never leaves the server) and /etc/wireguard/wg0.conf is
# written (0600, with the panel's marker): address 10.8.0.1/24, port HD_PORT, NAT (MASQUERADE)
# for the clients' traffic when iptables works, IP forwarding, `wg-quick@wg0` enabled and the
# UDP port allowed in ufw when ufw is active. A wg0.conf that is already there (the panel's or
# one made by hand) is kept as it is: only brought up.
# Input: HD_PORT.
set -euo pipefail

conf=/etc/wireguard/wg0.conf
command -v wg >/dev/null || hd_fail 'WireGuard (wireguard-tools) is not installed on this server'
command -v wg-quick >/dev/null || hd_fail 'wg-quick is not installed on this server'

exec 9>/run/hostdeck-wireguard.lock
flock 9

mkdir -p /etc/wireguard
chmod 0700 /etc/wireguard
if [[ ! -f $conf ]]; then
  umask 077
  private=$(wg genkey)
  temp=""
  hd_temp_beside temp "$conf"
  {
    printf '# Managed by HostDeck: its clients are the [Peer] blocks marked "HostDeck client".\n'
    printf '# Peers added by hand are kept. The server key was made on this server.\n'
    printf '[Interface]\n'
    printf 'Address = 10.8.0.1/24\n'
    printf 'ListenPort = %s\n' "$HD_PORT"
    printf 'PrivateKey = %s\n' "$private"
    if command -v iptables >/dev/null && iptables -t nat -S >/dev/null 2>&1; then
      printf 'PostUp = iptables -t nat -A POSTROUTING -s 10.8.0.0/24 ! -o %%i -j MASQUERADE; iptables -A FORWARD -i %%i -j ACCEPT; iptables -A FORWARD -o %%i -j ACCEPT\n'
      printf 'PostDown = iptables -t nat -D POSTROUTING -s 10.8.0.0/24 ! -o %%i -j MASQUERADE; iptables -D FORWARD -i %%i -j ACCEPT; iptables -D FORWARD -o %%i -j ACCEPT\n'
    else
      hd_log warn 'iptables does not work here: clients reach the server, not the internet, through it'
    fi
  } >"$temp"
  chmod 0600 "$temp"
  mv -f -- "$temp" "$conf"
  hd_log change "wrote $conf (port $HD_PORT)"
fi
chmod 0600 "$conf"

printf 'net.ipv4.ip_forward = 1\n' >/etc/sysctl.d/90-hostdeck-wireguard.conf
sysctl -q -w net.ipv4.ip_forward=1 2>/dev/null || hd_log warn 'IP forwarding could not be switched on'

if command -v ufw >/dev/null && ufw status 2>/dev/null | head -n 1 | grep -q 'Status: active'; then
  port=$(awk -F '=' '/^[[:space:]]*ListenPort[[:space:]]*=/ { gsub(/[[:space:]]/, "", $2); print $2; exit }' "$conf")
  if [[ $port =~ ^[0-9]+$ ]]; then
    ufw allow "$port/udp" comment 'hostdeck:wireguard' >/dev/null
    hd_log info "ufw allows $port/udp"
  fi
fi

systemctl enable wg-quick@wg0 >/dev/null 2>&1 || hd_log warn 'wg-quick@wg0 could not be enabled'
if ! wg show wg0 public-key >/dev/null 2>&1; then
  if ! systemctl start wg-quick@wg0; then
    journalctl -u wg-quick@wg0 -n 20 --no-pager 2>/dev/null || true
    hd_fail 'wg0 could not be brought up'
  fi
  hd_log change 'wg0 is up'
fi
wg show wg0 public-key >/dev/null 2>&1 || hd_fail 'wg0 is not up'
