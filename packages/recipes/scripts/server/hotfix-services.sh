#!/usr/bin/env bash
# server-hotfix, step `services`: restarts every service systemd reports as failed, then fails
# (with their status) if some are still failed. Nothing to do on a healthy server.
set -euo pipefail

failed_services() {
  systemctl list-units --type=service --state=failed --plain --no-legend --no-pager | awk '{ print $1 }'
}

mapfile -t failed < <(failed_services)
if ((${#failed[@]} == 0)); then
  hd_log info "no failed services"
  exit 0
fi
for unit in "${failed[@]}"; do
  systemctl reset-failed -- "$unit" || true
  if systemctl restart -- "$unit"; then
    hd_log change "restarted $unit"
  fi
done

sleep 2
mapfile -t still < <(failed_services)
for unit in "${still[@]}"; do
  systemctl status --no-pager --lines=20 -- "$unit" >&2 || true
done
if ((${#still[@]} > 0)); then
  hd_fail "still failed: ${still[*]}"
fi
