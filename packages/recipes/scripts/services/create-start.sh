#!/usr/bin/env bash
# service-create, step `start`: enables the new service at boot and starts it, as the form asked,
# then checks systemd reports it active (30 s at most). A service that does not start stays
# installed (its status and journal show why) and the step fails with its journal's last lines.
# Input: HD_SERVICE_UNIT, HD_ENABLE (1 or 0), HD_START (1 or 0).
set -euo pipefail

unit=$HD_SERVICE_UNIT
if [[ $HD_ENABLE == 1 ]] && ! systemctl is-enabled --quiet -- "$unit" 2>/dev/null; then
  systemctl enable -- "$unit"
  hd_log change "enabled $unit"
fi
[[ $HD_START == 1 ]] || exit 0

if [[ $(systemctl show -p ActiveState --value -- "$unit") != active ]]; then
  systemctl start -- "$unit" || true
  hd_log change "started $unit"
fi
for ((attempt = 1; attempt <= 60; attempt++)); do
  current=$(systemctl show -p ActiveState --value -- "$unit")
  if [[ $current == active ]]; then
    hd_log info "$unit is running"
    exit 0
  fi
  [[ $current == failed ]] && break
  sleep 0.5
done
journalctl --no-pager --quiet -n 20 -u "$unit" >&2 || true
hd_fail "$unit did not start (it is $current); see its status and journal"
