#!/usr/bin/env bash
# supervisor-save, step `install`: installs the supervisor package when it is missing and makes
# sure supervisord runs. A running supervisord is never restarted (its programs keep running).
# Input: none.
set -euo pipefail

if ! command -v supervisorctl >/dev/null 2>&1; then
  hd_apt_install supervisor
fi
if ! systemctl is-active --quiet supervisor.service; then
  systemctl enable --now supervisor.service
  hd_log change "started supervisor"
fi
for ((attempt = 1; attempt <= 30; attempt++)); do
  if [[ $(supervisorctl pid 2>/dev/null || true) =~ ^[0-9]+$ ]]; then
    hd_log info "supervisord is running"
    exit 0
  fi
  sleep 1
done
hd_fail "supervisord does not answer supervisorctl"
