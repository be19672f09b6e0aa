#!/usr/bin/env bash
# bind9-dnssec, step `apply`: DNSSEC on (`dnssec-policy default` with inline signing, keys in
# /var/lib/bind/hostdeck/keys) or off for one panel zone; named-checkconf, then rndc reconfig.
# Refused, the include is put back.
# Input: HD_ZONE, HD_ENABLED (0|1).
# shellcheck disable=SC2154 # hd_bind9_* and hd_config_* are set by lib/bind9.sh and lib/files.sh.
set -euo pipefail
hd_bind9_require
hd_bind9_lock
hd_bind9_prepare

file=$(hd_bind9_zone_file "$HD_ZONE")
[[ -f $file ]] || hd_fail "there is no panel zone $HD_ZONE on this server"
marker=$hd_bind9_zones/$HD_ZONE.dnssec
had=0
[[ -f $marker ]] && had=1
if [[ $HD_ENABLED == 1 ]]; then : >"$marker"; else rm -f -- "$marker"; fi
if ! hd_bind9_apply_include; then
  if ((had == 1)); then : >"$marker"; else rm -f -- "$marker"; fi
  hd_fail "named refused the DNSSEC change of $HD_ZONE; nothing was changed"
fi
if [[ $HD_ENABLED == 0 ]]; then
  # Unsigned again: named serves the raw file; its signed copy and journal go.
  rm -f -- "$file".signed "$file".signed.jnl
  hd_bind9_rndc reload "$HD_ZONE" >/dev/null 2>&1 || true
fi
hd_log change "DNSSEC of $HD_ZONE is $([[ $HD_ENABLED == 1 ]] && echo on || echo off)"
