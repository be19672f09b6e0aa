#!/usr/bin/env bash
# site-deploy, step `prepare`: the folders of a release-based site, its `.env` and its deploy key.
# - {home}/releases and {home}/shared exist, owned by the site user;
# - {home}/shared/.env holds the panel's environment text when HD_WRITE_ENVIRONMENT is 1 (it is
#   linked into every release as `.env`); otherwise it is only created empty when missing;
# - ~USER/.ssh/hostdeck-deploy-{site} holds the site's deploy key (0600, the user's), or is removed
#   when the site has none (a public https repository).
# Every file is written by the site user itself (runuser), so a link the user planted in its own
# folders can never make root write elsewhere.
# Input: HD_SITE, HD_LINUX_USER, HD_WRITE_ENVIRONMENT; stdin after the frame: deploy key, NUL,
# environment, NUL, deploy script, NUL.
set -euo pipefail

user=$HD_LINUX_USER
uid=$(id -u -- "$user" 2>/dev/null) || hd_fail "The user $user does not exist on this server"
((uid != 0)) || hd_fail "A site never deploys as root"
user_home=$(getent passwd -- "$user" | cut -d: -f6)
[[ -n $user_home && -d $user_home ]] || hd_fail "The user $user has no home directory"
home="/home/$user/$HD_SITE"
[[ -d $home && ! -L $home ]] || hd_fail "The site folder $home does not exist: create the site first"

as_user() { runuser -u "$user" -- "$@"; }

deploy_key=''
environment=''
IFS= read -r -d '' deploy_key || true
IFS= read -r -d '' environment || true

for folder in releases shared; do
  if [[ ! -d $home/$folder ]]; then
    as_user mkdir -p -- "$home/$folder"
    hd_log change "created $home/$folder"
  fi
done

# write_as_user PATH CONTENT  Replaces PATH (mode 0600) with CONTENT in one rename, as the site
# user; prints a change line only when the content differs.
write_as_user() {
  local path=$1 content=$2
  if as_user test -f "$path" && printf '%s' "$content" | as_user cmp -s -- - "$path"; then
    hd_log info "$path is up to date"
    return 0
  fi
  # shellcheck disable=SC2016 # expanded by the user's shell, from its arguments
  printf '%s' "$content" | as_user bash -c 'umask 077; temp=$(mktemp -- "$1.hostdeck.XXXXXX") && cat >"$temp" && mv -f -- "$temp" "$1"' hostdeck-write "$path"
  hd_log change "wrote $path"
}

env_file="$home/shared/.env"
if [[ $HD_WRITE_ENVIRONMENT == 1 ]]; then
  write_as_user "$env_file" "$environment"
elif ! as_user test -e "$env_file"; then
  write_as_user "$env_file" ''
fi

key_file="$user_home/.ssh/hostdeck-deploy-$HD_SITE"
if [[ -n $deploy_key ]]; then
  if ! as_user test -d "$user_home/.ssh"; then
    as_user mkdir -m 0700 -- "$user_home/.ssh"
    hd_log change "created $user_home/.ssh"
  fi
  write_as_user "$key_file" "$deploy_key"
elif as_user test -e "$key_file"; then
  as_user rm -f -- "$key_file"
  hd_log change "removed $key_file"
fi
