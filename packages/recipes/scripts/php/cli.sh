#!/usr/bin/env bash
# php-cli: `php`, `phar` and `php-config` on the command line become VERSION's
# (update-alternatives --set, which pins them; php-config only exists with phpVERSION-dev, and is left alone
# without it).
# Input: HD_PHP_VERSION.
set -euo pipefail
version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
[[ -x /usr/bin/php$version ]] || hd_fail "PHP $version is not installed on this server"
for name in php phar php-config; do
  target="/usr/bin/$name$version"
  if [[ $name == phar ]]; then target="/usr/bin/phar$version"; fi
  if [[ ! -e $target ]]; then
    if [[ $name == php ]]; then hd_fail "$target does not exist"; fi
    hd_log info "$target does not exist; $name is left as it is"
    continue
  fi
  # Pinned (manual), so installing a newer version never moves it behind the panel's back.
  query=$(update-alternatives --query "$name" 2>/dev/null || true)
  if grep -qx 'Status: manual' <<<"$query" && grep -qx "Value: $target" <<<"$query"; then
    hd_log info "$name is already $target"
    continue
  fi
  update-alternatives --set "$name" "$target" >/dev/null
  hd_log change "$name is now $target"
done
"/usr/bin/php" -r 'echo "php: PHP ", PHP_VERSION, "\n";'
