#!/usr/bin/env bash
# nginx-install, step `enable`: nginx enabled at boot and running (each only when needed).
set -euo pipefail

hd_enable_service nginx
