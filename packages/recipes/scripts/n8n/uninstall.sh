#!/usr/bin/env bash
# n8n-uninstall, step `uninstall` (DELETE api/sites/{site}/uninstall of an n8n site): the site no
# longer runs n8n. The nginx include goes first (then `nginx -t`: refused, it is put back and the
# step fails; nginx reloaded), then the unit (stopped, disabled, removed), the environment file
# and n8n itself (HD_HOME/.n8n-app, every version, and the editor's cache HD_HOME/.cache/n8n).
# n8n's data (HD_HOME/.n8n, which keeps its own copy of the encryption key in `config`, so a
# later install reads it again) and its upgrade backups (HD_BACKUP_DIR) stay unless
# HD_DELETE_DATA is 1. The Node.js runtime (shared by the server's n8n sites) stays. Parts
# already gone change nothing.
# Input: HD_SITE, HD_LINUX_USER, HD_HOME, HD_UNIT, HD_ENV_FILE, HD_INCLUDE_FILE, HD_BACKUP_DIR,
# HD_DELETE_DATA.
set -euo pipefail
cd /

for path in "$HD_INCLUDE_FILE" "$HD_ENV_FILE" "$HD_HOME" "$HD_BACKUP_DIR"; do
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
if [[ -e $HD_ENV_FILE ]]; then
  rm -f -- "$HD_ENV_FILE"
  hd_log change "removed $HD_ENV_FILE"
fi

# As the user: their folders (and maybe links of theirs inside).
if id -u -- "$HD_LINUX_USER" >/dev/null 2>&1 && [[ -d $HD_HOME && ! -L $HD_HOME ]]; then
  # n8n itself (~1,900 packages, 2 GB) is renamed aside at once and deleted in the background:
  # deleting it took minutes on a busy disk, past the step's time limit. A deletion cut short (a
  # reboot) is picked up by the next uninstall.
  if [[ -e $HD_HOME/.n8n-app || -L $HD_HOME/.n8n-app ]]; then
    runuser -u "$HD_LINUX_USER" -- mv -T -- "$HD_HOME/.n8n-app" "$HD_HOME/.n8n-app.removing-$(date +%s%N)"
    hd_log change "removed $HD_HOME/.n8n-app (its files are deleted in the background)"
  fi
  for trash in "$HD_HOME"/.n8n-app.removing-*; do
    [[ -d $trash && ! -L $trash ]] || continue
    systemd-run --quiet --collect --no-block --uid="$HD_LINUX_USER" -- rm -rf -- "$trash" ||
      runuser -u "$HD_LINUX_USER" -- rm -rf -- "$trash"
  done
  if [[ -e $HD_HOME/.cache/n8n || -L $HD_HOME/.cache/n8n ]]; then
    runuser -u "$HD_LINUX_USER" -- rm -rf -- "$HD_HOME/.cache/n8n"
    hd_log change "removed $HD_HOME/.cache/n8n"
  fi
  if ((HD_DELETE_DATA)); then
    if [[ -e $HD_HOME/.n8n || -L $HD_HOME/.n8n ]]; then
      runuser -u "$HD_LINUX_USER" -- rm -rf -- "$HD_HOME/.n8n"
      hd_log change "deleted n8n's data $HD_HOME/.n8n"
    fi
  elif [[ -d $HD_HOME/.n8n ]]; then
    hd_log info "n8n's data stays in $HD_HOME/.n8n"
  fi
fi
if ((HD_DELETE_DATA)) && [[ -d $HD_BACKUP_DIR ]]; then
  rm -rf -- "$HD_BACKUP_DIR"
  hd_log change "deleted the backups $HD_BACKUP_DIR"
fi
