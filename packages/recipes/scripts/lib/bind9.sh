# shellcheck shell=bash
# bind9 zones of the panel (scripts/bind9/, docs/bind9.md). The panel owns
# /var/lib/bind/hostdeck (zone files `zones/<zone>.db`, a `<zone>.dnssec` marker per signed zone,
# DNSSEC keys in `keys/`) and the include /etc/bind/hostdeck/named.conf.hostdeck, named by one
# marked line of /etc/bind/named.conf.local. Zones configured anywhere else are made by hand:
# listed, never changed. Zone files live under /var/lib/bind because named writes beside them
# (inline signing's `.signed` and journal files), which it may not do in /etc/bind.

hd_bind9_dir=/var/lib/bind/hostdeck
hd_bind9_zones=/var/lib/bind/hostdeck/zones
hd_bind9_keys=/var/lib/bind/hostdeck/keys
hd_bind9_include=/etc/bind/hostdeck/named.conf.hostdeck
hd_bind9_local=/etc/bind/named.conf.local
hd_bind9_include_line='include "/etc/bind/hostdeck/named.conf.hostdeck"; // HostDeck zones, kept by the panel'

# hd_bind9_require  Fails unless bind9's tools are installed.
hd_bind9_require() {
  local tool
  for tool in named named-checkzone named-checkconf rndc; do
    command -v "$tool" >/dev/null || hd_fail 'bind9 is not installed on this server (install it from Applications)'
  done
}

# hd_bind9_lock  One change of the panel's zones at a time.
hd_bind9_lock() {
  exec 8>/run/hostdeck-bind9.lock
  flock 8
}

# hd_bind9_prepare  Makes the panel's folders (named's group may read and write them).
hd_bind9_prepare() {
  mkdir -p -- "$hd_bind9_zones" "$hd_bind9_keys" /etc/bind/hostdeck || return 1
  chown root:bind -- "$hd_bind9_dir" "$hd_bind9_zones" "$hd_bind9_keys" || return 1
  chmod 0775 -- "$hd_bind9_dir" "$hd_bind9_zones" "$hd_bind9_keys" || return 1
  chown root:bind /etc/bind/hostdeck || return 1
  chmod 0755 /etc/bind/hostdeck || return 1
}

# hd_bind9_zone_file ZONE  Prints the path of the panel's file of ZONE.
hd_bind9_zone_file() {
  printf '%s/%s.db' "$hd_bind9_zones" "$1"
}

# hd_bind9_configured ZONE  Succeeds when named's configuration has ZONE (anywhere).
hd_bind9_configured() {
  named-checkconf -l 2>/dev/null | awk -v zone="$1" 'tolower($1) == tolower(zone) { found = 1 } END { exit !found }'
}

# hd_bind9_render_include  Prints the include: one zone stanza per panel zone file.
hd_bind9_render_include() {
  local file zone
  printf '// Written by HostDeck: the panel'"'"'s zones. Changes here are overwritten.\n'
  for file in "$hd_bind9_zones"/*.db; do
    [[ -f $file ]] || continue
    zone=$(basename -- "$file" .db)
    [[ $zone =~ ^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$ ]] || continue
    printf 'zone "%s" {\n  type primary;\n  file "%s";\n' "$zone" "$file"
    if [[ -f $hd_bind9_zones/$zone.dnssec ]]; then
      printf '  dnssec-policy default;\n  inline-signing yes;\n  key-directory "%s";\n' "$hd_bind9_keys"
    fi
    printf '};\n'
  done
}

# hd_bind9_apply_include  Writes the include and the marked line, checks them with
# named-checkconf, and has named load them (`rndc reconfig`). On failure both files are put back
# (and named reconfigured with them); status 1.
hd_bind9_apply_include() {
  local include_backup local_backup include_changed=0 local_changed=0 output
  # Not piped: in a pipe hd_apply_config runs in a subshell and hd_config_changed is lost.
  hd_apply_config "$hd_bind9_include" named-checkconf < <(hd_bind9_render_include) || return 1
  # shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
  include_changed=$hd_config_changed
  # shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
  include_backup=$hd_config_backup
  if ! grep -qxF -- "$hd_bind9_include_line" "$hd_bind9_local" 2>/dev/null; then
    if ! hd_apply_config "$hd_bind9_local" named-checkconf \
      < <(cat -- "$hd_bind9_local" 2>/dev/null; printf '%s\n' "$hd_bind9_include_line"); then
      ((include_changed == 0)) || hd_restore_config "$hd_bind9_include" "$include_backup"
      return 1
    fi
    local_changed=$hd_config_changed
    local_backup=$hd_config_backup
  fi
  chgrp bind -- "$hd_bind9_include" || true
  if ! output=$(named-checkconf -z 2>&1); then
    hd_log error 'named-checkconf refused the configuration; the previous one was restored'
    printf '%s\n' "$output" >&2
    ((include_changed == 0)) || hd_restore_config "$hd_bind9_include" "$include_backup"
    ((local_changed == 0)) || hd_restore_config "$hd_bind9_local" "$local_backup"
    return 1
  fi
  if ! output=$(hd_bind9_rndc reconfig 2>&1); then
    hd_log error 'named refused the configuration; the previous one was restored'
    printf '%s\n' "$output" >&2
    ((include_changed == 0)) || hd_restore_config "$hd_bind9_include" "$include_backup"
    ((local_changed == 0)) || hd_restore_config "$hd_bind9_local" "$local_backup"
    hd_bind9_rndc reconfig >/dev/null 2>&1 || true
    return 1
  fi
  # DNS must answer the world: open port 53 when ufw guards the server (provisioning enables it).
  if command -v ufw >/dev/null && hd_ufw_is_active; then
    hd_ufw_allow 53/tcp || return 1
    hd_ufw_allow 53/udp || return 1
  fi
  return 0
}

# hd_bind9_rndc ARGUMENT...  rndc, starting named first when it is not running.
hd_bind9_rndc() {
  if ! systemctl is-active --quiet named 2>/dev/null; then
    systemctl start named || return 1
    sleep 1
  fi
  rndc "$@"
}

# hd_bind9_today_serial  YYYYMMDD00.
hd_bind9_today_serial() {
  printf '%s00' "$(date -u +%Y%m%d)"
}

# hd_bind9_soa_serial FILE  The serial of the SOA line of a canonical zone file ('' when none).
hd_bind9_soa_serial() {
  awk '$4 == "SOA" { print $7; exit }' "$1"
}

# hd_bind9_set_serial FILE SERIAL  Rewrites the SOA serial of the canonical zone FILE in place.
hd_bind9_set_serial() {
  local temp
  hd_temp_beside temp "$1" || return 1
  awk -v serial="$2" 'BEGIN { OFS = "\t" } $4 == "SOA" && !done { $7 = serial; done = 1 } { print }' "$1" >"$temp" || return 1
  mv -f -- "$temp" "$1"
}

# hd_bind9_next_serial OLD  The serial after OLD: today's YYYYMMDD00, or OLD + 1 when already higher.
hd_bind9_next_serial() {
  local old=${1:-0} today
  today=$(hd_bind9_today_serial)
  if ((old >= today)); then
    printf '%s' "$((old + 1))"
  else
    printf '%s' "$today"
  fi
}

# hd_bind9_canonical ZONE SOURCE TARGET  named-checkzone's canonical form of SOURCE into TARGET
# (one record a line, absolute names, explicit TTL and class). On failure its message is printed
# on stderr, as a user should read it, and the status is 1.
hd_bind9_canonical() {
  local output
  if ! output=$(named-checkzone -k fail -n fail -D -o "$3" -- "$1" "$2" 2>&1); then
    output=${output//$2/zone file}
    hd_log error "named-checkzone refused the zone: $(printf '%s' "$output" | grep -v '^zone .*: loaded serial' | head -n 5 | tr '\n' ' ')"
    printf '%s\n' "$output" >&2
    return 1
  fi
}

# hd_bind9_install_zone ZONE CANDIDATE  Puts the canonical CANDIDATE in place as ZONE's file
# with the next serial, and has named load it. The previous file is put back (and loaded again)
# when named refuses the new one; status 1.
hd_bind9_install_zone() {
  local zone=$1 candidate=$2 file backup="" old output checked=""
  file=$(hd_bind9_zone_file "$zone")
  hd_temp_beside checked "$file" || return 1
  old=$(hd_bind9_soa_serial "$candidate")
  if [[ -f $file ]]; then
    local current
    current=$(hd_bind9_soa_serial "$file")
    if [[ $current =~ ^[0-9]+$ ]] && ((current > old)); then old=$current; fi
    hd_backup_of backup "$file" || return 1
    cp -p -- "$file" "$backup" || return 1
  fi
  hd_bind9_set_serial "$candidate" "$(hd_bind9_next_serial "$old")" || return 1
  hd_bind9_canonical "$zone" "$candidate" "$checked" || return 1
  chmod 0664 -- "$checked" || return 1
  chown root:bind -- "$checked" || return 1
  mv -f -- "$checked" "$file" || return 1
  if hd_bind9_configured "$zone"; then
    if ! output=$(hd_bind9_rndc reload "$zone" 2>&1); then
      hd_log error "named could not load the zone; the previous version was restored"
      printf '%s\n' "$output" >&2
      if [[ -n $backup ]]; then cp -p -- "$backup" "$file"; else rm -f -- "$file"; fi
      hd_bind9_rndc reload "$zone" >/dev/null 2>&1 || true
      return 1
    fi
  fi
  hd_log change "zone $zone written (serial $(hd_bind9_soa_serial "$file"))"
}
