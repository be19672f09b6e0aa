#!/usr/bin/env bash
# balancing-remove, step `remove`: the site serves itself again. Removes the panel's include from
# the site's server blocks, then its upstream, each followed by `nginx -t` (a configuration that
# needs the file gets it back and the step fails with nginx's output), and reloads nginx. Files
# already gone change nothing.
# Input: HD_SITE, HD_UPSTREAM_FILE, HD_INCLUDE_FILE.
set -euo pipefail

command -v nginx >/dev/null || hd_fail "nginx is not installed on this server"
changed=0

# remove_validated PATH  Removes PATH; puts it back (and fails) when nginx -t then refuses.
remove_validated() {
  local path=$1 backup="" output
  [[ $(realpath -m -- "$path") == "$path" ]] || hd_fail "$path is or goes through a symbolic link; it is not followed"
  if [[ ! -e $path ]]; then
    hd_log info "$path is already absent"
    return 0
  fi
  hd_backup_of backup "$path"
  cp -a -- "$path" "$backup"
  rm -f -- "$path"
  if ! output=$(nginx -t -q 2>&1); then
    hd_restore_config "$path" "$backup"
    printf '%s\n' "$output" >&2
    hd_fail "the configuration is invalid without $path; it was put back"
  fi
  hd_log change "removed $path"
  changed=1
}

remove_validated "$HD_INCLUDE_FILE"
remove_validated "$HD_UPSTREAM_FILE"
if ((changed)) && systemctl is-active --quiet nginx; then hd_reload_service nginx; fi
hd_log info "$HD_SITE is no longer balanced"
