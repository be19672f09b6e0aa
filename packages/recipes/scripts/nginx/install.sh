#!/usr/bin/env bash
# nginx-install, step `install`: installs nginx, and curl for the `check` step. Installs nothing
# (and prints no change line) when both are already installed.
set -euo pipefail

hd_apt_install nginx curl
hd_log info "$(nginx -v 2>&1)"
