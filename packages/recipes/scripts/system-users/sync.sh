#!/usr/bin/env bash
# system-users-sync, step `sudo`: the panel's sudo rules whose user is gone are removed, and the
# whole sudo configuration is checked (`visudo -c`). Nothing made by hand is touched.
set -euo pipefail

shopt -s nullglob
for file in /etc/sudoers.d/hostdeck-*; do
  name=${file#/etc/sudoers.d/hostdeck-}
  head -n 1 -- "$file" | grep -q '^# Managed by HostDeck' || continue
  if ! id -u -- "$name" >/dev/null 2>&1; then
    rm -f -- "$file"
    hd_log change "removed $file (its user no longer exists)"
  fi
done
if command -v visudo >/dev/null 2>&1; then
  if ! output=$(visudo -c 2>&1); then
    printf '%s\n' "$output" >&2
    hd_fail "the server's sudo configuration has errors (visudo -c)"
  fi
  hd_log info "the sudo configuration is valid"
fi
