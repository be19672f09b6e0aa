#!/usr/bin/env bash
# site-apply, step `php-pool`: the site's own PHP-FPM pool, running as the site user (never a
# system account: hd_site_owner_check).
# With HD_PHP_VERSION: /etc/php/VERSION/fpm/pool.d/SITE.conf, validated with `php-fpmVERSION -t`
# (the previous file is restored when it fails), php-fpm reloaded only when it changed. The change
# counts only once php-fpm runs with it and the pool's socket answers (hd_php_fpm_reload): php-fpm
# refuses at reload what -t lets through (a pool in root's group), and then stops for every site.
# When it does, the previous pool (or none) is put back, php-fpm comes back with it, and the step
# fails with php-fpm's own messages. The site's pool is removed from every other version, so a
# version change moves it. Without: the site's pools are removed. The socket belongs to www-data
# (nginx, apache) and nobody else.
# PHP is confined to the site's home and the user's temporary folder /home/USER/.tmp (uploads,
# sessions), which lies outside every web root and stays writable under lockdown.
# With HD_PHP_UPLOAD_MB and HD_PHP_EXECUTION_TIME (the panel's limits of the version, issue 16) the
# pool carries them (lib/php.sh hd_php_pool_limits, as recipe php-settings writes them).
# Input: HD_SITE, HD_LINUX_USER, HD_PHP_VERSION (optional), HD_PHP_UPLOAD_MB and
# HD_PHP_EXECUTION_TIME (optional).
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
user=${HD_LINUX_USER:?HD_LINUX_USER is required}
version=${HD_PHP_VERSION:-}
upload_mb=${HD_PHP_UPLOAD_MB:-}
execution_time=${HD_PHP_EXECUTION_TIME:-}

cd /
group=$(id -gn -- "$user")
home="/home/$user/$site"
temporary="/home/$user/.tmp"

render_pool() {
  local socket
  socket=$(hd_site_php_socket "$version" "$site")
  cat <<POOL
; Managed by HostDeck (recipe site-apply): the PHP-FPM pool of $site. Local changes are replaced.
[$site]
user = $user
group = $group
listen = $socket
listen.owner = www-data
listen.group = www-data
listen.mode = 0660

; Processes start on demand and stop when idle: many small sites fit on one server.
pm = ondemand
pm.max_children = 5
pm.process_idle_timeout = 10s
pm.max_requests = 500

chdir = /
php_admin_value[open_basedir] = $home/:$temporary/:/tmp/
php_admin_value[upload_tmp_dir] = $temporary
php_admin_value[session.save_path] = $temporary
php_admin_value[sys_temp_dir] = $temporary
POOL
  if [[ -n $upload_mb && -n $execution_time ]]; then hd_php_pool_limits "$upload_mb" "$execution_time"; fi
}

# remove_pool VERSION  Removes the site's pool of VERSION, then reloads that php-fpm.
remove_pool() {
  local other=$1 file="/etc/php/$1/fpm/pool.d/$site.conf"
  rm -f -- "$file"
  hd_log change "removed $file"
  if command -v "php-fpm$other" >/dev/null && ! "php-fpm$other" -t >/dev/null 2>&1; then
    "php-fpm$other" -t >&2 || true
    hd_fail "the configuration of php$other-fpm is invalid"
  fi
  if systemctl is-active --quiet -- "php$other-fpm"; then hd_reload_service "php$other-fpm"; fi
}

# reload_or_roll_back POOL SOCKET  After a change of POOL: php-fpm runs with it and its socket
# answers, or the previous pool goes back (hd_config_backup; none: the new one is removed), php-fpm
# comes back with it, and the step fails.
reload_or_roll_back() {
  # shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
  local pool=$1 socket=$2 previous=$hd_config_backup
  hd_php_fpm_reload "$version" "$socket" && return 0
  hd_restore_config "$pool" "$previous" || hd_fail "could not put the previous pool of $site back"
  if [[ -n $previous ]]; then
    hd_log warn "php$version-fpm refused the new pool of $site; the previous one was put back"
  else
    hd_log warn "php$version-fpm refused the new pool of $site; it was removed"
  fi
  hd_php_fpm_reload "$version" "${previous:+$socket}" ||
    hd_fail "php$version-fpm refused the pool of $site and did not come back without it (its messages are above)"
  hd_fail "php$version-fpm refused the pool of $site (its messages are above); the sites of PHP $version run as before"
}

if [[ -n $version ]]; then
  command -v "php-fpm$version" >/dev/null || hd_fail "PHP $version is not installed on this server"
  hd_site_owner_check "$user"
  if [[ ! -d $temporary ]]; then
    runuser -u "$user" -- mkdir -p -m 0700 -- "$temporary"
    hd_log change "created $temporary"
  fi
  pool="/etc/php/$version/fpm/pool.d/$site.conf"
  if ! hd_apply_config "$pool" "php-fpm$version" -t < <(render_pool); then
    hd_fail "php$version-fpm rejected the pool of $site (its output is above)"
  fi
  if hd_config_was_changed; then reload_or_roll_back "$pool" "$(hd_site_php_socket "$version" "$site")"; fi
fi

# The site's pools of the other versions (all of them without PHP).
for file in /etc/php/*/fpm/pool.d/"$site".conf; do
  [[ -e $file ]] || continue
  other=${file#/etc/php/}
  other=${other%%/*}
  [[ $other != "$version" ]] || continue
  remove_pool "$other"
done
hd_log info "PHP: ${version:-none}"
