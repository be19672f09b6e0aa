#!/usr/bin/env bash
# site-apply, step `permissions`: lockdown of the site's home /home/USER/SITE.
# - On: the whole home (releases and shared included) belongs to root, group USER, with no write
#   bit for group and others: the site user (and its PHP) can read everything but change nothing.
#   The user's temporary folder /home/USER/.tmp (uploads, sessions) stays writable.
# - Off: the home belongs to USER again (only when it is locked, so a second run does nothing).
# The modes are changed as the site user *before* root takes the tree (a user can only touch its
# own files that way, whatever links it placed); root then chowns with -h -P, never following a
# link.
# Input: HD_SITE, HD_LINUX_USER, HD_LOCKDOWN (1/0).
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
user=${HD_LINUX_USER:?HD_LINUX_USER is required}
lockdown=${HD_LOCKDOWN:-0}

cd /
group=$(id -gn -- "$user")
home="/home/$user/$site"
[[ -d $home && ! -L $home ]] || hd_fail "$home is missing or not a directory"

if ((lockdown)); then
  if hd_site_is_locked "$home"; then
    hd_log info "$home is locked down"
    exit 0
  fi
  runuser -u "$user" -- chmod -R u+rwX,g+rX,g-w,o-w -- "$home" ||
    hd_log warn "some files in $home could not be made read-only for the group and others"
  chown -R -h -P -- "root:$group" "$home"
  hd_log change "locked down $home: owned by root, read-only for $user"
else
  if ! hd_site_is_locked "$home"; then
    hd_log info "$home belongs to $user"
    exit 0
  fi
  chown -R -h -P -- "$user:$group" "$home"
  hd_log change "unlocked $home: owned by $user again"
fi
