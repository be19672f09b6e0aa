#!/usr/bin/env bash
# service-sync, step `sync`: makes systemd read the unit files again (`systemctl daemon-reload`),
# so units added or edited by hand show as they are on disk; the panel then reads the list again.
# Changes no service's state.
set -euo pipefail

systemctl daemon-reload
hd_log change "reloaded systemd's units"
count=$(systemctl list-unit-files --type=service --no-legend --no-pager --plain 2>/dev/null | wc -l)
hd_log info "$count service unit files"
