#!/usr/bin/env bash
# server-provision, step `swap`: when the server has no swap at all, a /swapfile of min(RAM, 2 GiB),
# mode 0600, enabled now and in /etc/fstab. Skipped inside containers (swap belongs to the host;
# swapon cannot work there) and when the disk lacks room. Changes nothing when swap exists.
set -euo pipefail

swapfile=/swapfile

if hd_in_container; then
  hd_log info "skipped: this server is a container ($(systemd-detect-virt --container)); swap is managed by its host"
  exit 0
fi
active=$(swapon --show=NAME --noheadings 2>/dev/null || true)
if [[ -n $active ]]; then
  hd_log info "swap already present: ${active//$'\n'/, }"
  exit 0
fi

memory_kib=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
size_mib=$((memory_kib / 1024))
((size_mib > 2048)) && size_mib=2048
((size_mib >= 256)) || size_mib=256

add_to_fstab() {
  if ! awk -v file="$swapfile" '$1 == file && $3 == "swap" { found = 1 } END { exit !found }' /etc/fstab; then
    { cat /etc/fstab; printf '%s none swap sw 0 0\n' "$swapfile"; } | hd_write_atomic /etc/fstab 0644 root:root
    hd_log change "added $swapfile to /etc/fstab"
  fi
}

# A swap file left by an earlier run (enabled at boot but not now): use it when it is valid.
if [[ -f $swapfile ]] && [[ $(blkid -o value -s TYPE -- "$swapfile" 2>/dev/null || true) == swap ]]; then
  chmod 0600 -- "$swapfile"
  if swapon -- "$swapfile"; then
    hd_log change "enabled the existing $swapfile"
    add_to_fstab
    exit 0
  fi
fi
[[ -e $swapfile ]] && hd_fail "$swapfile exists but is not a usable swap file; remove it or add swap yourself"

available_mib=$(df --output=avail -m / | tail -n 1 | tr -d ' ')
if ((available_mib < size_mib + 1024)); then
  hd_log warn "skipped: ${available_mib} MiB free on /, too little for a ${size_mib} MiB swap file and headroom"
  exit 0
fi

# Built beside its final name, then renamed: an interrupted run leaves no half-made /swapfile.
temp=""
hd_temp_beside temp "$swapfile"
chmod 0600 -- "$temp"
if ! fallocate -l "${size_mib}M" -- "$temp" 2>/dev/null; then
  dd if=/dev/zero of="$temp" bs=1M count="$size_mib" status=none
fi
mkswap -- "$temp" >/dev/null
mv -f -- "$temp" "$swapfile"
if ! output=$(swapon -- "$swapfile" 2>&1); then
  rm -f -- "$swapfile"
  hd_log warn "skipped: this filesystem cannot hold a swap file ($output)"
  exit 0
fi
hd_log change "created and enabled a ${size_mib} MiB swap file at $swapfile"
add_to_fstab
