#!/usr/bin/env bash
# wordpress-run, step `run`: one action of the panel's WordPress tool as the site's Linux user
# (HD_WP_ACTION: list, search, info, install-item, update, delete, toggle, auto-update,
# login-token, login-revoke, users, user-create, user-role, user-reset, optimize, wprocket,
# search-replace), after putting the tool
# and the must-use plugin back as the panel ships them. Prints the tool's JSON as the last line of stdout.
# An update is safe: the item's folder is copied first (as the site user, in
# /home/USER/.hostdeck-wordpress/SITE/snapshots), then the home page and wp-login.php must answer
# without a PHP fatal; when they don't, the copy is put back, the site checked again, and the step
# fails saying so. PHP-FPM reloads after each change of files, so no cached code answers.
# Input: HD_SITE, HD_LINUX_USER, HD_PHP_VERSION, HD_WP_URL, HD_WP_DIRECTORY, HD_WP_ACTION,
# HD_WP_TYPE, HD_WP_SLUG, HD_WP_ON, HD_WP_QUERY, HD_WP_USER, HD_WP_EMAIL, HD_WP_ROLE,
# HD_WP_TTL, HD_WP_FROM, HD_WP_TO (each optional but the first five), HD_WP_TOOL,
# HD_WP_MU_PLUGIN.
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
user=${HD_LINUX_USER:?HD_LINUX_USER is required}
# shellcheck disable=SC2034 # read by hd_wp_tool (wordpress/lib/wordpress.sh).
php="php${HD_PHP_VERSION:?HD_PHP_VERSION is required}"
action=${HD_WP_ACTION:?HD_WP_ACTION is required}
cd /
hd_site_owner_check "$user"
web_root="/home/$user/$site"
[[ -f $web_root/wp-config.php && ! -L $web_root ]] || hd_fail "WordPress is not installed in $web_root"
as_user() { runuser -u "$user" -- "$@"; }

hd_wp_panel_files || hd_fail "the panel's WordPress tool could not be put in place"

arguments=()
for name in HD_WP_TYPE HD_WP_SLUG HD_WP_ON HD_WP_QUERY HD_WP_USER HD_WP_EMAIL HD_WP_ROLE HD_WP_TTL HD_WP_FROM HD_WP_TO; do
  if [[ -n ${!name:-} ]]; then arguments+=("$name=${!name}"); fi
done

if [[ $action != update ]]; then
  result=$(hd_wp_tool "$action" "${arguments[@]}") || hd_fail "${result:-the WordPress tool failed}"
  printf '%s\n' "$result"
  exit 0
fi

# A safe update.
slug=${HD_WP_SLUG:?HD_WP_SLUG is required}
case ${HD_WP_TYPE:-plugins} in
  plugins) item="$web_root/wp-content/plugins/$slug" ;;
  themes) item="$web_root/wp-content/themes/$slug" ;;
  *) hd_fail "unknown type" ;;
esac
[[ -d $item && ! -L $item ]] || hd_fail "$item is not a folder"
snapshots="/home/$user/.hostdeck-wordpress/$site/snapshots"
snapshot="$snapshots/${HD_WP_TYPE:-plugins}-$slug"
as_user mkdir -p -- "$snapshots"
as_user chmod 0700 -- "/home/$user/.hostdeck-wordpress"
as_user rm -rf -- "$snapshot"
as_user cp -a -- "$item" "$snapshot"
hd_log change "snapshot of $item in $snapshot"

# PHP-FPM's opcache may serve the files it compiled before for a moment: the pools of this PHP
# version start again (a graceful reload) so the check, and the visitors, get the files now there.
fresh_code() {
  hd_php_fpm_reload "$HD_PHP_VERSION" "$(hd_site_php_socket "$HD_PHP_VERSION" "$site")" ||
    hd_fail "php$HD_PHP_VERSION-fpm did not reload"
}

restore() {
  as_user rm -rf -- "$item"
  as_user cp -a -- "$snapshot" "$item"
  hd_log change "put $item back from its snapshot"
  fresh_code
}

if ! result=$(hd_wp_tool update "${arguments[@]}"); then
  restore
  hd_fail "the update of $slug failed; the previous version was put back: $result"
fi
fresh_code
if ! hd_wp_check_site; then
  restore
  if hd_wp_check_site; then
    hd_fail "the update of $slug broke the site (PHP fatal); it was rolled back and the site answers again"
  fi
  hd_fail "the update of $slug broke the site (PHP fatal); it was rolled back but the site still does not answer"
fi
hd_log change "updated $slug: $result"
printf '%s\n' "$result"
