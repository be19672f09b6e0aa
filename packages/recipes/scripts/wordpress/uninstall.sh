#!/usr/bin/env bash
# wordpress-uninstall, step `uninstall` (DELETE api/sites/{site}/uninstall, docs/wordpress.md): the
# panel stops managing WordPress on HD_SITE. Its marked cron line of the site user and its must-use
# plugin (sign-in links, directory API) go; WordPress itself, its files and its database stay, and
# the site keeps answering. With HD_DELETE_DATA=1 everything in the web root goes too, and the
# panel's snapshots of the site (the database is dropped by the panel's next steps).
# Input: HD_SITE, HD_LINUX_USER, HD_DELETE_DATA (0 or 1).
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
user=${HD_LINUX_USER:?HD_LINUX_USER is required}
delete_data=${HD_DELETE_DATA:-0}
[[ $delete_data == 0 || $delete_data == 1 ]] || hd_fail "HD_DELETE_DATA must be 0 or 1"
cd /
hd_site_owner_check "$user"
web_root="/home/$user/$site"
[[ -d $web_root && ! -L $web_root ]] || hd_fail "$web_root is missing"
! hd_site_is_locked "$web_root" || hd_fail "$web_root is locked down (owned by root); unlock the site first"

# The cron line the install wrote (marked `# hostdeck-wordpress SITE`); the user's other lines stay.
marker="# hostdeck-wordpress $site"
current=$(crontab -u "$user" -l 2>/dev/null || true)
if grep -qF -- "$marker" <<<"$current"; then
  next=$(grep -vF -- "$marker" <<<"$current" || true)
  if [[ -n ${next//[[:space:]]/} ]]; then
    printf '%s\n' "$next" | crontab -u "$user" -
  else
    crontab -u "$user" -r
  fi
  hd_log change "Removed the wp-cron line of $site from the crontab of $user"
fi

mu=$web_root/wp-content/mu-plugins/hostdeck.php
if [[ -f $mu && ! -L $mu ]]; then
  rm -f -- "$mu"
  hd_log change "Removed the panel's must-use plugin of $site"
fi

if [[ $delete_data == 1 ]]; then
  # As the site user: everything in the web root (its own files), then the panel's snapshots.
  runuser -u "$user" -- find "$web_root" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} +
  hd_log change "Removed the WordPress files of $site"
  state="/home/$user/.hostdeck-wordpress/$site"
  if [[ -d $state && ! -L $state ]]; then
    runuser -u "$user" -- rm -rf -- "$state"
    hd_log change "Removed the update snapshots of $site"
  fi
else
  hd_log info "WordPress stays in $web_root with its database; the panel no longer manages it"
fi
