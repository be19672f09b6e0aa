#!/usr/bin/env bash
# server-clean, step `packages`: empties apt's package cache and removes packages that were
# installed as dependencies and are needed by nothing any more. Prints the space it freed.
set -euo pipefail

used_before=$(df -B1 --output=used / | tail -n 1)
hd_apt_run clean
hd_apt_run -y -q autoremove
used_after=$(df -B1 --output=used / | tail -n 1)
freed=$((used_before - used_after))
if ((freed > 0)); then
  hd_log change "freed $((freed / 1024 / 1024)) MiB of packages"
else
  hd_log info "no package space to free"
fi
