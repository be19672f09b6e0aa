#!/usr/bin/env bash
# site-app-resources, step `read`: what this server has, read from the server itself (never a
# figure the panel keeps): `cores=N`, `memory_mb=N` (MemTotal), `disk_mb=N` (free under /home) and
# `docker=1|0` (the Docker CLI is there: the docker runtime needs it).
set -euo pipefail

cores=$(nproc)
memory_kb=$(awk '$1 == "MemTotal:" { print $2 }' /proc/meminfo)
disk_kb=$(df -Pk /home | awk 'NR == 2 { print $4 }')
docker=0
if command -v docker >/dev/null 2>&1; then docker=1; fi
printf 'cores=%s\nmemory_mb=%s\ndisk_mb=%s\ndocker=%s\n' "$cores" "$((memory_kb / 1024))" "$((disk_kb / 1024))" "$docker"
