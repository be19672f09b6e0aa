#!/usr/bin/env bash
# php-opcache-reset: empties the OPcache of PHP-FPM VERSION. The cache lives in the master's
# shared memory: a reload (never a restart) starts the workers over with an empty one, and
# requests keep being served meanwhile.
# Input: HD_PHP_VERSION.
set -euo pipefail
version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
command -v "php-fpm$version" >/dev/null || hd_fail "PHP $version is not installed on this server"
hd_php_fpm_reload "$version" || hd_fail "php$version-fpm did not come back (its messages are above)"
hd_log change "reset the OPcache of PHP $version"
