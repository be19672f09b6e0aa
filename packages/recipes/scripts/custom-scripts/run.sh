#!/usr/bin/env bash
# custom-script-run, step `run`: runs a user's custom script as root (issue 22 point 6). The
# script's text arrives on stdin after the frame and goes to a root-only file (hd_temp_file, in
# /var/lib/hostdeck/tmp, never /tmp where a site user could plant a link), which bash runs:
# the text is data, never part of a script of ours. Output streams to the event; the script's
# exit status is the step's. The script's own stdin is empty.
# Input: none in the environment; stdin after the frame: the script.
set -euo pipefail

script_file=''
hd_temp_file script_file
cat >"$script_file"

cd /root
set +e
env -i HOME=/root USER=root LOGNAME=root LANG=C.UTF-8 PWD=/root TERM=dumb \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  bash --noprofile --norc -- "$script_file" </dev/null
status=$?
set -e
if ((status != 0)); then hd_log error "the script ended with exit code $status"; fi
exit "$status"
