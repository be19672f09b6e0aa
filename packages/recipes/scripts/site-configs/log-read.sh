#!/usr/bin/env bash
# site-log-read, step `read`: prints a header line `{"size":N,"truncated":BOOL}`, then the last
# HD_LINES lines of the log (the whole log for -1), at most HD_MAX_BYTES of it: beyond that, its
# end from the first whole line. Both forms read from the end of the file (tail seeks), so a huge
# log costs no more than its end. A log that does not exist yet reads as empty. No progress lines
# on success: stdout is the answer.
# Input: HD_LOG_FILE, HD_LINES (100, 300, 500, 1000 or -1), HD_MAX_BYTES, HD_EXIT_SYMLINK.
set -euo pipefail

file=$HD_LOG_FILE
if [[ $(realpath -m -- "$file") != "$file" ]]; then
  hd_log error "$file is or goes through a symbolic link; it is not followed"
  exit "$HD_EXIT_SYMLINK"
fi
if [[ ! -e $file ]]; then
  printf '{"size":0,"truncated":false}\n'
  exit 0
fi
[[ -f $file ]] || hd_fail "$file is not a regular file"

size=$(stat -c %s -- "$file")
excerpt=""
hd_temp_file excerpt
# One byte more than the limit tells whether the limit cut something.
if ((HD_LINES > 0)); then
  tail -n "$HD_LINES" -- "$file" | tail -c "$((HD_MAX_BYTES + 1))" >"$excerpt"
else
  tail -c "$((HD_MAX_BYTES + 1))" -- "$file" >"$excerpt"
fi

if (($(stat -c %s -- "$excerpt") > HD_MAX_BYTES)); then
  printf '{"size":%s,"truncated":true}\n' "$size"
  tail -c "$HD_MAX_BYTES" -- "$excerpt" | tail -n +2
else
  printf '{"size":%s,"truncated":false}\n' "$size"
  cat -- "$excerpt"
fi
