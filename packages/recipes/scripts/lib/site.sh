# shellcheck shell=bash
# Sites (recipes site-*, packages/recipes/src/sites): paths shared by several steps. Values come
# from HD_* inputs the panel validated (domains, Linux user names, PHP versions).

# hd_site_php_socket VERSION SITE  Prints the socket of the site's PHP-FPM pool:
# /run/php/php{VERSION}-fpm-{SITE}.sock, or, when that is longer than a Unix socket path may be
# (107 bytes), the same with a hash of the site name in its place.
hd_site_php_socket() {
  local socket="/run/php/php$1-fpm-$2.sock" hash
  if ((${#socket} > 107)); then
    hash=$(printf '%s' "$2" | sha256sum | cut -c1-32) || return 1
    socket="/run/php/php$1-fpm-$hash.sock"
  fi
  printf '%s' "$socket"
}

# hd_site_is_locked HOME  Succeeds when the site's home is owned by root (lockdown): the site
# user cannot write in it, so root may work inside it; otherwise root only chowns there and
# everything else runs as the site user (a user could swap a path for a symbolic link under root).
hd_site_is_locked() {
  [[ -d $1 && ! -L $1 && $(stat -c %u -- "$1") == 0 ]]
}

# The group nginx and apache2 run as on Debian and Ubuntu. It may pass through every site owner's
# home to serve static files; no site user is ever a member of it.
hd_site_web_group=www-data

# hd_site_owner_check USER  Ends the step unless USER exists and may own sites: a regular account,
# uid UID_MIN (/etc/login.defs, 1000 by default) or above and never 0. root, www-data, nobody and
# the daemons never own a site, run its PHP or receive its files, whatever the panel sent (its own
# check is contracts' siteOwnerSchema): a pool as root stops php-fpm for every site, and a site's
# file manager and terminal act as its owner.
hd_site_owner_check() {
  local user=$1 uid uid_min
  uid=$(id -u -- "$user" 2>/dev/null) || hd_fail "the user $user does not exist on this server"
  uid_min=$(awk '$1 == "UID_MIN" { print $2 }' /etc/login.defs 2>/dev/null || true)
  [[ $uid_min =~ ^[0-9]+$ ]] || uid_min=1000
  ((uid >= uid_min && uid != 0)) || hd_fail "$user is a system account (uid $uid); it cannot own a site"
}

# hd_site_home_gate USER  Makes /home/USER the gate of USER's sites: owner USER, group www-data,
# mode 0710. USER (its PHP pools, cron jobs, shells, file manager) works inside; the web server
# only passes through to the sites' files; every other user, the other sites' PHP included, cannot
# enter, whatever the modes of the files inside (docs/site-isolation.md). Changes only what differs.
hd_site_home_gate() {
  local user=$1 home_root="/home/$1" owner group mode
  getent group -- "$hd_site_web_group" >/dev/null ||
    hd_fail "the web server's group $hd_site_web_group does not exist on this server"
  if [[ ! -e $home_root && ! -L $home_root ]]; then
    mkdir -m 0710 -- "$home_root"
    chown -- "$user:$hd_site_web_group" "$home_root"
    hd_log change "created $home_root"
  fi
  [[ -d $home_root && ! -L $home_root ]] || hd_fail "$home_root is not a folder (or is a symbolic link); refusing to use it"
  read -r owner group mode < <(stat -c '%U %G %a' -- "$home_root")
  if [[ $owner != "$user" || $group != "$hd_site_web_group" ]]; then
    chown -h -- "$user:$hd_site_web_group" "$home_root"
    hd_log change "gave $home_root to $user:$hd_site_web_group (was $owner:$group)"
  fi
  if [[ $mode != 710 ]]; then
    # Five digits: GNU chmod keeps a folder's setgid bit unless told to clear it.
    chmod 00710 -- "$home_root"
    hd_log change "closed $home_root to other users (0710, was $mode)"
  fi
}

# hd_site_include_remove FILE  Removes a site's nginx include (an app's proxy, n8n's), checked by
# `nginx -t` and reloaded; when nginx refuses the configuration without it, or does not reload, the
# file is put back (and nginx reloaded with it) and the step ends. Nothing to do when it is absent.
hd_site_include_remove() {
  local file=$1 backup="" output
  [[ -e $file ]] || return 0
  hd_backup_of backup "$file"
  cp -a -- "$file" "$backup"
  rm -f -- "$file"
  if ! output=$(nginx -t -q 2>&1); then
    hd_restore_config "$file" "$backup"
    printf '%s\n' "$output" >&2
    hd_fail "the configuration is invalid without $file; it was put back"
  fi
  hd_log change "removed $file"
  if systemctl is-active --quiet nginx && ! hd_reload_service nginx; then
    hd_restore_config "$file" "$backup"
    systemctl reload-or-restart nginx || true
    hd_fail "nginx did not reload without $file; it was put back"
  fi
}
