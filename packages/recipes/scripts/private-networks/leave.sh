#!/usr/bin/env bash
# private-network-leave, step `leave`: takes this server out of a private network. Stops and
# disables wg-quick@$HD_INTERFACE, removes the interface if it is still there, deletes
# /etc/wireguard/$HD_INTERFACE.conf (the member's key with it) and the ufw rules with the comment
# $HD_UFW_COMMENT. What is already gone is fine: a second run changes nothing.
# Input: HD_INTERFACE, HD_UFW_COMMENT.
set -euo pipefail

unit="wg-quick@$HD_INTERFACE"
if systemctl is-active --quiet -- "$unit"; then
  systemctl stop -- "$unit" || true
  hd_log change "stopped $unit"
fi
if systemctl is-enabled --quiet -- "$unit" 2>/dev/null; then
  systemctl disable --quiet -- "$unit"
  hd_log change "disabled $unit"
fi
if ip link show dev "$HD_INTERFACE" >/dev/null 2>&1; then
  ip link delete dev "$HD_INTERFACE" || true
  # wireguard-go keeps a socket per interface; ending it removes its tun device.
  rm -f -- "/var/run/wireguard/$HD_INTERFACE.sock"
  hd_log change "removed the interface $HD_INTERFACE"
fi
ip link show dev "$HD_INTERFACE" >/dev/null 2>&1 && hd_fail "the interface $HD_INTERFACE is still there"

conf=/etc/wireguard/$HD_INTERFACE.conf
if [[ -e $conf || -L $conf ]]; then
  rm -f -- "$conf"
  hd_log change "removed $conf"
fi

if command -v ufw >/dev/null; then
  # Each `ufw show added` line of the network (its comment dropped: ufw matches a rule by its words).
  while read -r rule; do
    [[ -n $rule ]] || continue
    spec=${rule#ufw allow }
    spec=${spec% comment \'*}
    read -r -a words <<<"$spec"
    ufw delete allow "${words[@]}" >/dev/null
    hd_log change "ufw: removed allow $spec"
  done < <(ufw show added 2>/dev/null | grep -F -- "comment '$HD_UFW_COMMENT'" || true)
fi
