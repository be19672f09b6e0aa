#!/usr/bin/env bash
# server-transfer-rotate-key, step `rotate`: replaces the panel's key in root's authorized_keys
# after a server transfer. ONE atomic write puts the new key in and takes every line holding the
# old key out, so the file never holds neither key; the other lines, the mode and the owner stay.
# Run again, it changes nothing (the new key there, the old one gone).
# Input: HD_NEW_PUBLIC_KEY, HD_OLD_PUBLIC_KEY: `ssh-ed25519 … hostdeck-server-N` lines validated
# by the panel.
set -euo pipefail

home=$(getent passwd root | cut -d: -f6)
[[ -n $home && -d $home ]] || hd_fail "root has no home directory"
file=$home/.ssh/authorized_keys
[[ -f $file ]] || hd_fail "$file is missing: the panel key cannot be there"
read -r _ old_blob _ <<<"$HD_OLD_PUBLIC_KEY"
read -r _ new_blob _ <<<"$HD_NEW_PUBLIC_KEY"
[[ $old_blob != "$new_blob" ]] || hd_fail "the new key is the old key"

has_new=0
if grep -qF -- "$new_blob" "$file"; then has_new=1; fi
if [[ $has_new == 1 ]] && ! grep -qF -- "$old_blob" "$file"; then
  hd_log info "the new panel key is already the only one authorized"
  exit 0
fi

{
  # grep -v exits 1 when no line is left; a last line without its newline gets one (awk prints
  # every line with one).
  grep -vF -- "$old_blob" "$file" | awk '{ print }' || true
  if [[ $has_new == 0 ]]; then printf '%s\n' "$HD_NEW_PUBLIC_KEY"; fi
} | hd_write_atomic "$file" 0600 root:root
hd_log change "replaced the panel key in $file"
