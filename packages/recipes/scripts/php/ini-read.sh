#!/usr/bin/env bash
# php-ini-read (read-only): /etc/php/VERSION/SAPI/php.ini, base64 on one line (so no line of it
# can look like a progress line), or nothing when the file does not exist.
# Input: HD_PHP_VERSION, HD_PHP_SAPI (fpm|cli).
set -euo pipefail
version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
sapi=${HD_PHP_SAPI:?HD_PHP_SAPI is required}
file="/etc/php/$version/$sapi/php.ini"
[[ -d /etc/php/$version/$sapi ]] || hd_fail "PHP $version ($sapi) is not installed on this server"
if [[ -f $file ]]; then
  printf 'ini\t'
  base64 -w 0 -- "$file"
  printf '\n'
fi
