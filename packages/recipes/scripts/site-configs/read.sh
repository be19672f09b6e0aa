#!/usr/bin/env bash
# site-config-read, step `read`: prints one config file's content and nothing else (no progress
# lines: stdout is the content). Refuses a path with a symbolic link anywhere on it, a missing
# file and a file larger than HD_MAX_BYTES, each with its own exit code.
# Input: HD_CONFIG_FILE, HD_MAX_BYTES, HD_EXIT_* codes.
set -euo pipefail

file=$HD_CONFIG_FILE
# Resolved without following anything the panel did not expect: the path must be its own
# resolution, so no component (file, include directory, /etc/…) is a link.
if [[ $(realpath -m -- "$file") != "$file" ]]; then
  hd_log error "$file is or goes through a symbolic link; it is not followed"
  exit "$HD_EXIT_SYMLINK"
fi
if [[ ! -e $file ]]; then
  hd_log error "$file does not exist"
  exit "$HD_EXIT_MISSING"
fi
[[ -f $file ]] || hd_fail "$file is not a regular file"
if (($(stat -c %s -- "$file") > HD_MAX_BYTES)); then
  hd_log error "$file is larger than $HD_MAX_BYTES bytes"
  exit "$HD_EXIT_TOO_LARGE"
fi
cat -- "$file"
