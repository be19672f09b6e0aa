#!/usr/bin/env bash
# site-app-install, step `check`: refuses (before anything is installed) a server below the app's
# needs, read here again from the server itself (the panel checked the same figures before it
# queued the event). Also checks that the site exists, is served by nginx and has its user.
# Input: HD_SITE, HD_LINUX_USER, HD_APP, HD_MIN_CORES, HD_MIN_MEMORY_MB, HD_MIN_DISK_MB.
set -euo pipefail

cores=$(nproc)
memory_mb=$(($(awk '$1 == "MemTotal:" { print $2 }' /proc/meminfo) / 1024))
disk_mb=$(($(df -Pk /home | awk 'NR == 2 { print $4 }') / 1024))
hd_log info "this server has $cores cores, $memory_mb MB of memory and $disk_mb MB free under /home"
# A server sold as "4 GB" reports a little less than 4096 MB of MemTotal (the kernel's own share):
# 5% of slack, as the panel's own check.
((cores >= HD_MIN_CORES && memory_mb * 100 >= HD_MIN_MEMORY_MB * 95)) ||
  hd_fail "$HD_APP needs at least $HD_MIN_CORES cores and $((HD_MIN_MEMORY_MB / 1024)) GB RAM; this server has $cores cores and $memory_mb MB"
((disk_mb >= HD_MIN_DISK_MB)) || hd_fail "$HD_APP needs $HD_MIN_DISK_MB MB free under /home; this server has $disk_mb MB"
hd_site_owner_check "$HD_LINUX_USER"
[[ -d /home/$HD_LINUX_USER/$HD_SITE ]] || hd_fail "the site $HD_SITE has no folder on this server"
[[ -f /etc/nginx/sites-available/$HD_SITE.conf ]] || hd_fail "the site $HD_SITE has no nginx vhost on this server"
[[ -f /etc/nginx/conf.d/hostdeck-upgrade.conf ]] || hd_fail "the panel's upgrade map is missing: apply the site again first"
