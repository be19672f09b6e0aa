#!/usr/bin/env bash
# server-forget-key, step `forget`: removes every line holding the panel's key (its base64 part)
# from root's authorized_keys, atomically, keeping the file's mode and the other keys.
# Input: HD_PUBLIC_KEY, one `ssh-ed25519 … hostdeck-server-N` line validated by the panel.
set -euo pipefail

home=$(getent passwd root | cut -d: -f6)
file=$home/.ssh/authorized_keys
read -r _ blob _ <<<"$HD_PUBLIC_KEY"

if [[ ! -f $file ]] || ! grep -qF -- "$blob" "$file"; then
  hd_log info "the panel key is not authorized; nothing to remove"
  exit 0
fi
# grep -v exits 1 when no line is left: an empty file is a valid result.
hd_write_atomic "$file" 0600 root:root < <(grep -vF -- "$blob" "$file" || true)
hd_log change "removed the panel key from $file"
