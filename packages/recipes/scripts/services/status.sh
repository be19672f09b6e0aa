#!/usr/bin/env bash
# service-status, step `read`: `systemctl status` of one service, then the last lines of its
# journal after a `--- journal ---` line; read-only, each line cut to 500 characters.
# Input: HD_SERVICE_UNIT (`NAME.service`), HD_JOURNAL_LINES.
set -euo pipefail

unit=$HD_SERVICE_UNIT
load=$(systemctl show -p LoadState --value -- "$unit" 2>/dev/null || true)
[[ -n $load && $load != not-found ]] || hd_fail "there is no service $unit on this server"

# status answers 3 for a stopped service: its text is what matters.
SYSTEMD_COLORS=0 systemctl status --no-pager --full --lines=0 -- "$unit" 2>&1 | cut -c1-500 || true
printf '%s\n' '--- journal ---'
journalctl --no-pager --quiet --output=short-iso -n "$HD_JOURNAL_LINES" -u "$unit" 2>&1 | cut -c1-500 || true
