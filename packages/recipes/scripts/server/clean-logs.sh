#!/usr/bin/env bash
# server-clean, step `logs`: removes rotated logs (`*.gz`, `*.1`, `*.old`…) older than
# HD_LOG_AGE_DAYS under /var/log, and journal files older than that. Logs being written to are
# never touched.
# Input: HD_LOG_AGE_DAYS, a whole number of days validated by the panel.
set -euo pipefail

days=$HD_LOG_AGE_DAYS
[[ $days =~ ^[1-9][0-9]{0,3}$ ]] || hd_fail "invalid age in days"

removed=0
bytes=0
while IFS= read -r -d '' file; do
  size=$(stat -c %s -- "$file")
  rm -f -- "$file"
  removed=$((removed + 1))
  bytes=$((bytes + size))
done < <(find /var/log -xdev -type f \
  \( -name '*.gz' -o -name '*.xz' -o -name '*.bz2' -o -name '*.zst' -o -name '*.[0-9]' -o -name '*.[0-9].log' -o -name '*.old' \) \
  -mtime "+$((days - 1))" -print0)
if ((removed > 0)); then
  hd_log change "removed $removed rotated log file(s), $((bytes / 1024)) KiB"
else
  hd_log info "no rotated logs older than $days day(s)"
fi

if command -v journalctl >/dev/null; then
  journalctl --vacuum-time="${days}d" 2>&1 | grep -v '^Vacuuming done' || true
fi
