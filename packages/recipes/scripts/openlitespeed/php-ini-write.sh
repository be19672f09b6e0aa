#!/usr/bin/env bash
# openlitespeed-php-ini-write, step `write`: installs stdin as the php.ini of lsphp
# HD_PHP_VERSION. The new file is checked by that lsphp first (`php -c FILE`: PHP reports ini
# syntax errors as warnings and exits 0, so its output is read); a file it complains about is
# refused with PHP's own message and the old one is untouched. Then a graceful restart
# (`lswsctrl restart`: OpenLiteSpeed starts new workers and lets the old ones finish their
# requests; it has no separate reload) and a check that it answers; otherwise the old file is put
# back and OpenLiteSpeed restarted again. The same content twice changes nothing.
# Input: HD_PHP_VERSION (X.Y, checked again here); stdin: the php.ini.
set -euo pipefail

version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
[[ $version =~ ^[5-9]\.[0-9]$ ]] || hd_fail "invalid PHP version"
lsws=/usr/local/lsws
dir=$lsws/lsphp${version/./}
[[ -d $dir ]] || hd_fail "lsphp $version is not installed ($dir is missing)"
php=$dir/bin/php
[[ -x $php ]] || php=$dir/bin/lsphp
[[ -x $php ]] || hd_fail "lsphp $version has no php binary"
ini=$dir/etc/php/$version/litespeed/php.ini
[[ -f $ini ]] || ini=$dir/etc/php.ini
[[ -f $ini ]] || hd_fail "lsphp $version has no php.ini"
[[ ! -L $ini ]] || hd_fail "$ini is a symbolic link; it is not followed"

new=""
hd_temp_file new
cat >"$new"
if cmp -s -- "$new" "$ini"; then
  hd_log info "$ini is up to date"
  exit 0
fi

# check_ini FILE  PHP's complaints about FILE on stdout; fails when it has any.
check_ini() {
  local output
  output=$("$php" -c "$1" -r 'echo "hostdeck-ini-ok";' 2>&1) || {
    printf '%s\n' "$output"
    return 1
  }
  if [[ $output != hostdeck-ini-ok ]] && grep -qiE 'syntax error|parse error|fatal' <<<"$output"; then
    printf '%s\n' "${output%hostdeck-ini-ok}"
    return 1
  fi
}

if ! complaint=$(check_ini "$new"); then
  printf '%s\n' "$complaint" >&2
  hd_fail "lsphp $version refused the php.ini: $(head -n 3 <<<"$complaint" | tr '\n' ' ')"
fi

# answers  OpenLiteSpeed runs after the restart.
answers() {
  local attempt
  for ((attempt = 1; attempt <= 40; attempt++)); do
    if "$lsws/bin/lswsctrl" status 2>/dev/null | grep -q 'is running'; then return 0; fi
    sleep 0.5
  done
  return 1
}

# The file is installed (backed up by hd_apply_config) with the same check as its validator.
hd_apply_config "$ini" check_ini "$ini" <"$new"
if hd_config_was_changed; then
  "$lsws/bin/lswsctrl" restart >/dev/null
  hd_log change "restarted OpenLiteSpeed gracefully (lswsctrl restart)"
  if ! answers; then
    # shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
    hd_restore_config "$ini" "$hd_config_backup"
    "$lsws/bin/lswsctrl" restart >/dev/null || true
    hd_fail "OpenLiteSpeed does not run with the new php.ini; the previous one was restored"
  fi
fi
