#!/usr/bin/env bash
# ssh-keys-inventory, step `read`: the keys allowed to log in, read-only. Prints
#   hostdeck-ssh-keys 1
#   user<TAB>NAME<TAB>UID<TAB>HOME      root and every user of uid 1000 or more (not nobody) with a home
#   key<TAB>NAME<TAB>FINGERPRINT<TAB>LINE  each authorized_keys line with a valid key (tabs as spaces)
# A user's file is read as that user (runuser), never following a link as root.
set -euo pipefail

printf 'hostdeck-ssh-keys 1\n'

mapfile -t entries < <(getent passwd)
for entry in "${entries[@]}"; do
  IFS=: read -r name _ uid _ _ home _ <<<"$entry"
  [[ $uid =~ ^[0-9]+$ ]] || continue
  if [[ $name == root && $uid == 0 ]]; then
    :
  elif ((uid < 1000 || uid == 65534)); then
    continue
  fi
  [[ -n $home && -d $home ]] || continue
  printf 'user\t%s\t%s\t%s\n' "$name" "$uid" "$home"
  file=$home/.ssh/authorized_keys
  if [[ $name == root ]]; then
    [[ -f $file && ! -L $file ]] || continue
    content=$(cat -- "$file")
  else
    content=$(runuser -u "$name" -- cat -- "$file" 2>/dev/null) || continue
  fi
  while IFS= read -r line || [[ -n $line ]]; do
    [[ ! $line =~ ^[[:space:]]*(#|$) ]] || continue
    fp=$(ssh-keygen -l -f - <<<"$line" 2>/dev/null | awk '{ print $2 }') || fp=''
    [[ $fp == SHA256:* ]] || continue
    printf 'key\t%s\t%s\t%s\n' "$name" "$fp" "${line//$'\t'/ }"
  done <<<"$content"
done
