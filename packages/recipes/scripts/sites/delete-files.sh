#!/usr/bin/env bash
# site-delete, step `files`: removes the site's home /home/USER/SITE, its certificate files
# (/etc/hostdeck/ssl/SITE), its logs (rotated ones included) and the backups the panel kept of
# its configuration files. rm never follows a link: a link in place of the home is removed alone.
# Input: HD_SITE, HD_LINUX_USER.
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
user=${HD_LINUX_USER:?HD_LINUX_USER is required}

remove() {
  local path
  for path in "$@"; do
    if [[ -e $path || -L $path ]]; then
      rm -rf -- "$path"
      hd_log change "removed $path"
    fi
  done
}

remove "/home/$user/$site" "/etc/hostdeck/ssl/$site"
# Logs and rotated logs (SITE.access.log.1, SITE.error.log.2.gz…).
remove /var/log/nginx/"$site".access.log* /var/log/nginx/"$site".error.log* \
  /var/log/apache2/"$site".access.log* /var/log/apache2/"$site".error.log*
# hd_apply_config's backups are named after the path, with % for each /.
backups=${hd_config_backup_dir:-/var/lib/hostdeck/config-backups}
remove "$backups/%etc%nginx%sites-available%$site.conf" "$backups/%etc%nginx%sites-enabled%$site.conf" \
  "$backups/%etc%apache2%sites-available%$site.conf" "$backups/%etc%apache2%sites-enabled%$site.conf" \
  "$backups"/%etc%php%*%fpm%pool.d%"$site".conf "$backups/%etc%nginx%hostdeck%$site%"*
hd_log info "no files of $site remain"
