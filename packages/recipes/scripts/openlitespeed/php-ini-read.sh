#!/usr/bin/env bash
# openlitespeed-php-ini-read, step `read` (read-only): prints `ini<TAB>PATH<TAB>SIZE`, then the
# php.ini of lsphp HD_PHP_VERSION as it is (no progress lines: stdout is the content).
# Input: HD_PHP_VERSION (X.Y, checked again here), HD_MAX_BYTES.
set -euo pipefail

version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
[[ $version =~ ^[5-9]\.[0-9]$ ]] || hd_fail "invalid PHP version"
dir=/usr/local/lsws/lsphp${version/./}
[[ -d $dir ]] || hd_fail "lsphp $version is not installed ($dir is missing)"
ini=$dir/etc/php/$version/litespeed/php.ini
[[ -f $ini ]] || ini=$dir/etc/php.ini
[[ -f $ini ]] || hd_fail "lsphp $version has no php.ini"
[[ ! -L $ini ]] || hd_fail "$ini is a symbolic link; it is not followed"
size=$(stat -c %s -- "$ini")
((size <= HD_MAX_BYTES)) || hd_fail "$ini is larger than $HD_MAX_BYTES bytes"
printf 'ini\t%s\t%s\n' "$ini" "$size"
cat -- "$ini"
