#!/usr/bin/env bash
# bind9-records-edit, step `edit`: removes the records whose ids are in HD_REMOVE (id: the first
# 16 hex digits of the sha256 of the record's canonical line) and adds the lines of HD_ADD (the
# panel renders them from validated records, one record a line), then the zone goes through
# named-checkzone, the next serial, named-checkconf and `rndc reload`; refused, the zone stays
# as it was and the event fails with named-checkzone's message.
# Input: HD_ZONE, HD_REMOVE (ids separated by spaces, may be empty), HD_ADD (lines, may be empty).
# shellcheck disable=SC2154 # hd_bind9_* and hd_config_* are set by lib/bind9.sh and lib/files.sh.
set -euo pipefail
hd_bind9_require
hd_bind9_lock

file=$(hd_bind9_zone_file "$HD_ZONE")
if [[ ! -f $file ]]; then
  if hd_bind9_configured "$HD_ZONE"; then
    hd_fail "the zone $HD_ZONE was made by hand on this server: the panel does not change it"
  fi
  hd_fail "there is no zone $HD_ZONE on this server"
fi

current=""
candidate=""
hd_temp_file current
hd_temp_file candidate
named-checkzone -D -o "$current" -- "$HD_ZONE" "$file" >/dev/null
declare -A remove=()
for id in ${HD_REMOVE:-}; do
  [[ $id =~ ^[0-9a-f]{16}$ ]] || hd_fail 'invalid record id'
  remove[$id]=0
done
while IFS= read -r line; do
  if ((${#remove[@]} > 0)); then
    id=$(printf '%s' "$line" | sha256sum)
    id=${id:0:16}
    if [[ -n ${remove[$id]+set} ]]; then
      remove[$id]=1
      continue
    fi
  fi
  printf '%s\n' "$line"
done <"$current" >"$candidate"
for id in "${!remove[@]}"; do
  ((remove[$id] == 1)) || hd_fail "no record $id in $HD_ZONE (the zone may have just changed)"
done
if [[ -n ${HD_ADD:-} ]]; then printf '%s\n' "$HD_ADD" >>"$candidate"; fi

checked=""
hd_temp_file checked
hd_bind9_canonical "$HD_ZONE" "$candidate" "$checked" || exit 1
hd_bind9_install_zone "$HD_ZONE" "$checked" || exit 1
output=""
if ! output=$(named-checkconf -z 2>&1); then
  printf '%s\n' "$output" >&2
  hd_fail 'named-checkconf refused the configuration'
fi
