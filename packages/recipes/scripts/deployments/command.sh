#!/usr/bin/env bash
# site-command, step `run`: runs the command text (stdin after the frame) with a login bash as the
# site user, in the site's project root: {home}/current for a release-based site (where the
# deployed code is), else {home}. Not the public folder: commands such as `php artisan` or
# `composer install` work from the project root. Output streams to the event; the command's exit
# status is the step's.
# The text goes to a file the user owns (never into a script text of ours); the command's own
# stdin is empty.
# Input: HD_SITE, HD_LINUX_USER, HD_RELEASES; stdin after the frame: the command.
set -euo pipefail

user=$HD_LINUX_USER
uid=$(id -u -- "$user" 2>/dev/null) || hd_fail "The user $user does not exist on this server"
((uid != 0)) || hd_fail "A site command never runs as root"
user_home=$(getent passwd -- "$user" | cut -d: -f6)
home="/home/$user/$HD_SITE"
[[ -d $home && ! -L $home ]] || hd_fail "The site folder $home does not exist"

as_user() { runuser -u "$user" -- "$@"; }

directory=$home
if [[ $HD_RELEASES == 1 && -d $home/current ]]; then directory="$home/current"; fi

command_file=''
# shellcheck disable=SC2317 # called by the EXIT trap
remove_command() {
  if [[ -n $command_file ]]; then as_user rm -f -- "$command_file" || true; fi
  hd_cleanup
}
trap remove_command EXIT

command_file=$(as_user mktemp -- /tmp/hostdeck-command.XXXXXX)
as_user tee -- "$command_file" >/dev/null
cd -- "$directory"
set +e
as_user env -i HOME="$user_home" USER="$user" LOGNAME="$user" LANG=C.UTF-8 PWD="$directory" \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin TERM=dumb \
  bash --login -- "$command_file" </dev/null
status=$?
set -e
if ((status != 0)); then hd_log error "the command ended with exit code $status"; fi
exit "$status"
