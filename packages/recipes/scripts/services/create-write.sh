#!/usr/bin/env bash
# service-create, step `write`: checks and installs the panel's unit file
# /etc/systemd/system/NAME.service. The name must be free (no unit of that name anywhere, or one
# the panel made: a retry rewrites its own file), the user a regular account, the working
# directory a folder. The text (rendered by the panel from validated fields, first line the
# marker) is checked with `systemd-analyze verify` under its own name in a private folder before
# it is written; then systemd reloads its units. Nothing is written when a check fails.
# Input: HD_SERVICE_NAME, HD_SERVICE_UNIT (`NAME.service`), HD_SERVICE_USER, HD_WORKING_DIRECTORY
# (optional), HD_UNIT (the file's text), HD_MARKER.
set -euo pipefail

unit=$HD_SERVICE_UNIT
target=/etc/systemd/system/$unit

if [[ -e $target || -L $target ]]; then
  first=''
  [[ -f $target && ! -L $target ]] && { IFS= read -r first <"$target" || true; }
  [[ $first == "$HD_MARKER"* ]] || hd_fail "$target already exists and was not made by HostDeck; choose another name"
else
  load=$(systemctl show -p LoadState --value -- "$unit" 2>/dev/null || true)
  [[ -z $load || $load == not-found ]] || hd_fail "a service $HD_SERVICE_NAME already exists on this server; choose another name"
fi

hd_site_owner_check "$HD_SERVICE_USER"
if [[ -n ${HD_WORKING_DIRECTORY:-} && ! -d $HD_WORKING_DIRECTORY ]]; then
  hd_fail "the working directory $HD_WORKING_DIRECTORY does not exist"
fi

check_dir='' temp=''
hd_private_dir check_dir services-verify
check=$check_dir/$unit
hd_cleanup_paths+=("$check")
printf '%s\n' "$HD_UNIT" >"$check"
if ! output=$(systemd-analyze verify -- "$check" 2>&1); then
  printf '%s\n' "$output" >&2
  hd_fail "systemd-analyze verify refused the unit: ${output//$check_dir\//}"
fi
[[ -n $output ]] && hd_log warn "systemd-analyze verify: $output"

if [[ -f $target ]] && cmp -s -- "$check" "$target"; then
  hd_log info "$target is up to date"
else
  hd_temp_beside temp "$target"
  cp -- "$check" "$temp"
  chmod 0644 -- "$temp"
  mv -f -- "$temp" "$target"
  hd_log change "wrote $target"
fi
systemctl daemon-reload
