#!/usr/bin/env bash
# mtproxy-service, step `run`: start, stop or restart mtproxy.service; start and restart check it
# runs afterwards, stop that it stopped. Input: HD_MTPROXY_ACTION (start, stop or restart).
set -euo pipefail

[[ -f /etc/systemd/system/mtproxy.service ]] || hd_fail "MTProxy is not installed"
case $HD_MTPROXY_ACTION in
  start | restart)
    if [[ $HD_MTPROXY_ACTION == start ]] && systemctl is-active --quiet mtproxy.service; then
      hd_log info "MTProxy is already running"
      exit 0
    fi
    systemctl "$HD_MTPROXY_ACTION" mtproxy.service
    if ! systemctl is-active --quiet mtproxy.service; then
      journalctl -u mtproxy.service -n 20 --no-pager >&2 || true
      hd_fail "MTProxy is not running"
    fi
    hd_log change "MTProxy ${HD_MTPROXY_ACTION}ed"
    ;;
  stop)
    if ! systemctl is-active --quiet mtproxy.service; then
      hd_log info "MTProxy is already stopped"
      exit 0
    fi
    systemctl stop mtproxy.service
    hd_log change "MTProxy stopped"
    ;;
  *) hd_fail "unknown action" ;;
esac
