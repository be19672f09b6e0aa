#!/usr/bin/env bash
# roundcube-install, step `package`: Debian's roundcube-core and roundcube-sqlite3 (kept up to date
# by the system's own upgrades, and upgraded by every run of this recipe), installed without a
# prompt: debconf is preseeded so dbconfig-common makes no database of its own and no web server is
# reconfigured (the panel serves Roundcube itself, step `site`; its database is the panel's sqlite
# file, step `config`). Recommends are left out. The PHP version that runs it (HD_PHP_VERSION) gets
# the extensions Roundcube needs.
# Input: HD_PHP_VERSION.
set -euo pipefail

version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
command -v "php-fpm$version" >/dev/null || hd_fail "PHP $version (php$version-fpm) is not installed on this server"

debconf-set-selections <<'DEBCONF'
roundcube-core roundcube/dbconfig-install boolean false
roundcube-core roundcube/dbconfig-upgrade boolean false
roundcube-core roundcube/dbconfig-remove boolean false
roundcube-core roundcube/database-type select sqlite3
roundcube-core roundcube/reconfigure-webserver multiselect
roundcube-core roundcube/restart-webserver boolean false
DEBCONF

installed_version() {
  dpkg-query -W -f='${db:Status-Status} ${Version}' -- roundcube-core 2>/dev/null | sed -n 's/^installed //p' || true
}

before=$(installed_version)
hd_apt_update
# `install` of an installed package upgrades it to the candidate version, and does nothing else.
hd_apt_run install -y -q --no-install-recommends -- roundcube-core roundcube-sqlite3 sqlite3 \
  "php$version-sqlite3" "php$version-intl" "php$version-mbstring" "php$version-xml" ||
  hd_fail "apt-get could not install roundcube (its output is above)"
after=$(installed_version)
[[ -n $after ]] || hd_fail "roundcube-core is not installed after apt-get install"
if [[ $before != "$after" ]]; then
  hd_log change "installed roundcube $after${before:+ (was $before)}"
fi
hd_log info "Roundcube $after"
