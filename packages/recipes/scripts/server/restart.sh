#!/usr/bin/env bash
# server-restart, step `schedule`: reboots the server a few seconds from now, through a transient
# systemd timer, so this step can report before the connection drops.
# Input: HD_RESTART_MODE, `normal` (orderly reboot) or `hard` (`systemctl reboot --force`: no
# orderly stop of services, but file systems synced and unmounted).
set -euo pipefail

delay_seconds=5
systemctl=$(command -v systemctl) || hd_fail "systemctl was not found: this server does not run systemd"
case $HD_RESTART_MODE in
  normal) reboot=("$systemctl" reboot) ;;
  hard) reboot=("$systemctl" reboot --force) ;;
  *) hd_fail "unknown restart mode" ;;
esac

# No `sync` here: both reboots sync and unmount the file systems themselves, and in a container
# sync(2) waits for every dirty page of the host (stop 37's CI: this step hit its minute on it).
unit=hostdeck-restart-$(date +%s)
if systemd-run --quiet --unit="$unit" --description="HostDeck restart ($HD_RESTART_MODE)" \
  --on-active="$delay_seconds" --timer-property=AccuracySec=1s -- "${reboot[@]}"; then
  hd_log change "the server restarts ($HD_RESTART_MODE) in ${delay_seconds}s"
  exit 0
fi

# A hard restart is what one asks for when systemd itself no longer answers: fall back to a
# detached process, which outlives this SSH session (its output goes nowhere, so the session
# closes at once).
if [[ $HD_RESTART_MODE == hard ]]; then
  # shellcheck disable=SC2016 # expanded by the inner bash, from its arguments
  setsid nohup bash -c 'sleep "$1"; sync; "$2" reboot --force' restart "$delay_seconds" "$systemctl" \
    </dev/null >/dev/null 2>&1 &
  hd_log change "the server restarts (hard, without systemd-run) in ${delay_seconds}s"
  exit 0
fi
hd_fail "systemd could not schedule the restart; try a hard restart"
