#!/usr/bin/env bash
# site-delete, step `php-pool`: removes the site's PHP-FPM pool of every PHP version (its own
# version first), checks and reloads each php-fpm that had one.
# Input: HD_SITE, HD_PHP_VERSION (optional).
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}

for file in /etc/php/*/fpm/pool.d/"$site".conf; do
  [[ -e $file ]] || continue
  version=${file#/etc/php/}
  version=${version%%/*}
  rm -f -- "$file"
  hd_log change "removed $file"
  if command -v "php-fpm$version" >/dev/null && ! "php-fpm$version" -t >/dev/null 2>&1; then
    "php-fpm$version" -t >&2 || true
    hd_fail "the configuration of php$version-fpm is invalid"
  fi
  if systemctl is-active --quiet -- "php$version-fpm"; then hd_reload_service "php$version-fpm"; fi
done
hd_log info "no PHP-FPM pool of $site remains"
