#!/usr/bin/env bash
# openlitespeed-restart, step `restart`: `lswsctrl restart`, which is graceful in OpenLiteSpeed
# (new workers take the configuration, the old ones finish their requests first), then checks
# that it runs.
set -euo pipefail

ctrl=/usr/local/lsws/bin/lswsctrl
[[ -x $ctrl ]] || hd_fail "OpenLiteSpeed is not installed ($ctrl is missing)"
"$ctrl" restart >/dev/null
hd_log change "restarted OpenLiteSpeed gracefully (lswsctrl restart)"
for ((attempt = 1; attempt <= 40; attempt++)); do
  if "$ctrl" status 2>/dev/null | grep -q 'is running'; then
    exit 0
  fi
  sleep 0.5
done
hd_fail "OpenLiteSpeed does not run after the restart"
