#!/usr/bin/env bash
# supervisor-log, step `read` (read-only): the last HD_LINES lines of the log of every process of
# one program (stderr goes to the same log in the panel's programs), as supervisorctl tails it.
# Input: HD_PROGRAM, HD_LINES.
set -euo pipefail

name=$HD_PROGRAM
mapfile -t processes < <({ supervisorctl status 2>&1 || true; } |
  awk -v name="$name" '$1 == name || index($1, name ":") == 1 { print $1 }')
if ((${#processes[@]} == 0)); then
  hd_fail "supervisord runs no program named $name"
fi
for process in "${processes[@]}"; do
  if ((${#processes[@]} > 1)); then printf '==> %s <==\n' "$process"; fi
  # A process name of supervisorctl's own listing; `group:name` is tailed as `group:name`.
  supervisorctl tail -65536 "$process" 2>&1 | tail -n "$HD_LINES" || true
done
