#!/usr/bin/env bash
# site-delete, step `user`: removes the site's isolated Unix user when asked (HD_ISOLATED and
# HD_DELETE_USER are 1): its processes are killed first, then its crontab, home and mail spool go
# with it (userdel --remove). The panel asks only when no other site runs as that user. Never a
# system account (uid below UID_MIN). A user that is already gone changes nothing.
# Input: HD_LINUX_USER, HD_ISOLATED, HD_DELETE_USER.
set -euo pipefail

user=${HD_LINUX_USER:?HD_LINUX_USER is required}
if ((!${HD_ISOLATED:-0} || !${HD_DELETE_USER:-0})); then
  hd_log info "the user $user is kept"
  exit 0
fi
if ! id -u -- "$user" >/dev/null 2>&1; then
  hd_log info "the user $user does not exist"
  exit 0
fi

uid=$(id -u -- "$user")
uid_min=$(awk '$1 == "UID_MIN" { print $2 }' /etc/login.defs 2>/dev/null || true)
[[ $uid_min =~ ^[0-9]+$ ]] || uid_min=1000
((uid >= uid_min)) || hd_fail "$user is a system account (uid $uid); it is never removed"

# userdel refuses a user that still runs processes (PHP-FPM workers, shells, cron jobs).
for _ in 1 2 3 4 5; do
  pkill -KILL -U "$uid" || true
  pkill -KILL -u "$uid" || true
  if ! pgrep -U "$uid" >/dev/null && ! pgrep -u "$uid" >/dev/null; then break; fi
  sleep 1
done
if command -v crontab >/dev/null && crontab -l -u "$user" >/dev/null 2>&1; then crontab -r -u "$user"; fi
# A missing mail spool is only a warning of userdel.
userdel --remove -- "$user"
hd_log change "removed the user $user and /home/$user"
