#!/usr/bin/env bash
# application-auto-restart, step `auto-restart`: the systemd drop-in
# /etc/systemd/system/<unit>.service.d/hostdeck-auto-restart.conf with Restart=always (systemd
# then restarts the service whenever it stops, except after `systemctl stop`), written or removed,
# then `systemctl daemon-reload`. The drop-in goes on HD_APPLICATION_RESTART_UNIT, which is the
# `postgresql@` template for PostgreSQL (its `postgresql` unit is a oneshot, where Restart=always
# is refused). When systemd does not load the result, the previous state is put back.
# Input: HD_ENABLED (1 or 0), HD_APPLICATION_NAME, HD_APPLICATION_SERVICE,
# HD_APPLICATION_RESTART_UNIT, HD_APPLICATION_INSTANCES (optional).
set -euo pipefail

service=${HD_APPLICATION_SERVICE:?this application has no service}
unit=${HD_APPLICATION_RESTART_UNIT:-$service}
directory=/etc/systemd/system/$unit.service.d
drop_in=$directory/hostdeck-auto-restart.conf
if ! systemctl cat -- "$service" >/dev/null 2>&1; then
  hd_fail "$HD_APPLICATION_NAME is not installed: there is no $service service"
fi

drop_in_text() {
  cat <<'CONF'
# Managed by HostDeck (Applications, auto-restart): restart the service whenever it stops.
[Service]
Restart=always
RestartSec=5s
CONF
}

# The units that carry the drop-in: the unit itself, or a template's loaded instances.
checked_units() {
  if [[ $unit == *@ ]]; then
    systemctl list-units --all --plain --no-legend -- "${HD_APPLICATION_INSTANCES:-$unit*.service}" |
      awk '$2 == "loaded" { print $1 }'
  else
    printf '%s\n' "$unit"
  fi
}

# restart_policy_is VALUE  Every checked unit loads with Restart=VALUE.
restart_policy_is() {
  local checked
  for checked in $(checked_units); do
    if [[ $(systemctl show -p LoadState --value -- "$checked") != loaded ]]; then return 1; fi
    if [[ $(systemctl show -p Restart --value -- "$checked") != "$1" ]]; then return 1; fi
  done
}

if [[ $HD_ENABLED == 1 ]]; then
  if [[ -f $drop_in ]] && cmp -s -- "$drop_in" <(drop_in_text); then
    hd_log info "auto-restart of $HD_APPLICATION_NAME is already on"
    exit 0
  fi
  mkdir -p -- "$directory"
  hd_write_atomic "$drop_in" 0644 root:root < <(drop_in_text)
  systemctl daemon-reload
  if ! restart_policy_is always; then
    rm -f -- "$drop_in"
    rmdir --ignore-fail-on-non-empty -- "$directory"
    systemctl daemon-reload
    hd_fail "systemd did not accept Restart=always for $unit; the drop-in was removed"
  fi
  hd_log change "turned auto-restart of $HD_APPLICATION_NAME on ($drop_in)"
else
  if [[ ! -e $drop_in ]]; then
    hd_log info "auto-restart of $HD_APPLICATION_NAME is already off"
    exit 0
  fi
  rm -f -- "$drop_in"
  rmdir --ignore-fail-on-non-empty -- "$directory"
  systemctl daemon-reload
  hd_log change "turned auto-restart of $HD_APPLICATION_NAME off"
fi
for checked in $(checked_units); do
  hd_log info "$checked: $(systemctl show -p Restart -- "$checked")"
done
