#!/usr/bin/env bash
# bind9-zone-read, step `read` (read-only): one panel zone as named-checkzone's canonical form,
# a tab-separated line each:
#   managed 0|1, dnssec 0|1, ds <DS record> (per signing key), rr <canonical record line>
# A zone made by hand answers `managed 0` only; a zone that is nowhere fails.
# Input: HD_ZONE.
# shellcheck disable=SC2154 # hd_bind9_* and hd_config_* are set by lib/bind9.sh and lib/files.sh.
set -euo pipefail
hd_bind9_require

file=$(hd_bind9_zone_file "$HD_ZONE")
if [[ ! -f $file ]]; then
  if hd_bind9_configured "$HD_ZONE"; then
    printf 'managed\t0\n'
    exit 0
  fi
  hd_fail "there is no zone $HD_ZONE on this server"
fi
printf 'managed\t1\n'
if [[ -f $hd_bind9_zones/$HD_ZONE.dnssec ]]; then
  printf 'dnssec\t1\n'
  for key in "$hd_bind9_keys"/K"$HD_ZONE".+*.key; do
    [[ -f $key ]] || continue
    # The key-signing key (flags 257): its DS goes to the registrar.
    grep -qE '[[:space:]]DNSKEY[[:space:]]+257[[:space:]]' "$key" || continue
    dnssec-dsfromkey -2 -- "$key" 2>/dev/null | while IFS= read -r ds; do printf 'ds\t%s\n' "$ds"; done
  done
else
  printf 'dnssec\t0\n'
fi
canonical=""
hd_temp_file canonical
named-checkzone -q -D -o "$canonical" -- "$HD_ZONE" "$file" >/dev/null 2>&1 ||
  named-checkzone -D -o "$canonical" -- "$HD_ZONE" "$file" >/dev/null
while IFS= read -r line; do
  printf 'rr\t%s\n' "$line"
done <"$canonical"
