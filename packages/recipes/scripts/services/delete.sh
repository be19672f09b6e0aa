#!/usr/bin/env bash
# service-delete, step `delete`: stops, disables and removes a service the panel made (its unit
# file's first line is the marker); any other service is refused. Gone already: nothing to do.
# Input: HD_SERVICE_UNIT (`NAME.service`), HD_MARKER.
set -euo pipefail

unit=$HD_SERVICE_UNIT
target=/etc/systemd/system/$unit
if [[ ! -e $target && ! -L $target ]]; then
  hd_log info "$target is already gone"
  systemctl daemon-reload
  exit 0
fi
first=''
[[ -f $target && ! -L $target ]] && { IFS= read -r first <"$target" || true; }
[[ $first == "$HD_MARKER"* ]] || hd_fail "$unit was not made by HostDeck; it is not deleted"

if systemctl is-active --quiet -- "$unit"; then
  systemctl stop -- "$unit"
  hd_log change "stopped $unit"
fi
if systemctl is-enabled --quiet -- "$unit" 2>/dev/null; then
  systemctl disable -- "$unit"
  hd_log change "disabled $unit"
fi
rm -f -- "$target"
hd_log change "removed $target"
systemctl daemon-reload
systemctl reset-failed -- "$unit" 2>/dev/null || true
