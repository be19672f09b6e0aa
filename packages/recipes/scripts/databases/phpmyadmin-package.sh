#!/usr/bin/env bash
# phpmyadmin-install, step `package`: Debian's phpmyadmin package (kept up to date by the system's
# own upgrades, and upgraded by every run of this recipe), installed without a prompt: debconf is
# preseeded so dbconfig-common makes no control database and no web server is reconfigured (the
# panel serves phpMyAdmin itself, step `site`). Recommends are left out. The PHP version that runs
# it (HD_PHP_VERSION) gets the extensions phpMyAdmin needs.
# Input: HD_PHP_VERSION.
set -euo pipefail

version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
command -v "php-fpm$version" >/dev/null || hd_fail "PHP $version (php$version-fpm) is not installed on this server"

debconf-set-selections <<'DEBCONF'
phpmyadmin phpmyadmin/dbconfig-install boolean false
phpmyadmin phpmyadmin/dbconfig-upgrade boolean false
phpmyadmin phpmyadmin/dbconfig-remove boolean false
phpmyadmin phpmyadmin/reconfigure-webserver multiselect
DEBCONF

installed_version() {
  dpkg-query -W -f='${db:Status-Status} ${Version}' -- phpmyadmin 2>/dev/null | sed -n 's/^installed //p' || true
}

before=$(installed_version)
hd_apt_update
# `install` of an installed package upgrades it to the candidate version, and does nothing else.
hd_apt_run install -y -q --no-install-recommends -- phpmyadmin \
  "php$version-mysql" "php$version-mbstring" "php$version-xml" ||
  hd_fail "apt-get could not install phpmyadmin (its output is above)"
after=$(installed_version)
[[ -n $after ]] || hd_fail "phpmyadmin is not installed after apt-get install"
if [[ $before != "$after" ]]; then
  hd_log change "installed phpmyadmin $after${before:+ (was $before)}"
fi
hd_log info "phpMyAdmin $after"
