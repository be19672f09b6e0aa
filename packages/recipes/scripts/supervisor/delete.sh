#!/usr/bin/env bash
# supervisor-delete, step `delete`: stops a program the panel made, removes its file
# (`supervisorctl reread` + `update <name>`, supervisord is never restarted) and its logs. A file
# without the panel's marker is never removed. When supervisor refuses, the file is put back.
# Input: HD_PROGRAM.
set -euo pipefail

name=$HD_PROGRAM
file=/etc/supervisor/conf.d/hostdeck-$name.conf
marker='# Managed by HostDeck'

if [[ ! -e $file ]]; then
  hd_log info "$file does not exist"
  exit 0
fi
[[ -f $file && ! -L $file ]] || hd_fail "$file is not a regular file"
[[ $(head -n 1 -- "$file") == "$marker"* ]] || hd_fail "$file was not made by the panel; it is left as it is"

supervisorctl stop "$name:*" 2>&1 || true
backup=""
hd_backup_of backup "$file"
cp -p -- "$file" "$backup"
rm -f -- "$file"
status=0
output=$(supervisorctl reread 2>&1 && supervisorctl update "$name" 2>&1) || status=$?
printf '%s\n' "$output"
if ((status != 0)) || grep -q 'ERROR' <<<"$output"; then
  cp -p -- "$backup" "$file"
  supervisorctl reread >&2 || true
  supervisorctl update "$name" >&2 || true
  hd_fail "supervisor refused to remove $name; its file was restored"
fi
hd_log change "removed $file"
shopt -s nullglob
logs=("/var/log/supervisor/hostdeck-$name.log"* "/var/log/supervisor/hostdeck-${name}_"[0-9][0-9].log*)
if ((${#logs[@]} > 0)); then
  rm -f -- "${logs[@]}"
  hd_log change "removed the logs of $name"
fi
