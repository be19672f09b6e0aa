#!/usr/bin/env bash
# site-deploy, step `build`: links {home}/shared/.env into the new release as `.env`, then runs the
# site's deploy script there with `bash -e`, as the site user, in a clean environment
# (HOSTDECK_RELEASE = the release folder, HOSTDECK_SITE_PATH = the site home). When the script
# fails, the release is deleted and `current` is left as it was: the live site never changes.
# Input: HD_SITE, HD_LINUX_USER, HD_RELEASE; stdin after the frame: deploy key, NUL, environment,
# NUL, deploy script, NUL.
set -euo pipefail

user=$HD_LINUX_USER
uid=$(id -u -- "$user" 2>/dev/null) || hd_fail "The user $user does not exist on this server"
((uid != 0)) || hd_fail "A site never deploys as root"
user_home=$(getent passwd -- "$user" | cut -d: -f6)
home="/home/$user/$HD_SITE"
release="$home/releases/$HD_RELEASE"
[[ -d $release && ! -L $release ]] || hd_fail "The release $HD_RELEASE was not fetched"

as_user() { runuser -u "$user" -- "$@"; }

script=''
IFS= read -r -d '' _ || true
IFS= read -r -d '' _ || true
IFS= read -r -d '' script || true

script_file=''
# shellcheck disable=SC2317 # called by the EXIT trap
remove_script() {
  if [[ -n $script_file ]]; then as_user rm -f -- "$script_file" || true; fi
  hd_cleanup
}
trap remove_script EXIT

abandon_release() {
  as_user rm -rf -- "$release" || true
  hd_fail "$1"
}

as_user ln -sfn -- "$home/shared/.env" "$release/.env" || abandon_release "Linking .env into the release failed"
if [[ -z ${script//[[:space:]]/} ]]; then
  hd_log info "the deploy script is empty: nothing to build"
  exit 0
fi
script_file=$(as_user mktemp -- /tmp/hostdeck-deploy.XXXXXX)
printf '%s\n' "$script" | as_user tee -- "$script_file" >/dev/null
cd -- "$release"
hd_log info "running the deploy script in $release"
if ! as_user env -i HOME="$user_home" USER="$user" LOGNAME="$user" LANG=C.UTF-8 \
  PATH="$user_home/.local/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  HOSTDECK_RELEASE="$release" HOSTDECK_SITE_PATH="$home" HOSTDECK_SITE="$HD_SITE" \
  bash -e -- "$script_file" </dev/null; then
  cd /
  abandon_release "The deploy script failed: release $HD_RELEASE was deleted and the live site was not changed"
fi
hd_log change "built release $HD_RELEASE"
