#!/usr/bin/env bash
# application-install, step `enable`: the application's service enabled at boot and running (each
# only when needed), then checked: for PostgreSQL, every cluster's instance too. Applications
# without a service of their own (PM2, WireGuard) have nothing to start.
# Input: HD_APPLICATION_NAME, HD_APPLICATION_SERVICE, HD_APPLICATION_INSTANCES (optional).
set -euo pipefail

service=${HD_APPLICATION_SERVICE:-}
if [[ -z $service ]]; then
  hd_log info "$HD_APPLICATION_NAME has no service of its own to start"
  exit 0
fi
if ! systemctl cat -- "$service" >/dev/null 2>&1; then
  hd_fail "$HD_APPLICATION_NAME's service $service was not found after installing it"
fi
hd_enable_service "$service"

# Instances (PostgreSQL clusters) start behind their wrapper unit: wait for them to settle.
if [[ -n ${HD_APPLICATION_INSTANCES:-} ]]; then
  for ((attempt = 1; attempt <= 30; attempt++)); do
    pending=$(systemctl list-units --all --plain --no-legend -- "$HD_APPLICATION_INSTANCES" |
      awk '$2 == "loaded" && $3 != "active" { print $1 }')
    [[ -n $pending ]] || break
    sleep 1
  done
  if [[ -n $pending ]]; then
    for unit in $pending; do systemctl status --no-pager --lines=20 -- "$unit" >&2 || true; done
    hd_fail "not running: $pending"
  fi
fi
hd_log info "$service is $(systemctl is-active -- "$service")"
