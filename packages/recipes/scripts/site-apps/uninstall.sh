#!/usr/bin/env bash
# site-app-uninstall, step `uninstall`: the site no longer runs its app. The proxy include goes
# first (then `nginx -t`: refused, it is put back and the step fails; nginx reloaded), then the
# unit (stopped, disabled, removed), the app's containers, companion units and network when it ran
# in Docker, and the
# app's code (HD_APP_ROOT/app). Its data (HD_APP_ROOT/data) and environment file (the secrets the
# data was made with) stay unless HD_DELETE_DATA is 1. Parts already gone change nothing.
# Input: HD_SITE, HD_LINUX_USER, HD_APP_ROOT, HD_ENV_FILE, HD_UNIT, HD_INCLUDE_FILE, HD_DELETE_DATA,
# HD_UNITS_FILE, HD_NETWORK.
set -euo pipefail
cd /

for path in "$HD_INCLUDE_FILE" "$HD_APP_ROOT"; do
  [[ $(realpath -m -- "$path") == "$path" ]] || hd_fail "$path is or goes through a symbolic link; it is not followed"
done

hd_site_include_remove "$HD_INCLUDE_FILE"

unit_file="/etc/systemd/system/$HD_UNIT"
if [[ -e $unit_file ]]; then
  systemctl disable --now --quiet -- "$HD_UNIT" || true
  rm -f -- "$unit_file"
  systemctl daemon-reload
  hd_log change "removed $HD_UNIT"
fi
# --- docker runtime: the units the install listed in HD_UNITS_FILE (the app's companions), every
# container labelled with the site (the app's, its companions', a setup left over), its network. ---
if [[ -e $HD_UNITS_FILE ]]; then
  while read -r unit; do
    [[ $unit =~ ^hostdeck-app-[a-z0-9.-]+\.service$ && $unit == "hostdeck-app-$HD_SITE"* ]] || continue
    if [[ -e /etc/systemd/system/$unit ]]; then
      systemctl disable --now --quiet -- "$unit" || true
      rm -f -- "/etc/systemd/system/$unit"
      hd_log change "removed $unit"
    fi
  done <"$HD_UNITS_FILE"
  systemctl daemon-reload
  rm -f -- "$HD_UNITS_FILE"
fi
if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  while read -r container; do
    [[ -n $container ]] || continue
    docker rm -f -- "$container" >/dev/null
    hd_log change "removed the container $container"
  done < <(docker ps -a --filter "label=hostdeck.site=$HD_SITE" --format '{{.Names}}')
  if docker network inspect -- "$HD_NETWORK" >/dev/null 2>&1; then
    docker network rm -- "$HD_NETWORK" >/dev/null
    hd_log change "removed the network $HD_NETWORK"
  fi
fi
# --- end of the docker runtime ---

if [[ -d $HD_APP_ROOT/app ]]; then
  runuser -u "$HD_LINUX_USER" -- rm -rf -- "$HD_APP_ROOT/app" "$HD_APP_ROOT/app.id"
  hd_log change "removed $HD_APP_ROOT/app"
fi
if ((HD_DELETE_DATA)); then
  # A docker app's volumes are root's folders (their files the containers' users'): root removes them.
  if [[ -d $HD_APP_ROOT/data && ! -L $HD_APP_ROOT/data ]]; then
    find "$HD_APP_ROOT/data" -mindepth 1 -maxdepth 1 -type d -user root -exec rm -rf --one-file-system -- {} +
  fi
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
