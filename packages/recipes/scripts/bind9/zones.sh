#!/usr/bin/env bash
# bind9-zones, step `read` (read-only): whether bind9 is installed and running, then every zone
# named's configuration has, one tab-separated line each:
#   zone NAME TYPE MANAGED DNSSEC
# MANAGED is 1 for the panel's zones (a file of /var/lib/bind/hostdeck/zones), 0 for zones made by
# hand; DNSSEC is 1 when the panel signs it.
# shellcheck disable=SC2154 # hd_bind9_* and hd_config_* are set by lib/bind9.sh and lib/files.sh.
set -euo pipefail

if ! command -v named >/dev/null || ! command -v named-checkconf >/dev/null; then
  printf 'installed\t0\n'
  exit 0
fi
printf 'installed\t1\n'
if systemctl is-active --quiet named 2>/dev/null; then printf 'running\t1\n'; else printf 'running\t0\n'; fi
named-checkconf -l 2>/dev/null | while read -r name _class _view type _rest; do
  [[ -n ${name:-} && -n ${type:-} ]] || continue
  name=${name%.}
  name=${name,,}
  [[ -n $name ]] || continue # the root hint zone
  managed=0
  dnssec=0
  if [[ $name =~ ^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$ && -f $hd_bind9_zones/$name.db ]]; then
    managed=1
    [[ -f $hd_bind9_zones/$name.dnssec ]] && dnssec=1
  fi
  printf 'zone\t%s\t%s\t%s\t%s\n' "$name" "$type" "$managed" "$dnssec"
done
