#!/usr/bin/env bash
# bind9-zone-write, step `write`: a whole zone from stdin (a zone the panel rendered from
# validated records, or a zone file the user imported) becomes the panel's zone: named-checkzone
# must accept it (its message is the event's error otherwise), its canonical form is kept with the
# next serial, the include names it, named-checkconf checks the configuration and named loads it.
# Anything refused puts the previous file and include back. A zone made by hand is never touched;
# `create` refuses a zone that exists, `import` replaces the panel's own.
# Input: HD_ZONE, HD_MODE (create|import), HD_DNSSEC (0|1); the zone text on stdin.
# shellcheck disable=SC2154 # hd_bind9_* and hd_config_* are set by lib/bind9.sh and lib/files.sh.
set -euo pipefail
hd_bind9_require
hd_bind9_lock
hd_bind9_prepare

file=$(hd_bind9_zone_file "$HD_ZONE")
if [[ ! -f $file ]] && hd_bind9_configured "$HD_ZONE"; then
  hd_fail "the zone $HD_ZONE was made by hand on this server: the panel does not change it"
fi
if [[ $HD_MODE == create && -f $file ]]; then
  hd_fail "the zone $HD_ZONE already exists"
fi
existed=0
[[ -f $file ]] && existed=1

source=""
candidate=""
hd_temp_file source
hd_temp_file candidate
cat >"$source"
hd_bind9_canonical "$HD_ZONE" "$source" "$candidate" || exit 1
marker=$hd_bind9_zones/$HD_ZONE.dnssec
had_marker=0
[[ -f $marker ]] && had_marker=1
if [[ $HD_DNSSEC == 1 ]]; then : >"$marker"; elif ((existed == 0)); then rm -f -- "$marker"; fi

if ! hd_bind9_install_zone "$HD_ZONE" "$candidate"; then
  ((had_marker == 1)) || rm -f -- "$marker"
  exit 1
fi
if ! hd_bind9_apply_include; then
  if ((existed == 0)); then
    rm -f -- "$file"
    ((had_marker == 1)) || rm -f -- "$marker"
  fi
  hd_fail "named refused the zone $HD_ZONE; nothing was changed"
fi
hd_bind9_rndc reload "$HD_ZONE" >/dev/null 2>&1 || true
hd_log info "zone $HD_ZONE is served"
