#!/usr/bin/env bash
# site-deploy and site-rollback, step `activate`: points {home}/current at releases/{release} with
# one rename (a link made beside it, then `mv -T`), so a request sees the old release or the new
# one, never a missing root. The link is relative: the home can move with its owner.
# Prints the release's commit as `::hostdeck::info::commit=<sha>`.
# Input: HD_SITE, HD_LINUX_USER, HD_RELEASE.
set -euo pipefail

user=$HD_LINUX_USER
uid=$(id -u -- "$user" 2>/dev/null) || hd_fail "The user $user does not exist on this server"
((uid != 0)) || hd_fail "A site never deploys as root"
home="/home/$user/$HD_SITE"
release="$home/releases/$HD_RELEASE"
[[ -d $release && ! -L $release ]] || hd_fail "The release $HD_RELEASE does not exist on the server any more"

as_user() { runuser -u "$user" -- "$@"; }

current="$home/current"
target="releases/$HD_RELEASE"
if [[ -e $current && ! -L $current ]]; then
  hd_fail "$current is a real folder, not a release link: move it away first"
fi
if [[ -L $current && $(readlink -- "$current") == "$target" ]]; then
  hd_log info "current already points at $target"
else
  temp="$home/.current.hostdeck"
  as_user rm -f -- "$temp"
  as_user ln -s -- "$target" "$temp"
  as_user mv -fT -- "$temp" "$current"
  hd_log change "current now points at $target"
fi
commit=$(as_user git -C "$release" rev-parse HEAD 2>/dev/null) || commit=''
if [[ -n $commit ]]; then hd_log info "commit=$commit"; fi
