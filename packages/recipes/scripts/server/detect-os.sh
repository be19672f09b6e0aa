#!/usr/bin/env bash
# server-detect-os, step `detect`: prints the os-release file (ID, VERSION_ID, PRETTY_NAME…) for
# the panel to parse. Changes nothing.
set -euo pipefail

for file in /etc/os-release /usr/lib/os-release; do
  if [[ -r $file ]]; then
    cat -- "$file"
    exit 0
  fi
done
hd_fail "this system has no os-release file"
