#!/usr/bin/env bash
# server-timezone, step `set`: the system time zone (timedatectl, or the /etc/localtime link and
# /etc/timezone where timedated is not available). A zone already set changes nothing.
# Input: HD_TIMEZONE, an IANA name validated by the panel (`Area/City`, `UTC`).
set -euo pipefail

zone=$HD_TIMEZONE
zoneinfo=/usr/share/zoneinfo
if [[ ! -f $zoneinfo/$zone ]]; then
  hd_apt_install tzdata
fi
[[ -f $zoneinfo/$zone ]] || hd_fail "unknown time zone: $zone"

current=""
if command -v timedatectl >/dev/null; then
  current=$(timedatectl show -p Timezone --value 2>/dev/null || true)
fi
if [[ -z $current && -L /etc/localtime ]]; then
  current=$(readlink -- /etc/localtime)
  current=${current#*/zoneinfo/}
fi
if [[ $current == "$zone" ]]; then
  hd_log info "the time zone is already $zone"
  exit 0
fi

if ! timedatectl set-timezone -- "$zone" 2>/dev/null; then
  ln -sfn -- "$zoneinfo/$zone" /etc/localtime
fi
# Debian and Ubuntu tools (and tzdata's own configuration) read /etc/timezone as well.
printf '%s\n' "$zone" | hd_write_atomic /etc/timezone 0644 root:root
hd_log change "time zone set to $zone (was ${current:-unknown})"
