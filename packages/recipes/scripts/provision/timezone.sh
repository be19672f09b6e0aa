#!/usr/bin/env bash
# server-provision, step `timezone`: the server's time zone, through timedatectl where systemd's
# timedated answers, else /etc/localtime directly. /etc/timezone (Debian's older record) is kept
# in step when it exists.
# Input: HD_TIMEZONE, an IANA name validated by the panel (e.g. UTC, Asia/Ho_Chi_Minh).
set -euo pipefail

timezone=${HD_TIMEZONE:?HD_TIMEZONE is required}
zoneinfo=/usr/share/zoneinfo/$timezone
if [[ ! -f $zoneinfo ]]; then
  hd_apt_install tzdata
fi
[[ -f $zoneinfo ]] || hd_fail "unknown time zone $timezone (no $zoneinfo)"

# UTC and Etc/UTC are the same zone: compare the zone files, not the names.
current=$(readlink -f /etc/localtime 2>/dev/null || true)
if [[ $current == "$(readlink -f -- "$zoneinfo")" ]]; then
  hd_log info "the time zone is already $timezone"
elif timedatectl set-timezone "$timezone" 2>/dev/null; then
  hd_log change "set the time zone to $timezone (timedatectl)"
else
  link=""
  hd_temp_beside link /etc/localtime
  rm -f -- "$link"
  ln -s -- "$zoneinfo" "$link"
  mv -fT -- "$link" /etc/localtime
  hd_log change "set the time zone to $timezone (/etc/localtime)"
fi

# Rewritten only when it names another zone (Etc/UTC for UTC is the same zone).
recorded=""
[[ -f /etc/timezone ]] && recorded=$(</etc/timezone)
if [[ -f /etc/timezone && $recorded != "$timezone" &&
  $(readlink -f -- "/usr/share/zoneinfo/$recorded") != "$(readlink -f -- "$zoneinfo")" ]]; then
  printf '%s\n' "$timezone" | hd_write_atomic /etc/timezone 0644 root:root
  hd_log change "wrote /etc/timezone"
fi
hd_log info "local time: $(date '+%Y-%m-%d %H:%M:%S %Z (%z)')"
