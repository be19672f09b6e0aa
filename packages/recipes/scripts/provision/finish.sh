#!/usr/bin/env bash
# server-provision, step `finish`: a summary of what the server now runs, read from the server.
# Changes nothing; the panel marks the server installed once every step has passed.
set -euo pipefail

version_of() {
  dpkg-query -W -f='${Version}' -- "$1" 2>/dev/null || true
}
state_of() {
  systemctl is-active -- "$1" 2>/dev/null || true
}
report() {
  local name=$1 package=$2 unit=$3 version
  version=$(version_of "$package")
  [[ -n $version ]] || return 0
  hd_log info "$name $version (${unit}: $(state_of "$unit"))"
}

hd_log info "operating system: $(hd_os_field PRETTY_NAME)"
hd_log info "time zone: $(timedatectl show -p Timezone --value 2>/dev/null || readlink /etc/localtime)"
report nginx nginx nginx
report Apache apache2 apache2
report OpenLiteSpeed openlitespeed lshttpd
for package in $(dpkg-query -W -f='${db:Status-Status} ${Package}\n' 'php*-fpm' 2>/dev/null |
  awk '$1 == "installed" && $2 ~ /^php[0-9.]+-fpm$/ { print $2 }'); do
  version=${package#php}
  report "PHP ${version%-fpm} (FPM)" "$package" "$package"
done
report MariaDB mariadb-server mariadb
report MySQL mysql-server mysql
report MySQL mysql-community-server mysql
for package in $(dpkg-query -W -f='${db:Status-Status} ${Package}\n' 'postgresql-[0-9]*' 2>/dev/null |
  awk '$1 == "installed" && $2 ~ /^postgresql-[0-9]+$/ { print $2 }'); do
  report PostgreSQL "$package" postgresql
done
report ufw ufw ufw
report fail2ban fail2ban fail2ban
report unattended-upgrades unattended-upgrades unattended-upgrades
if [[ -n ${HD_LINUX_USER:-} ]] && id -u -- "$HD_LINUX_USER" >/dev/null 2>&1; then
  hd_log info "default Linux user: $HD_LINUX_USER (uid $(id -u -- "$HD_LINUX_USER"))"
fi
swap=$(swapon --show=NAME,SIZE --noheadings 2>/dev/null | tr -s ' ' | paste -sd ',' - || true)
hd_log info "swap: ${swap:-none}"
hd_log info "provisioning finished"
