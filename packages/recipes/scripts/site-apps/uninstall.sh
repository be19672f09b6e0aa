#!/usr/bin/env bash
# site-app-uninstall, step `uninstall`: the site no longer runs its app. The proxy include goes
# first (then `nginx -t`: refused, it is put back and the step fails; nginx reloaded), then the
# unit (stopped, disabled, removed), the app's container and image when it ran in Docker, and the
# app's code (HD_APP_ROOT/app). Its data (HD_APP_ROOT/data) and environment file (the secrets the
# data was made with) stay unless HD_DELETE_DATA is 1. Parts already gone change nothing.
# Input: HD_SITE, HD_LINUX_USER, HD_APP_ROOT, HD_ENV_FILE, HD_UNIT, HD_INCLUDE_FILE, HD_DELETE_DATA.
set -euo pipefail
cd /

for path in "$HD_INCLUDE_FILE" "$HD_APP_ROOT"; do
  [[ $(realpath -m -- "$path") == "$path" ]] || hd_fail "$path is or goes through a symbolic link; it is not followed"
done

if [[ -e $HD_INCLUDE_FILE ]]; then
  backup=""
  hd_backup_of backup "$HD_INCLUDE_FILE"
  cp -a -- "$HD_INCLUDE_FILE" "$backup"
  rm -f -- "$HD_INCLUDE_FILE"
  if ! output=$(nginx -t -q 2>&1); then
    hd_restore_config "$HD_INCLUDE_FILE" "$backup"
    printf '%s\n' "$output" >&2
    hd_fail "the configuration is invalid without $HD_INCLUDE_FILE; it was put back"
  fi
  hd_log change "removed $HD_INCLUDE_FILE"
  if systemctl is-active --quiet nginx; then hd_reload_service nginx; fi
fi

unit_file="/etc/systemd/system/$HD_UNIT"
if [[ -e $unit_file ]]; then
  systemctl disable --now --quiet -- "$HD_UNIT" || true
  rm -f -- "$unit_file"
  systemctl daemon-reload
  hd_log change "removed $HD_UNIT"
fi
if command -v docker >/dev/null; then
  container="hostdeck-app-$HD_SITE"
  if docker container inspect -- "$container" >/dev/null 2>&1; then
    docker rm -f -- "$container" >/dev/null
    hd_log change "removed the container $container"
  fi
fi

if [[ -d $HD_APP_ROOT/app ]]; then
  runuser -u "$HD_LINUX_USER" -- rm -rf -- "$HD_APP_ROOT/app" "$HD_APP_ROOT/app.id"
  hd_log change "removed $HD_APP_ROOT/app"
fi
if ((HD_DELETE_DATA)); then
  if [[ -d $HD_APP_ROOT ]]; then
    runuser -u "$HD_LINUX_USER" -- rm -rf -- "$HD_APP_ROOT"
    hd_log change "deleted the app's data $HD_APP_ROOT"
  fi
  if [[ -e $HD_ENV_FILE ]]; then
    rm -f -- "$HD_ENV_FILE"
    hd_log change "removed $HD_ENV_FILE"
  fi
elif [[ -d $HD_APP_ROOT/data ]]; then
  hd_log info "the app's data stays in $HD_APP_ROOT/data"
fi
