#!/usr/bin/env bash
# mtproxy-log, step `read` (read-only): the last HD_MTPROXY_LINES lines of mtproxy.service's
# journal, oldest first.
set -euo pipefail

[[ $HD_MTPROXY_LINES =~ ^[1-9][0-9]{0,3}$ ]] || hd_fail "invalid number of lines"
journalctl -u mtproxy.service -n "$HD_MTPROXY_LINES" --no-pager -o short-iso 2>/dev/null | grep -v '^-- ' || true
