#!/usr/bin/env bash
# server-provision, step `detect-os`: the server runs a release the panel provisions (Ubuntu
# 20.04, 22.04, 24.04 or Debian 12, 64-bit) and the step runs as root. The panel detects the OS
# before it starts; this is the safety net. Changes nothing.
set -euo pipefail

((EUID == 0)) || hd_fail "provisioning must run as root (running as uid $EUID)"

supported="Ubuntu 20.04, Ubuntu 22.04, Ubuntu 24.04, Debian 12"
if [[ ! -r /etc/os-release ]]; then
  hd_fail "unsupported operating system: /etc/os-release is missing; supported: $supported"
fi
name=$(hd_os_field PRETTY_NAME)
if ! hd_os_is_supported; then
  hd_fail "unsupported operating system: ${name:-unknown} ($(hd_os_id)); supported: $supported"
fi

architecture=$(dpkg --print-architecture 2>/dev/null || true)
case $architecture in
  amd64 | arm64) ;;
  *) hd_fail "unsupported architecture: ${architecture:-unknown}; supported: amd64, arm64" ;;
esac
[[ -n $(hd_os_codename) ]] || hd_fail "the release codename is missing from /etc/os-release"

hd_log info "operating system: $name ($(hd_os_id), $(hd_os_codename), $architecture)"
