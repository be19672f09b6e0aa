#!/usr/bin/env bash
# site-config-write, step `write`: installs stdin as the config file, validates the whole web
# server configuration (`nginx -t` or `apachectl configtest`) and reloads it. When validation
# fails the previous file is put back (a new file is removed), the tool's own output goes to
# stderr and the exit code is HD_EXIT_REFUSED: the configuration that was live stays live.
# The same content again changes nothing (no validation, no reload).
# Input: HD_WEB_SERVER, HD_CONFIG_FILE, HD_EXTRA_DIR, HD_MAIN (1 for the main vhost), HD_MODE
# (create: refused when the file exists; update: refused when it does not); the content on stdin.
set -euo pipefail

file=$HD_CONFIG_FILE
if [[ $(realpath -m -- "$file") != "$file" ]]; then
  hd_log error "$file is or goes through a symbolic link; it is not followed"
  exit "$HD_EXIT_SYMLINK"
fi

case $HD_MODE in
  create)
    if [[ -e $file || -L $file ]]; then
      hd_log error "$file already exists"
      exit "$HD_EXIT_EXISTS"
    fi
    ;;
  update)
    if [[ ! -e $file ]]; then
      hd_log error "$file does not exist"
      exit "$HD_EXIT_MISSING"
    fi
    [[ -f $file ]] || hd_fail "$file is not a regular file"
    ;;
  *) hd_fail "unknown mode $HD_MODE" ;;
esac

case $HD_WEB_SERVER in
  nginx)
    command -v nginx >/dev/null || hd_fail "nginx is not installed"
    validator=(nginx -t)
    ;;
  apache2)
    command -v apache2ctl >/dev/null || hd_fail "apache2 is not installed"
    validator=(apache2ctl configtest)
    ;;
  *) hd_fail "unknown web server $HD_WEB_SERVER" ;;
esac

if [[ $HD_MAIN != 1 && ! -d $HD_EXTRA_DIR ]]; then
  mkdir -p -- "$HD_EXTRA_DIR"
  chmod 0755 -- "$HD_EXTRA_DIR"
  hd_log change "created $HD_EXTRA_DIR"
fi

if ! hd_apply_config "$file" "${validator[@]}"; then
  exit "$HD_EXIT_REFUSED"
fi
if hd_config_was_changed; then
  hd_reload_service "$HD_WEB_SERVER"
fi
