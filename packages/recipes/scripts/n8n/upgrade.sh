#!/usr/bin/env bash
# n8n-upgrade, step `upgrade` (after `install` put n8n HD_VERSION beside the running one): stops
# n8n, backs up its data (HD_HOME/.n8n) into HD_BACKUP_DIR (root's, 0700), points the unit and
# the environment at the new version and starts it; n8n migrates its database at that start.
# When it does not answer, the data is restored from the backup and the previous version started
# again. The previous version's folder is removed once the new one answers; backups are kept (the
# five newest).
# Input: HD_SITE, HD_LINUX_USER, HD_HOME, HD_PORT, HD_UNIT, HD_ENV_FILE, HD_VERSION, HD_BACKUP_DIR.
set -euo pipefail

[[ -f $HD_ENV_FILE ]] || hd_fail "n8n is not installed on $HD_SITE"
unit_file="/etc/systemd/system/$HD_UNIT"
[[ -f $unit_file ]] || hd_fail "the unit $HD_UNIT is missing: install n8n again"
old_app=$(hd_n8n_app)
new_app="$HD_HOME/.n8n-app/$HD_VERSION"
[[ -f $new_app/.hostdeck-complete ]] || hd_fail "n8n $HD_VERSION is not installed in $new_app"
if [[ $old_app == "$new_app" ]]; then
  hd_log info "n8n of $HD_SITE runs $HD_VERSION already"
  systemctl is-active --quiet -- "$HD_UNIT" || systemctl start -- "$HD_UNIT"
  exit 0
fi

mkdir -p -- "$HD_BACKUP_DIR"
chmod 0700 -- "$(dirname -- "$HD_BACKUP_DIR")" "$HD_BACKUP_DIR"
backup="$HD_BACKUP_DIR/n8n-$(date -u +%Y%m%dT%H%M%SZ).tar.gz"
systemctl stop -- "$HD_UNIT"
if [[ -d $HD_HOME/.n8n && ! -L $HD_HOME/.n8n ]]; then
  tar -czf "$backup" -C "$HD_HOME" .n8n || {
    systemctl start -- "$HD_UNIT" || true
    hd_fail "could not back up $HD_HOME/.n8n; n8n was started again unchanged"
  }
  chmod 0600 -- "$backup"
  hd_log change "backed up $HD_HOME/.n8n to $backup ($(du -h -- "$backup" | cut -f1))"
else
  backup=""
fi

hd_temp_file saved_env
hd_temp_file saved_unit
# shellcheck disable=SC2154 # set by hd_temp_file (lib/common.sh).
cp -p -- "$HD_ENV_FILE" "$saved_env"
# shellcheck disable=SC2154 # set by hd_temp_file (lib/common.sh).
cp -p -- "$unit_file" "$saved_unit"
point_at() {
  local from=$1 to=$2
  sed "s|^HOSTDECK_N8N_APP=$from\$|HOSTDECK_N8N_APP=$to|" -- "$HD_ENV_FILE" |
    hd_write_atomic "$HD_ENV_FILE" "$(stat -c %a -- "$HD_ENV_FILE")" "$(stat -c %U:%G -- "$HD_ENV_FILE")"
  sed "s|^ExecStart=$from/|ExecStart=$to/|" -- "$unit_file" | hd_write_atomic "$unit_file" 0644 root:root
  systemctl daemon-reload
}
point_at "$old_app" "$new_app"
systemctl start -- "$HD_UNIT"
if hd_n8n_wait; then
  hd_log change "n8n of $HD_SITE runs $HD_VERSION (it ran $(basename -- "$old_app"))"
  runuser -u "$HD_LINUX_USER" -- rm -rf -- "$old_app"
  # The names are the panel's own (n8n-DATE.tar.gz): sorted by name is by age.
  mapfile -t old_backups < <(find "$HD_BACKUP_DIR" -maxdepth 1 -name 'n8n-*.tar.gz' -type f | sort -r | tail -n +6)
  for path in "${old_backups[@]}"; do rm -f -- "$path"; done
  exit 0
fi

hd_log warn "n8n $HD_VERSION did not answer; restoring the data and the previous version"
systemctl stop -- "$HD_UNIT" || true
if [[ -n $backup ]]; then
  # As the user: the archive holds the user's files (and maybe links of theirs).
  runuser -u "$HD_LINUX_USER" -- rm -rf -- "$HD_HOME/.n8n"
  runuser -u "$HD_LINUX_USER" -- tar -xzf - -C "$HD_HOME" <"$backup"
fi
cp -p -- "$saved_env" "$HD_ENV_FILE"
cp -p -- "$saved_unit" "$unit_file"
systemctl daemon-reload
systemctl start -- "$HD_UNIT"
hd_n8n_wait || hd_fail "the previous version did not start again either (its log is above)"
hd_fail "n8n $HD_VERSION did not start; the data was restored and $(basename -- "$old_app") runs again"
