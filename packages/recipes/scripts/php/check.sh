#!/usr/bin/env bash
# php-default: checks that PHP-FPM VERSION is installed and runs; the default version of new
# sites is the panel's (servers.default_php), nothing on the server changes.
# Input: HD_PHP_VERSION.
set -euo pipefail
version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
command -v "php-fpm$version" >/dev/null || hd_fail "PHP $version is not installed on this server"
systemctl is-active --quiet -- "php$version-fpm" || hd_log warn "php$version-fpm is not running"
hd_log info "PHP $version is installed"
