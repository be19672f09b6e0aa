#!/usr/bin/env bash
# nginx-install, step `check`: nginx answers on 127.0.0.1:80 (the default server's health URL).
# Changes nothing.
set -euo pipefail

url=http://127.0.0.1:80/hostdeck-health
for ((attempt = 1; attempt <= 10; attempt++)); do
  if body=$(curl -fsS --noproxy '*' --max-time 5 "$url" 2>&1) && [[ $body == ok ]]; then
    hd_log info "nginx answers on 127.0.0.1:80"
    exit 0
  fi
  sleep 1
done
printf '%s\n' "$body" >&2
hd_fail "nginx does not answer on 127.0.0.1:80"
