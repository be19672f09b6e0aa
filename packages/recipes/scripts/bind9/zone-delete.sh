#!/usr/bin/env bash
# bind9-zone-delete, step `delete`: the panel's zone leaves the include (named-checkconf, rndc
# reconfig), then its files and keys are removed. A zone made by hand is refused.
# Input: HD_ZONE.
# shellcheck disable=SC2154 # hd_bind9_* and hd_config_* are set by lib/bind9.sh and lib/files.sh.
set -euo pipefail
hd_bind9_require
hd_bind9_lock

file=$(hd_bind9_zone_file "$HD_ZONE")
if [[ ! -f $file ]]; then
  if hd_bind9_configured "$HD_ZONE"; then
    hd_fail "the zone $HD_ZONE was made by hand on this server: the panel does not change it"
  fi
  hd_log info "there is no zone $HD_ZONE: nothing to delete"
  exit 0
fi
aside=""
hd_temp_file aside
mv -f -- "$file" "$aside"
if ! hd_bind9_apply_include; then
  mv -f -- "$aside" "$file"
  hd_fail "named refused the configuration without $HD_ZONE; nothing was changed"
fi
rm -f -- "$hd_bind9_zones/$HD_ZONE.dnssec" "$file".signed "$file".signed.jnl "$file".jnl "$file".jbk
rm -f -- "$hd_bind9_keys"/K"$HD_ZONE".+* "$hd_bind9_keys/$HD_ZONE".*
hd_log change "zone $HD_ZONE deleted"
