#!/usr/bin/env bash
# php-remove: purges the packages of PHP VERSION. Refused while a pool other than Debian's
# www.conf is left in /etc/php/VERSION/fpm/pool.d (a site made here or by hand still uses it: the
# panel names its own sites before it gets here), or while `php` on the command line is VERSION.
# Input: HD_PHP_VERSION.
set -euo pipefail
version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
cd /
if [[ ! -d /etc/php/$version ]] && ! command -v "php$version" >/dev/null; then
  hd_log info "PHP $version is not installed"
  exit 0
fi
pools=()
for file in "/etc/php/$version/fpm/pool.d/"*.conf; do
  [[ -e $file && ${file##*/} != www.conf ]] || continue
  pools+=("${file##*/}")
done
if ((${#pools[@]} > 0)); then
  hd_fail "PHP $version still runs these pools: ${pools[*]}; move their sites to another version first"
fi
cli=$(readlink -f /usr/bin/php 2>/dev/null || true)
if [[ $cli == "/usr/bin/php$version" ]]; then
  hd_fail "PHP $version is the command-line PHP; choose another one first"
fi
mapfile -t packages < <(dpkg-query -W -f '${Package} ${Status}\n' "php$version*" 2>/dev/null | awk '$NF == "installed" { print $1 }')
if ((${#packages[@]} == 0)); then
  hd_log info "no package of PHP $version is installed"
  exit 0
fi
systemctl stop -- "php$version-fpm" 2>/dev/null || true
hd_apt_run purge -y -q -- "${packages[@]}"
hd_log change "removed PHP $version (${packages[*]})"
