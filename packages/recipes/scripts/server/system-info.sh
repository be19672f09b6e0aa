#!/usr/bin/env bash
# server-system-info, step `read`: one `key=value` line per fact, parsed strictly by the panel.
# Reads only /proc, /etc and `df`; changes nothing. Numbers are bytes and seconds.
set -euo pipefail
export LC_ALL=C

os_release() {
  local file
  for file in /etc/os-release /usr/lib/os-release; do
    if [[ -r $file ]]; then
      # shellcheck disable=SC1090 # the system's own file, read in a subshell for two fields
      (. "$file" && printf '%s\n%s-%s\n' "${PRETTY_NAME:-${NAME:-unknown}}" "${ID:-unknown}" "${VERSION_ID:-}")
      return 0
    fi
  done
  printf 'unknown\nunknown-\n'
}

meminfo_bytes() {
  local kilobytes
  kilobytes=$(awk -v key="$1:" '$1 == key { print $2; exit }' /proc/meminfo)
  printf '%s\n' "$((${kilobytes:-0} * 1024))"
}

timezone() {
  local zone=""
  if command -v timedatectl >/dev/null; then
    zone=$(timedatectl show -p Timezone --value 2>/dev/null || true)
  fi
  if [[ -z $zone && -L /etc/localtime ]]; then
    zone=$(readlink -- /etc/localtime)
    zone=${zone#*/zoneinfo/}
  fi
  if [[ -z $zone && -r /etc/timezone ]]; then
    zone=$(head -n 1 -- /etc/timezone)
  fi
  printf '%s\n' "${zone:-UTC}"
}

mapfile -t os < <(os_release)
cpu_model=$(awk -F': *' '/^(model name|Hardware|Processor|cpu model)[[:space:]]*:/ { print $2; exit }' /proc/cpuinfo)
read -r disk_total disk_used < <(df -B1 --output=size,used / | tail -n 1)
read -r load1 load5 load15 _ < /proc/loadavg
read -r uptime _ < /proc/uptime
memory_total=$(meminfo_bytes MemTotal)
memory_available=$(meminfo_bytes MemAvailable)

printf 'os=%s\n' "${os[0]}"
printf 'os_id=%s\n' "${os[1]}"
printf 'kernel=%s\n' "$(uname -r)"
printf 'hostname=%s\n' "$(hostname)"
printf 'cpu_model=%s\n' "${cpu_model:-unknown}"
printf 'cpu_cores=%s\n' "$(nproc)"
printf 'memory_total_bytes=%s\n' "$memory_total"
printf 'memory_used_bytes=%s\n' "$((memory_total - memory_available))"
printf 'swap_total_bytes=%s\n' "$(meminfo_bytes SwapTotal)"
printf 'disk_total_bytes=%s\n' "$disk_total"
printf 'disk_used_bytes=%s\n' "$disk_used"
printf 'load=%s %s %s\n' "$load1" "$load5" "$load15"
printf 'uptime_seconds=%s\n' "$uptime"
printf 'timezone=%s\n' "$(timezone)"
