#!/usr/bin/env bash
# php-inventory (read-only): the PHP versions of the server, as tab-separated lines:
#   version<TAB>X.Y<TAB>FPM_STATE<TAB>IONCUBE(0|1)   one per /etc/php/X.Y with a php-fpmX.Y or phpX.Y
#   cli<TAB>X.Y                                      the version `php` points at (update-alternatives)
# FPM_STATE is systemd's ActiveState of phpX.Y-fpm ('absent' without php-fpm).
set -euo pipefail

for directory in /etc/php/*/; do
  version=${directory#/etc/php/}
  version=${version%/}
  [[ $version =~ ^[0-9]+\.[0-9]+$ ]] || continue
  if command -v "php-fpm$version" >/dev/null; then
    state=$(systemctl show -p ActiveState --value -- "php$version-fpm" 2>/dev/null || true)
    state=${state:-unknown}
  elif command -v "php$version" >/dev/null; then
    state=absent
  else
    continue
  fi
  ioncube=0
  if [[ -f /etc/php/$version/fpm/conf.d/00-hostdeck-ioncube.ini ]]; then ioncube=1; fi
  printf 'version\t%s\t%s\t%s\n' "$version" "$state" "$ioncube"
done
cli=$(readlink -f /usr/bin/php 2>/dev/null || true)
cli=${cli##*/php}
if [[ $cli =~ ^[0-9]+\.[0-9]+$ ]]; then printf 'cli\t%s\n' "$cli"; fi
