#!/usr/bin/env bash
# system-users-inventory, step `read`: the server's people accounts, for the panel to parse strictly
# (parseSystemUsersInventory). Changes nothing; prints only these lines (TAB-separated, `-` for none):
#   user<TAB>NAME<TAB>UID<TAB>HOME<TAB>SHELL<TAB>SUDO 0|1<TAB>SUDO_MANAGED 0|1<TAB>SFTP_ONLY 0|1<TAB>BYTES|-
#   dir<TAB>NAME<TAB>FOLDER<TAB>BYTES     (each folder directly in that user's home: sites live there)
#   end
# Accounts: uid >= UID_MIN (login.defs, 1000) except nobody, and any account whose home is
# /home/NAME (the panel's default user). Disk usage is `du` of the home, bounded in time: each home
# gets at most 8 s and all of them 12 s (the panel waits 20 s for the list); a home not measured in time reads `-`.
set -euo pipefail
export LC_ALL=C

uid_min=$(awk '$1 == "UID_MIN" { print $2 }' /etc/login.defs 2>/dev/null || true)
[[ $uid_min =~ ^[0-9]+$ ]] || uid_min=1000

# members GROUP  The group's members, one a line.
members() {
  local line
  line=$(getent group -- "$1" 2>/dev/null) || return 0
  tr ',' '\n' <<<"${line##*:}"
}
mapfile -t sudo_members < <(members sudo)
mapfile -t sftp_members < <(members hostdeck-sftp)

contains() {
  local wanted=$1 item
  shift
  for item in "$@"; do [[ $item == "$wanted" ]] && return 0; done
  return 1
}

clean_path() {
  if [[ $1 =~ ^/[A-Za-z0-9._/@+-]{0,254}$ ]]; then printf '%s' "$1"; else printf -- '-'; fi
}

usage_file=$(mktemp)
trap 'rm -f -- "$usage_file"' EXIT
deadline=$((SECONDS + 12))

while IFS=: read -r name _ uid gid _ home shell; do
  [[ $name =~ ^[a-z_][a-z0-9_-]{0,31}$ && $uid =~ ^[0-9]+$ ]] || continue
  if ! ((uid >= uid_min && uid != 65534)) && [[ $home != "/home/$name" ]]; then continue; fi
  sudo=0 sudo_managed=0 sftp=0
  if [[ -f /etc/sudoers.d/hostdeck-$name ]]; then sudo=1 sudo_managed=1; fi
  if contains "$name" "${sudo_members[@]}"; then sudo=1; fi
  if contains "$name" "${sftp_members[@]}"; then sftp=1; fi
  # A primary group named sudo or hostdeck-sftp counts too.
  group=$(getent group -- "$gid" 2>/dev/null | cut -d: -f1 || true)
  [[ $group == sudo ]] && sudo=1
  [[ $group == hostdeck-sftp ]] && sftp=1
  size=-
  dirs=()
  budget=$((deadline - SECONDS))
  ((budget > 8)) && budget=8
  if [[ -d $home && ! -L $home && $home == /* ]] && ((budget > 0)); then
    if timeout --kill-after=2 "$budget" du -0 -b -x --max-depth=1 -- "$home" >"$usage_file" 2>/dev/null; then
      while IFS=$'\t' read -r -d '' bytes path; do
        [[ $bytes =~ ^[0-9]+$ ]] || continue
        if [[ $path == "$home" ]]; then
          size=$bytes
        else
          folder=${path#"$home"/}
          [[ $folder =~ ^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$ ]] && dirs+=("$folder"$'\t'"$bytes")
        fi
      done <"$usage_file"
    fi
  fi
  printf 'user\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$uid" "$(clean_path "$home")" \
    "$(clean_path "$shell")" "$sudo" "$sudo_managed" "$sftp" "$size"
  for entry in "${dirs[@]}"; do printf 'dir\t%s\t%s\n' "$name" "$entry"; done
done < <(getent passwd)
printf 'end\n'
