#!/usr/bin/env bash
# service-action, step `action`: starts, stops or restarts a service and waits (30 s at most) for
# the state systemd reports (active after start and restart; inactive or failed after stop), or
# enables or disables it at boot. Doing what is already done changes nothing.
# Input: HD_SERVICE_UNIT (`NAME.service`), HD_ACTION (start, stop, restart, enable, disable).
set -euo pipefail

unit=$HD_SERVICE_UNIT
load=$(systemctl show -p LoadState --value -- "$unit" 2>/dev/null || true)
[[ -n $load && $load != not-found ]] || hd_fail "there is no service $unit on this server"

state() { systemctl show -p ActiveState --value -- "$unit"; }

settle() {
  local pattern=$1 current attempt
  for ((attempt = 1; attempt <= 60; attempt++)); do
    current=$(state)
    if [[ $current =~ $pattern ]]; then
      hd_log info "$unit is $current"
      return 0
    fi
    sleep 0.5
  done
  SYSTEMD_COLORS=0 systemctl status --no-pager --full --lines=20 -- "$unit" >&2 || true
  hd_fail "$unit is $current after $HD_ACTION"
}

case $HD_ACTION in
  start)
    if [[ $(state) == active ]]; then
      hd_log info "$unit is already running"
    else
      systemctl start -- "$unit"
      hd_log change "started $unit"
    fi
    settle '^active$'
    ;;
  stop)
    if [[ $(state) =~ ^(inactive|failed)$ ]]; then
      hd_log info "$unit is already stopped"
      exit 0
    fi
    systemctl stop -- "$unit"
    hd_log change "stopped $unit"
    settle '^(inactive|failed)$'
    ;;
  restart)
    systemctl restart -- "$unit"
    hd_log change "restarted $unit"
    settle '^active$'
    ;;
  enable)
    if systemctl is-enabled --quiet -- "$unit" 2>/dev/null; then
      hd_log info "$unit is already enabled"
    else
      systemctl enable -- "$unit"
      systemctl is-enabled --quiet -- "$unit" || hd_fail "$unit is $(systemctl is-enabled -- "$unit" 2>&1 || true) after enable"
      hd_log change "enabled $unit"
    fi
    ;;
  disable)
    if ! systemctl is-enabled --quiet -- "$unit" 2>/dev/null; then
      hd_log info "$unit is not enabled"
    else
      systemctl disable -- "$unit"
      hd_log change "disabled $unit"
    fi
    ;;
  *) hd_fail "unknown action $HD_ACTION" ;;
esac
