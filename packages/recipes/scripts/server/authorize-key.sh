#!/usr/bin/env bash
# server-authorize-key, step `authorize`: the panel's public key in root's authorized_keys, once.
# Input: HD_PUBLIC_KEY, one `ssh-ed25519 … hostdeck-server-N` line validated by the panel.
set -euo pipefail

home=$(getent passwd root | cut -d: -f6)
[[ -n $home && -d $home ]] || hd_fail "root has no home directory"
directory=$home/.ssh
file=$directory/authorized_keys

if [[ ! -d $directory ]]; then
  mkdir -p -- "$directory"
  hd_log change "created $directory"
fi
chmod 0700 -- "$directory"
chown root:root -- "$directory"
if [[ ! -e $file ]]; then
  : >"$file"
fi
chmod 0600 -- "$file"
chown root:root -- "$file"

if grep -qxF -- "$HD_PUBLIC_KEY" "$file"; then
  hd_log info "the panel key is already authorized"
  exit 0
fi
# A last line without its newline would otherwise be joined to the key.
separator=""
if [[ -s $file && -n $(tail -c 1 -- "$file") ]]; then separator=$'\n'; fi
printf '%s%s\n' "$separator" "$HD_PUBLIC_KEY" >>"$file"
hd_log change "authorized the panel key for root"
