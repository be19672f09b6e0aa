#!/usr/bin/env bash
# fail2ban-ban, step `ban` (runtime, no file changes): bans HD_IP in jail HD_JAIL, or unbans it
# from HD_JAIL (every jail when HD_JAIL is empty). Banning the panel's own address (the first word
# of SSH_CONNECTION) or this machine's is refused.
#   HD_ACTION  ban | unban
set -euo pipefail

ip=$HD_IP
jail=${HD_JAIL:-}
fail2ban-client ping >/dev/null 2>&1 || hd_fail "Fail2Ban is not running on this server"
if [[ -n $jail ]] && ! fail2ban-client status "$jail" >/dev/null 2>&1; then
  hd_fail "the $jail jail is not running"
fi

# still_banned  Succeeds while some jail bans $ip (`fail2ban-client banned`: [{'sshd': ['IP', …]}, …]).
still_banned() {
  fail2ban-client banned | tr -d "[]{}' " | tr ',:' '\n' | grep -qxF "$ip"
}

case $HD_ACTION in
  ban)
    [[ -n $jail ]] || hd_fail "a ban needs a jail"
    panel=''
    if [[ -n ${SSH_CONNECTION:-} ]]; then
      read -ra connection <<<"$SSH_CONNECTION"
      panel=${connection[0]:-}
    fi
    if [[ $ip == "$panel" || $ip == 127.* || $ip == ::1 ]]; then
      hd_fail "$ip is the panel's own address (or this server's): it is never banned"
    fi
    fail2ban-client set "$jail" banip "$ip" >/dev/null
    fail2ban-client get "$jail" banip | tr ' ' '\n' | grep -qxF "$ip" || hd_fail "Fail2Ban did not ban $ip in $jail"
    hd_log change "banned $ip in $jail"
    ;;
  unban)
    if [[ -n $jail ]]; then
      fail2ban-client set "$jail" unbanip "$ip" >/dev/null
      if fail2ban-client get "$jail" banip | tr ' ' '\n' | grep -qxF "$ip"; then hd_fail "$ip is still banned in $jail"; fi
      hd_log change "unbanned $ip in $jail"
    else
      fail2ban-client unban "$ip" >/dev/null
      if still_banned; then hd_fail "$ip is still banned"; fi
      hd_log change "unbanned $ip in every jail"
    fi
    ;;
  *) hd_fail "unknown action $HD_ACTION" ;;
esac
