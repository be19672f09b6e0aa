#!/usr/bin/env bash
# site-app-resources, step `read`: what this server has, read from the server itself (never a
# figure the panel keeps): `cores=N`, `memory_mb=N` (MemTotal) and `disk_mb=N` (free under /home).
set -euo pipefail

cores=$(nproc)
memory_kb=$(awk '$1 == "MemTotal:" { print $2 }' /proc/meminfo)
disk_kb=$(df -Pk /home | awk 'NR == 2 { print $4 }')
printf 'cores=%s\nmemory_mb=%s\ndisk_mb=%s\n' "$cores" "$((memory_kb / 1024))" "$((disk_kb / 1024))"
