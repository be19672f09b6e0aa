#!/usr/bin/env bash
# openlitespeed-admin-password, step `password`: sets the WebAdmin password of HD_ADMIN_USER the
# way OpenLiteSpeed's own admin/misc/admpass.sh does (the hash printed by admin/misc/htpasswd.php
# run by admin/fcgi-bin/admin_php, in admin/conf/htpasswd), except that the password is read from
# stdin and handed to htpasswd.php inside PHP, never as a command-line argument. Other users'
# lines are kept. WebAdmin reads the file on each login: nothing to restart.
# Input: HD_ADMIN_USER (checked again here); stdin: the password.
set -euo pipefail

user=${HD_ADMIN_USER:?HD_ADMIN_USER is required}
[[ $user =~ ^[A-Za-z][A-Za-z0-9_.-]{0,31}$ ]] || hd_fail "invalid user name"
lsws=/usr/local/lsws
admin_php=$lsws/admin/fcgi-bin/admin_php
[[ -x $admin_php ]] || admin_php=$lsws/admin/fcgi-bin/admin_php5
[[ -x $admin_php ]] || hd_fail "OpenLiteSpeed's admin_php is missing: is OpenLiteSpeed installed?"
helper=$lsws/admin/misc/htpasswd.php
[[ -f $helper ]] || hd_fail "$helper is missing"
htpasswd=$lsws/admin/conf/htpasswd

# The password: stdin as it is (the panel refuses newlines and control characters). The PHP is
# a constant, in single quotes on purpose.
# shellcheck disable=SC2016
hash=$("$admin_php" -q -r '$argv = [$argv[1], stream_get_contents(STDIN)]; $_SERVER["argv"] = $argv; include $argv[0];' "$helper" | tr -d '\r\n')
[[ -n $hash && $hash != *:* && $hash != *[[:space:]]* ]] || hd_fail "htpasswd.php gave no usable hash"

# check_htpasswd FILE  Every line is USER:HASH.
check_htpasswd() {
  ! grep -qvE '^[^:[:space:]]+:[^:[:space:]]+$' -- "$1"
}

{
  if [[ -f $htpasswd ]]; then
    grep -v -- "^$user:" "$htpasswd" | grep -v '^[[:space:]]*$' || true
  fi
  printf '%s:%s\n' "$user" "$hash"
} | hd_apply_config "$htpasswd" check_htpasswd "$htpasswd"
# The hash is salted: every run writes a new line, the password being the same or not.
if id lsadm >/dev/null 2>&1; then
  chown lsadm:lsadm -- "$htpasswd"
fi
chmod 0600 -- "$htpasswd"
hd_log info "the WebAdmin password of $user is set"
