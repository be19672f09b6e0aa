#!/usr/bin/env bash
# site-config-delete, step `delete`: removes an extra config, validates the remaining
# configuration and reloads. When the web server refuses the configuration without the file (a
# directive elsewhere needed it) the file is put back, the tool's output goes to stderr and the
# exit code is HD_EXIT_REFUSED. The main vhost is never deleted here (site-delete removes it). A
# file that is already gone changes nothing.
# Input: HD_WEB_SERVER, HD_CONFIG_FILE, HD_MAIN.
set -euo pipefail

file=$HD_CONFIG_FILE
if [[ $HD_MAIN == 1 ]]; then
  hd_log error "the main virtual host cannot be deleted"
  exit "$HD_EXIT_MAIN_VHOST"
fi
if [[ $(realpath -m -- "$file") != "$file" ]]; then
  hd_log error "$file is or goes through a symbolic link; it is not followed"
  exit "$HD_EXIT_SYMLINK"
fi
if [[ ! -e $file ]]; then
  hd_log info "$file is already absent"
  exit 0
fi
[[ -f $file ]] || hd_fail "$file is not a regular file"

case $HD_WEB_SERVER in
  nginx) validator=(nginx -t) ;;
  apache2) validator=(apache2ctl configtest) ;;
  *) hd_fail "unknown web server $HD_WEB_SERVER" ;;
esac

backup=""
temp=""
hd_backup_of backup "$file"
cp -a -- "$file" "$backup"
rm -f -- "$file"
if ! output=$("${validator[@]}" 2>&1); then
  hd_temp_beside temp "$file"
  rm -f -- "$temp"
  cp -a -- "$backup" "$temp"
  mv -fT -- "$temp" "$file"
  hd_log error "the configuration is invalid without $file; it was put back"
  printf '%s\n' "$output" >&2
  exit "$HD_EXIT_REFUSED"
fi
hd_log change "removed $file"
hd_reload_service "$HD_WEB_SERVER"
