#!/usr/bin/env bash
# php-ioncube: the ionCube Loader for PHP VERSION, on or off.
# On: the loaders' tarball is fetched from HD_IONCUBE_SOURCE (a setting of the recipe; by default
# ionCube's official download), its ioncube/ioncube_loader_lin_VERSION.so installed as
# /usr/lib/php/hostdeck-ioncube/ioncube_loader_lin_VERSION.so and loaded first by
# /etc/php/VERSION/{fpm,cli}/conf.d/00-hostdeck-ioncube.ini (zend_extension). php must then load
# it (phpVERSION -v names the ionCube Loader) and php-fpmVERSION -t accept it; php-fpm is
# reloaded. Anything else puts every file back as it was and the step fails.
# Off: the two ini files are removed and php-fpm reloaded (the loader file stays, unused).
# Input: HD_PHP_VERSION, HD_IONCUBE (0|1), HD_IONCUBE_SOURCE (http(s) URL, with HD_IONCUBE=1).
set -euo pipefail
version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
enabled=${HD_IONCUBE:?HD_IONCUBE is required}
cd /
command -v "php-fpm$version" >/dev/null || hd_fail "PHP $version is not installed on this server"
loader_dir=/usr/lib/php/hostdeck-ioncube
loader="$loader_dir/ioncube_loader_lin_$version.so"
inis=("/etc/php/$version/fpm/conf.d/00-hostdeck-ioncube.ini")
if [[ -d /etc/php/$version/cli/conf.d ]]; then inis+=("/etc/php/$version/cli/conf.d/00-hostdeck-ioncube.ini"); fi

reload_or_roll_back() {
  systemctl is-active --quiet -- "php$version-fpm" || return 0
  hd_php_fpm_reload "$version" && return 0
  hd_php_roll_back
  hd_php_fpm_reload "$version" || true
  hd_fail "php$version-fpm did not come back (its messages are above); the previous files were put back"
}

changed=0
if [[ $enabled == 0 ]]; then
  for ini in "${inis[@]}"; do
    hd_php_unstage "$ini"
    if hd_config_was_changed; then changed=1; fi
  done
  if ((changed)); then reload_or_roll_back; fi
  hd_log info "ionCube is off for PHP $version"
  exit 0
fi

source_url=${HD_IONCUBE_SOURCE:?HD_IONCUBE_SOURCE is required}
work=""
hd_temp_dir work
hd_log info "downloading the ionCube loaders from $source_url"
curl -fsSL --proto '=https,http' --retry 2 --max-time 300 --max-filesize 200000000 -o "$work/loaders.tar.gz" -- "$source_url" ||
  hd_fail "could not download the ionCube loaders from $source_url"
tar -xzf "$work/loaders.tar.gz" -C "$work" --no-same-owner --no-same-permissions -- "ioncube/ioncube_loader_lin_$version.so" 2>/dev/null ||
  hd_fail "the download has no ioncube/ioncube_loader_lin_$version.so: this PHP version has no ionCube loader there"
found="$work/ioncube/ioncube_loader_lin_$version.so"
[[ -f $found && ! -L $found ]] || hd_fail "the download has no ioncube/ioncube_loader_lin_$version.so"
mkdir -p -- "$loader_dir"
hd_php_stage "$loader" 0644 <"$found"
if hd_config_was_changed; then changed=1; fi
for ini in "${inis[@]}"; do
  hd_php_stage "$ini" < <(printf '; Managed by HostDeck (recipe php-ioncube): the ionCube Loader, loaded before any other Zend extension.\nzend_extension = %s\n' "$loader")
  if hd_config_was_changed; then changed=1; fi
done
if ! output=$("php$version" -v 2>&1) || ! grep -q 'ionCube' <<<"$output" || grep -qiE 'warning|failed loading|error' <<<"$output"; then
  printf '%s\n' "$output" >&2
  hd_php_roll_back
  hd_fail "PHP $version could not load the ionCube Loader (its output is above); nothing was changed"
fi
if ! hd_php_fpm_test "$version"; then
  hd_php_roll_back
  hd_fail "php-fpm$version rejected the ionCube Loader (its output is above); nothing was changed"
fi
if ((changed)); then reload_or_roll_back; fi
hd_log info "ionCube is on for PHP $version: $(grep -m 1 'ionCube' <<<"$output")"
