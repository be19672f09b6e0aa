#!/usr/bin/env bash
# php-ini-write: stdin becomes /etc/php/VERSION/SAPI/php.ini (bytes, never in the environment).
# FPM: checked with php-fpmVERSION -t (its warnings about the php.ini count as a refusal), then
# php-fpm is reloaded (never restarted) and must come back; CLI: phpVERSION must start without a
# warning. Refused or not coming back: the previous file is put back (php-fpm reloaded with it),
# and the step fails with php's own message.
# Input: HD_PHP_VERSION, HD_PHP_SAPI (fpm|cli); stdin: the file.
set -euo pipefail
version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
sapi=${HD_PHP_SAPI:?HD_PHP_SAPI is required}
cd /
file="/etc/php/$version/$sapi/php.ini"
[[ -d /etc/php/$version/$sapi ]] || hd_fail "PHP $version ($sapi) is not installed on this server"

hd_php_stage "$file"
if ! hd_config_was_changed; then
  hd_log info "$file is up to date"
  exit 0
fi

errors=""
if [[ $sapi == fpm ]]; then
  if ! errors=$(hd_php_fpm_test "$version" 2>&1); then
    printf '%s\n' "$errors" >&2
    hd_php_roll_back
    hd_fail "php-fpm$version -t refused the php.ini, which was put back: $(head -n 1 <<<"$errors")"
  fi
  if systemctl is-active --quiet -- "php$version-fpm" && ! hd_php_fpm_reload "$version"; then
    hd_php_roll_back
    hd_php_fpm_reload "$version" || true
    hd_fail "php$version-fpm did not come back with the new php.ini (its messages are above); the previous one was put back"
  fi
else
  if ! errors=$(hd_php_cli_test "$version" 2>&1); then
    printf '%s\n' "$errors" >&2
    hd_php_roll_back
    hd_fail "php$version refused the php.ini, which was put back: $(head -n 1 <<<"$errors")"
  fi
fi
hd_log info "saved $file"
