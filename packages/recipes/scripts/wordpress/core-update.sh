#!/usr/bin/env bash
# wordpress-core-update, step `update`: WordPress's core files replaced by the tarball the panel's
# setting serves, safely. Everything inside the site is done as its Linux user:
# 1. the tarball from HD_WP_DOWNLOAD_URL (SHA-256 HD_WP_SHA256 checked when set), unpacked by the
#    site user into /home/USER/.hostdeck-wordpress/SITE/core-new;
# 2. a snapshot in /home/USER/.hostdeck-wordpress/SITE/snapshots/core: every entry of the web root
#    but wp-content and wp-config.php, and a dump of the site's database (mariadb-dump/mysqldump
#    with the credentials of wp-config.php, read by the panel's tool, in a client options file of
#    mode 0600: the password is never on a command line);
# 3. the core entries replaced (wp-content of the tarball is not used), PHP-FPM reloaded, then
#    WordPress's database upgrade (wp_upgrade through the tool);
# 4. the home page and wp-login.php must answer without a PHP fatal; otherwise the files and the
#    database are put back, PHP-FPM reloaded, the site checked again and the step fails saying so.
# Input: HD_SITE, HD_LINUX_USER, HD_PHP_VERSION, HD_WP_URL, HD_WP_DIRECTORY, HD_WP_DOWNLOAD_URL,
# HD_WP_SHA256 (optional), HD_WP_TOOL, HD_WP_MU_PLUGIN.
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
user=${HD_LINUX_USER:?HD_LINUX_USER is required}
# shellcheck disable=SC2034 # read by hd_wp_tool (wordpress/lib/wordpress.sh).
php="php${HD_PHP_VERSION:?HD_PHP_VERSION is required}"
cd /
hd_site_owner_check "$user"
web_root="/home/$user/$site"
[[ -f $web_root/wp-config.php && ! -L $web_root ]] || hd_fail "WordPress is not installed in $web_root"
! hd_site_is_locked "$web_root" || hd_fail "$web_root is locked down (owned by root); unlock the site first"
as_user() { runuser -u "$user" -- "$@"; }
hd_wp_panel_files || hd_fail "the panel's WordPress tool could not be put in place"

dump_command=$(command -v mariadb-dump || command -v mysqldump) || hd_fail "mysqldump is not installed on this server"
client_command=$(command -v mariadb || command -v mysql) || hd_fail "the mysql client is not installed on this server"

work="/home/$user/.hostdeck-wordpress/$site"
snapshot="$work/snapshots/core"
staging="$work/core-new"
defaults="$work/client.cnf"
as_user mkdir -p -- "$work/snapshots"
as_user chmod 0700 -- "/home/$user/.hostdeck-wordpress"
on_exit() {
  runuser -u "$user" -- rm -rf -- "$defaults" "$staging" || true
  hd_cleanup
}
trap on_exit EXIT

# 1. The new version, unpacked aside.
tarball=""
hd_wp_tarball tarball
as_user rm -rf -- "$staging"
as_user mkdir -m 0700 -- "$staging"
as_user tar -xzf - -C "$staging" --strip-components=1 --no-same-owner --no-same-permissions <"$tarball" ||
  hd_fail "the tarball could not be unpacked"
[[ -f $staging/wp-includes/version.php && -f $staging/wp-settings.php ]] || hd_fail "the tarball holds no wordpress/ folder"
new_version=$(as_user sed -n "s/^\$wp_version = '\([^']*\)';.*/\1/p" "$staging/wp-includes/version.php" | head -1)
old_version=$(as_user sed -n "s/^\$wp_version = '\([^']*\)';.*/\1/p" "$web_root/wp-includes/version.php" | head -1)
hd_log info "WordPress ${old_version:-?} in $web_root; the tarball holds ${new_version:-?}"

# 2. The snapshot: core files and the database.
credentials=$(hd_wp_tool db-defaults) || hd_fail "the database credentials could not be read from wp-config.php: $credentials"
credentials=$(grep '^{' <<<"$credentials" | tail -n 1)
# json_field NAME  A field of the tool's JSON (on stdin, never on a command line).
# shellcheck disable=SC2016 # PHP code: its values come on stdin and as arguments.
json_field() { "$php" -r '$d = json_decode(stream_get_contents(STDIN), true); echo $d[$argv[1]] ?? "";' "$1"; }
database=$(json_field database <<<"$credentials")
[[ $database =~ ^[A-Za-z0-9_]{1,64}$ ]] || hd_fail "the database name of wp-config.php is not one the panel dumps"
# shellcheck disable=SC2016 # the script of bash -c gets its values as arguments.
json_field defaults <<<"$credentials" | as_user bash -c 'umask 077 && cat > "$1"' write "$defaults"
unset credentials

as_user rm -rf -- "$snapshot"
as_user mkdir -m 0700 -- "$snapshot" "$snapshot/files"
while IFS= read -r -d '' entry; do
  name=${entry##*/}
  [[ $name == wp-content || $name == wp-config.php ]] && continue
  as_user cp -a -- "$entry" "$snapshot/files/$name"
done < <(find "$web_root" -mindepth 1 -maxdepth 1 -print0)
# shellcheck disable=SC2016 # the script of bash -c gets its values as arguments.
as_user bash -c 'umask 077 && "$1" --defaults-extra-file="$2" --single-transaction --no-tablespaces --add-drop-table "$3" > "$4"' \
  dump "$dump_command" "$defaults" "$database" "$snapshot/database.sql" ||
  hd_fail "the database $database could not be dumped; nothing was changed"
hd_log change "snapshot of WordPress ${old_version:-?} (core files and the database $database) in $snapshot"

fresh_code() {
  hd_php_fpm_reload "$HD_PHP_VERSION" "$(hd_site_php_socket "$HD_PHP_VERSION" "$site")" ||
    hd_fail "php$HD_PHP_VERSION-fpm did not reload"
}

restore() {
  local entry name
  # Entries the new version brought that the old one did not have go; the old ones come back.
  while IFS= read -r -d '' entry; do
    name=${entry##*/}
    [[ $name == wp-content || $name == wp-config.php ]] && continue
    if [[ ! -e $snapshot/files/$name && ! -L $snapshot/files/$name ]]; then as_user rm -rf -- "$entry"; fi
  done < <(find "$web_root" -mindepth 1 -maxdepth 1 -print0)
  while IFS= read -r -d '' entry; do
    name=${entry##*/}
    as_user rm -rf -- "$web_root/$name"
    as_user cp -a -- "$entry" "$web_root/$name"
  done < <(find "$snapshot/files" -mindepth 1 -maxdepth 1 -print0)
  # shellcheck disable=SC2016 # the script of bash -c gets its values as arguments.
  as_user bash -c '"$1" --defaults-extra-file="$2" "$3" < "$4"' restore "$client_command" "$defaults" "$database" "$snapshot/database.sql" ||
    hd_log error "the database $database could not be restored from $snapshot/database.sql"
  hd_log change "put WordPress ${old_version:-?} back from its snapshot (files and database)"
  fresh_code
}

rolled_back() {
  restore
  if hd_wp_check_site; then
    hd_fail "$1; WordPress ${old_version:-?} was rolled back (files and database) and the site answers again"
  fi
  hd_fail "$1; WordPress ${old_version:-?} was rolled back (files and database) but the site still does not answer"
}

# 3. The new core files, then the database upgrade.
while IFS= read -r -d '' entry; do
  name=${entry##*/}
  [[ $name == wp-content || $name == wp-config.php ]] && continue
  as_user rm -rf -- "$web_root/$name"
  as_user mv -- "$entry" "$web_root/$name"
done < <(find "$staging" -mindepth 1 -maxdepth 1 -print0)
hd_log change "replaced the core files of $web_root with WordPress ${new_version:-?}"
fresh_code
if ! result=$(hd_wp_tool core-upgrade); then
  rolled_back "the database upgrade of WordPress ${new_version:-?} failed ($result)"
fi
hd_log change "WordPress's database upgrade ran: $result"

# 4. The site must answer.
if ! hd_wp_check_site; then
  rolled_back "WordPress ${new_version:-?} broke the site (PHP fatal)"
fi
hd_log change "updated WordPress from ${old_version:-?} to ${new_version:-?}"
printf '%s\n' "$result"
