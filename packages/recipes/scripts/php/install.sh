#!/usr/bin/env bash
# php-install: PHP-FPM VERSION with the common extensions (lib/php.sh hd_php_install: the
# distribution's version, or packages.sury.org / ondrej/php for the others), checked with
# php-fpmVERSION -t, enabled and started, then the panel's limits of the version
# (conf.d/99-hostdeck.ini, written by php-settings) are left to the next step.
# Input: HD_PHP_VERSION.
set -euo pipefail
version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
hd_php_install "$version"
