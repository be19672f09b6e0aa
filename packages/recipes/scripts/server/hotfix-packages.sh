#!/usr/bin/env bash
# server-hotfix, step `packages`: finishes an interrupted dpkg run (`dpkg --configure -a`) and
# completes broken dependencies (`apt-get -f install`). Changes nothing on a healthy server.
set -euo pipefail

configure() {
  DEBIAN_FRONTEND=noninteractive dpkg --force-confdef --force-confold --configure -a 2>&1
}

# dpkg has no lock timeout of its own: wait while another package manager holds the lock.
for ((attempt = 1; ; attempt++)); do
  if output=$(configure); then
    break
  fi
  if ((attempt >= 10)) || ! grep -qiE 'lock' <<<"$output"; then
    printf '%s\n' "$output" >&2
    hd_fail "dpkg --configure -a failed"
  fi
  hd_log warn "the package manager is busy; retrying in 15s"
  sleep 15
done
if [[ -n $output ]]; then
  printf '%s\n' "$output"
  hd_log change "finished interrupted package configuration"
fi

audit=$(dpkg --audit 2>&1 || true)
if [[ -z $audit ]] && apt-get -o Debug::NoLocking=1 -q check >/dev/null 2>&1; then
  hd_log info "the package database is consistent"
  exit 0
fi
[[ -z $audit ]] || printf '%s\n' "$audit"
hd_apt_run -y -q -f install
hd_log change "completed broken package dependencies"
