#!/usr/bin/env bash
# balancing-backend-remove, step `remove`: this server is no longer a node of the balancer of
# HD_SITE: removes the panel's include (HD_INCLUDE_FILE), so the site answers everyone again;
# `nginx -t` (refused: the file is put back and the step fails), reload. Already gone: nothing.
# Input: HD_SITE, HD_INCLUDE_FILE.
set -euo pipefail

command -v nginx >/dev/null || hd_fail "nginx is not installed on this server"
file=$HD_INCLUDE_FILE
[[ $(realpath -m -- "$file") == "$file" ]] || hd_fail "$file is or goes through a symbolic link; it is not followed"
if [[ ! -e $file ]]; then
  hd_log info "$file is already absent"
  exit 0
fi
backup=""
hd_backup_of backup "$file"
cp -a -- "$file" "$backup"
rm -f -- "$file"
if ! output=$(nginx -t -q 2>&1); then
  hd_restore_config "$file" "$backup"
  printf '%s\n' "$output" >&2
  hd_fail "the configuration is invalid without $file; it was put back"
fi
hd_log change "removed $file"
if systemctl is-active --quiet nginx; then hd_reload_service nginx; fi
