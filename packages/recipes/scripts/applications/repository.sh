#!/usr/bin/env bash
# application-install, step `repository`: adds the application's third-party repository, only
# when the configured sources do not offer its packages: MongoDB 8.0 (repo.mongodb.org),
# OpenLiteSpeed (rpms.litespeedtech.com), and the sources the shared installers use: ondrej/php or
# packages.sury.org for a PHP version the distribution does not ship, repo.mysql.com for MySQL on
# Debian. Those are added here with the same helpers as provisioning (scripts/lib), so this step's
# log says what it adds; the `install` step then finds them in place and adds nothing. The key goes
# to /usr/share/keyrings and the source is bound to it with signed-by (scripts/lib/apt-sources.sh),
# never trusted for every repository. Idempotent: nothing is added when not needed, and files
# already in place are left alone.
# Input: HD_APPLICATION, HD_APPLICATION_NAME, HD_APPLICATION_METHOD, HD_APPLICATION_PACKAGES,
# HD_APPLICATION_REPOSITORY (optional).
set -euo pipefail

# php_repository  The PHP repository, when this version is not the distribution's and is missing.
php_repository() {
  local version=${HD_APPLICATION#php} distro package absent=0
  distro=$(hd_php_distro_version) || hd_fail "no PHP version is known for $(hd_os_id)"
  if [[ $version == "$distro" ]]; then
    hd_log info "the distribution ships PHP $version: no other repository is needed"
    return 0
  fi
  while IFS= read -r package; do
    hd_apt_is_installed "$package" || absent=1
  done < <(hd_php_packages "$version")
  if ((!absent)); then
    hd_log info "$HD_APPLICATION_NAME is already installed"
    return 0
  fi
  hd_log info "PHP $version is not in the distribution: adding the repository that ships it"
  hd_php_add_repository
}

# mysql_repository  repo.mysql.com on Debian, which ships no MySQL; Ubuntu's own sources have it.
mysql_repository() {
  if hd_os_is_ubuntu; then
    hd_log info "the distribution ships MySQL: no other repository is needed"
  elif hd_apt_is_installed mysql-community-server; then
    hd_log info "$HD_APPLICATION_NAME is already installed"
  else
    hd_log info "$(hd_os_id) ships no MySQL: adding repo.mysql.com"
    hd_mysql_add_repository
  fi
}

if [[ -z ${HD_APPLICATION_REPOSITORY:-} ]]; then
  case $HD_APPLICATION_METHOD:$HD_APPLICATION in
    php:*) php_repository ;;
    database:mysql) mysql_repository ;;
    npm:*) hd_log info "$HD_APPLICATION_NAME comes from the npm registry: no package repository is needed" ;;
    source:*) hd_log info "$HD_APPLICATION_NAME is built from its source: no package repository is needed" ;;
    *) hd_log info "the distribution ships $HD_APPLICATION_NAME: no other repository is needed" ;;
  esac
  exit 0
fi
read -ra packages <<<"$HD_APPLICATION_PACKAGES"
if hd_apt_is_installed "${packages[0]}"; then
  hd_log info "$HD_APPLICATION_NAME is already installed"
  exit 0
fi

# all_available  Succeeds when apt has a candidate for every package.
all_available() {
  local package candidate
  for package in "${packages[@]}"; do
    candidate=$(apt-cache policy -- "$package" 2>/dev/null | awk '$1 == "Candidate:" { print $2; exit }')
    if [[ -z $candidate || $candidate == "(none)" ]]; then return 1; fi
  done
}

hd_apt_update
if all_available; then
  hd_log info "the configured sources offer ${packages[*]}"
  exit 0
fi

codename=$(hd_os_codename)
if [[ -z $codename ]]; then hd_fail "this system does not name its release (VERSION_CODENAME)"; fi
architecture=$(dpkg --print-architecture)
hd_apt_install ca-certificates curl gnupg

case $HD_APPLICATION_REPOSITORY in
  mongodb)
    keyring=/usr/share/keyrings/mongodb-server-8.0.gpg
    hd_apt_keyring "$keyring" https://pgp.mongodb.com/server-8.0.asc
    if hd_os_is_ubuntu; then
      line="deb [arch=$architecture signed-by=$keyring] https://repo.mongodb.org/apt/ubuntu $codename/mongodb-org/8.0 multiverse"
    else
      line="deb [arch=$architecture signed-by=$keyring] https://repo.mongodb.org/apt/debian $codename/mongodb-org/8.0 main"
    fi
    hd_apt_source /etc/apt/sources.list.d/mongodb-org-8.0.list <<<"$line"
    ;;
  litespeed)
    # LiteSpeed signs with two keys (the older one still signs some releases); the source file
    # has the name LiteSpeed's own script gives it, so a server set up by hand is not doubled.
    keyring=/usr/share/keyrings/litespeed.gpg
    hd_apt_keyring "$keyring" https://rpms.litespeedtech.com/debian/lst_repo.gpg \
      https://rpms.litespeedtech.com/debian/lst_debian_repo.gpg
    hd_apt_source /etc/apt/sources.list.d/lst_debian_repo.list \
      <<<"deb [signed-by=$keyring] http://rpms.litespeedtech.com/debian/ $codename main"
    ;;
  *) hd_fail "unknown repository $HD_APPLICATION_REPOSITORY" ;;
esac

if ! all_available; then
  hd_fail "the $HD_APPLICATION_NAME repository offers no ${packages[*]} for $(hd_os_id) ($architecture)"
fi
