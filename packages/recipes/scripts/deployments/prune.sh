#!/usr/bin/env bash
# site-deploy, step `prune`: keeps the HD_KEEP_RELEASES newest releases (by their time-stamped
# names) and always the one `current` points at; deletes the others, as the site user.
# Input: HD_SITE, HD_LINUX_USER, HD_KEEP_RELEASES.
set -euo pipefail

user=$HD_LINUX_USER
uid=$(id -u -- "$user" 2>/dev/null) || hd_fail "The user $user does not exist on this server"
((uid != 0)) || hd_fail "A site never deploys as root"
home="/home/$user/$HD_SITE"
[[ -d $home/releases && ! -L $home/releases ]] || exit 0

as_user() { runuser -u "$user" -- "$@"; }

live=''
if [[ -L $home/current ]]; then
  live=$(readlink -- "$home/current")
  live=${live##*/}
fi
mapfile -t names < <(find "$home/releases" -mindepth 1 -maxdepth 1 -type d -name '[0-9]*' -printf '%f\n' |
  grep -E '^[0-9]{14}$' | sort -r || true)
index=0
for name in "${names[@]}"; do
  index=$((index + 1))
  if ((index <= HD_KEEP_RELEASES)) || [[ $name == "$live" ]]; then continue; fi
  as_user rm -rf -- "$home/releases/$name"
  hd_log change "removed the old release $name"
done
