#!/usr/bin/env bash
# supervisor-control, step `control`: start, stop, restart or clear-log (`supervisorctl clear`)
# of every process of one program, managed or not (its file is never touched).
# Input: HD_PROGRAM, HD_ACTION.
set -euo pipefail

name=$HD_PROGRAM
# status_of  supervisorctl's lines for this program's processes (`name`, or `name:name_00`…).
status_of() {
  { supervisorctl status 2>&1 || true; } | awk -v name="$name" '$1 == name || index($1, name ":") == 1'
}
states=$(status_of)
if [[ -z $states ]]; then
  hd_fail "supervisord runs no program named $name"
fi
mapfile -t processes < <(awk '{ print $1 }' <<<"$states")

case $HD_ACTION in
  start | stop | restart) verb=$HD_ACTION ;;
  clear-log) verb=clear ;;
  *) hd_fail "unknown action $HD_ACTION" ;;
esac
if [[ $verb == clear ]]; then
  # `clear` takes process names, not `group:*`.
  output=$(supervisorctl clear "${processes[@]}" 2>&1) || true
else
  output=$(supervisorctl "$verb" "$name:*" 2>&1) || true
fi
printf '%s\n' "$output"
# Starting a started process or stopping a stopped one is not a failure.
errors=$(grep 'ERROR' <<<"$output" | grep -vE 'already started|not running' || true)
states=$(status_of)
printf '%s\n' "$states"
if [[ -n $errors ]]; then
  supervisorctl tail -2000 "${processes[0]}" >&2 2>/dev/null || true
  hd_fail "supervisorctl $verb $name failed: ${errors//$'\n'/; }"
fi
hd_log change "$verb $name"
