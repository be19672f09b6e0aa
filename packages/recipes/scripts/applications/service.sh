#!/usr/bin/env bash
# application-service, step `service`: starts, stops or restarts the application's service, then
# checks the state the server reports (active after start and restart, inactive after stop; for
# PostgreSQL, its clusters' instances too). Starting a running service or stopping a stopped one
# changes nothing. Stopping also stops its socket unit, if any, so no connection starts it again.
# Whether the service starts at boot is left as it is.
# Input: HD_ACTION (start, stop or restart), HD_APPLICATION_NAME, HD_APPLICATION_SERVICE,
# HD_APPLICATION_INSTANCES (optional).
set -euo pipefail

service=${HD_APPLICATION_SERVICE:?this application has no service}
instances=${HD_APPLICATION_INSTANCES:-}
if ! systemctl cat -- "$service" >/dev/null 2>&1; then
  hd_fail "$HD_APPLICATION_NAME is not installed: there is no $service service"
fi

state() {
  systemctl show -p ActiveState --value -- "$service"
}

# Stopped means inactive, or failed when the process ended badly on its way out.
pattern_of() {
  if [[ $1 == active ]]; then printf '^active$'; else printf '^(inactive|failed)$'; fi
}

# instances_not STATE  The instances (PostgreSQL clusters) that are not in STATE.
instances_not() {
  [[ -n $instances ]] || return 0
  systemctl list-units --all --plain --no-legend -- "$instances" |
    awk -v want="$(pattern_of "$1")" '$2 == "loaded" && $3 !~ want { print $1 }'
}

# settle active|inactive  Waits up to 30 s for the service and its instances to get there.
settle() {
  local wanted=$1 current pending attempt
  for ((attempt = 1; attempt <= 30; attempt++)); do
    current=$(state)
    pending=$(instances_not "$wanted")
    if [[ $current =~ $(pattern_of "$wanted") && -z $pending ]]; then
      hd_log info "$service is $current"
      return 0
    fi
    sleep 1
  done
  systemctl status --no-pager --lines=20 -- "$service" >&2 || true
  hd_fail "$service is $current${pending:+ (not $wanted: $pending)} after $HD_ACTION; expected $wanted"
}

# A socket unit (mariadb.socket, docker.socket) would start the service again on the next
# connection: a stopped service stays stopped only with its socket stopped too.
stop_socket() {
  if systemctl is-active --quiet -- "$service.socket"; then
    systemctl stop -- "$service.socket"
    hd_log change "stopped $service.socket"
  fi
}

case $HD_ACTION in
  start)
    if [[ $(state) == active && -z $(instances_not active) ]]; then
      hd_log info "$service is already running"
    else
      systemctl start -- "$service"
      hd_log change "started $service"
    fi
    settle active
    ;;
  stop)
    if [[ $(state) =~ $(pattern_of inactive) && -z $(instances_not inactive) ]]; then
      hd_log info "$service is already stopped"
      stop_socket
      exit 0
    fi
    stop_socket
    systemctl stop -- "$service"
    hd_log change "stopped $service"
    settle inactive
    ;;
  restart)
    systemctl restart -- "$service"
    hd_log change "restarted $service"
    settle active
    ;;
  *) hd_fail "unknown action $HD_ACTION" ;;
esac
