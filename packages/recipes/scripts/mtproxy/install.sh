#!/usr/bin/env bash
# mtproxy-apply, step `install`: mtg from the configured release URL (scripts/lib/mtproxy.sh),
# unless it is installed already, and its systemd unit (checked with systemd-analyze verify).
# Input: HD_MTPROXY_DOWNLOAD_URL (http or https, `{arch}` replaced here).
set -euo pipefail

command -v curl >/dev/null || hd_apt_install curl ca-certificates
hd_mtproxy_install "$HD_MTPROXY_DOWNLOAD_URL" || hd_fail "mtg could not be installed"
mkdir -p -- /etc/mtproxy
chmod 0700 -- /etc/mtproxy
# Not a pipe: hd_apply_config must run in this shell, where hd_config_was_changed reads its result.
if ! hd_apply_config /etc/systemd/system/mtproxy.service systemd-analyze verify /etc/systemd/system/mtproxy.service < <(hd_mtproxy_unit); then
  hd_fail "the mtproxy.service unit did not pass systemd-analyze verify"
fi
if hd_config_was_changed; then systemctl daemon-reload; fi
