#!/usr/bin/env bash
# site-deploy, step `fetch`: clones the branch into {home}/releases/{release}, as the site user,
# with the site's deploy key (when it has one). The repository URL and the branch come from the
# panel's grammars (no leading '-', no local or helper transport) and still follow `--`; the
# local and `ext::` transports are refused again here for submodules and redirects.
# The commit is printed as `::hostdeck::info::commit=<sha>`. A failed clone leaves no folder.
# Input: HD_SITE, HD_LINUX_USER, HD_RELEASE, HD_REPOSITORY, HD_BRANCH.
set -euo pipefail

user=$HD_LINUX_USER
uid=$(id -u -- "$user" 2>/dev/null) || hd_fail "The user $user does not exist on this server"
((uid != 0)) || hd_fail "A site never deploys as root"
user_home=$(getent passwd -- "$user" | cut -d: -f6)
home="/home/$user/$HD_SITE"
[[ -d $home/releases && ! -L $home/releases ]] || hd_fail "$home/releases does not exist"

as_user() { runuser -u "$user" -- "$@"; }

release="$home/releases/$HD_RELEASE"
key_file="$user_home/.ssh/hostdeck-deploy-$HD_SITE"
# BatchMode: never wait for a password; accept-new: trust a git host at first contact only.
ssh_command='ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new'
if as_user test -f "$key_file"; then
  printf -v ssh_command '%s -i %q -o IdentitiesOnly=yes' "$ssh_command" "$key_file"
fi

# The panel never reuses a release name; should it happen, the live release is not replaced.
if [[ -L $home/current && $(readlink -- "$home/current") == "releases/$HD_RELEASE" ]]; then
  hd_fail "The release $HD_RELEASE is the live one: it is never fetched again"
fi
# A retried step starts from nothing.
as_user rm -rf -- "$release"
hd_log info "cloning branch $HD_BRANCH of $HD_REPOSITORY"
if ! as_user env -i HOME="$user_home" LANG=C.UTF-8 PATH=/usr/local/bin:/usr/bin:/bin \
  GIT_SSH_COMMAND="$ssh_command" GIT_TERMINAL_PROMPT=0 \
  git -c protocol.ext.allow=never -c protocol.file.allow=never \
  clone --quiet --depth 1 --single-branch --branch "$HD_BRANCH" -- "$HD_REPOSITORY" "$release" </dev/null; then
  as_user rm -rf -- "$release"
  hd_fail "Cloning branch $HD_BRANCH of $HD_REPOSITORY failed (is the deploy key added to the repository?)"
fi
commit=$(as_user git -C "$release" rev-parse HEAD)
hd_log change "cloned release $HD_RELEASE"
hd_log info "commit=$commit"
