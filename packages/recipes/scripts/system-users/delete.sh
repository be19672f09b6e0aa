#!/usr/bin/env bash
# system-user-delete, step `delete`: removes a regular account (uid >= UID_MIN, never root or a
# daemon), its processes, its home /home/NAME, its mail spool and the panel's sudo rule for it.
# The panel refuses first while one of its sites runs as the user. Idempotent: an account that
# is gone already only has its leftovers removed.
# Input: HD_USER.
set -euo pipefail

user=${HD_USER:?HD_USER is required}
home="/home/$user"
sudoers="/etc/sudoers.d/hostdeck-$user"

uid_min=$(awk '$1 == "UID_MIN" { print $2 }' /etc/login.defs 2>/dev/null || true)
[[ $uid_min =~ ^[0-9]+$ ]] || uid_min=1000

uid=""
if uid=$(id -u -- "$user" 2>/dev/null); then
  ((uid >= uid_min && uid != 65534)) || hd_fail "$user is a system account (uid $uid); the panel never deletes it"
  account_home=$(getent passwd -- "$user" | cut -d: -f6)
  # Its processes first: userdel refuses a user who is logged in.
  if command -v pkill >/dev/null 2>&1; then pkill -KILL -u "$uid" 2>/dev/null || true; fi
  if command -v crontab >/dev/null 2>&1; then crontab -r -u "$user" 2>/dev/null || true; fi
  userdel -- "$user"
  hd_log change "deleted the user $user"
  if [[ $account_home != "$home" && -n $account_home ]]; then
    hd_log warn "the home of $user was $account_home, not $home; it was kept"
  fi
else
  hd_log info "the user $user does not exist on this server"
fi

if [[ -d $home && ! -L $home ]]; then
  # Only what the account owned: a folder of another account is never removed.
  owner=$(stat -c '%u' -- "$home")
  # Its own uid (taken before the deletion), or no account's any more (left by an earlier run).
  if [[ $owner == "$uid" ]] || ! getent passwd -- "$owner" >/dev/null; then
    rm -rf --one-file-system -- "$home"
    hd_log change "removed $home"
  else
    hd_log warn "$home belongs to uid $owner; it was kept"
  fi
fi
if [[ -f /var/mail/$user ]]; then rm -f -- "/var/mail/$user"; fi
if [[ -e $sudoers ]]; then
  rm -f -- "$sudoers"
  hd_log change "removed $sudoers"
fi
