# shellcheck shell=bash
# Atomic file writes and validated configuration changes (ARCHITECTURE.md, Remote execution).
# These helpers check every command themselves (`|| return 1`): `set -e` does not apply inside a
# function called from a condition such as `if hd_apply_config …`.

# hd_write_atomic PATH MODE OWNER
# Writes stdin to PATH: a temporary file in the same directory gets the content, MODE (e.g. 0644)
# and OWNER (user or user:group), then replaces PATH with one rename, so readers see the old file
# or the new one, never a partial one.
hd_write_atomic() {
  local target=$1 mode=$2 owner=$3 temp
  hd_temp_beside temp "$target" || return 1
  cat >"$temp" || return 1
  chmod -- "$mode" "$temp" || return 1
  chown -- "$owner" "$temp" || return 1
  mv -f -- "$temp" "$target" || return 1
}

# Where hd_apply_config keeps the previous version of each file it replaced: outside include
# directories such as sites-enabled, where a backup would be loaded as configuration.
: "${hd_config_backup_dir:=/var/lib/hostdeck/config-backups}"

# Set by hd_apply_config and hd_apply_link: 1 when they changed something, else 0.
hd_config_changed=0
# Set by hd_apply_config: where it kept the file it replaced, '' when there was none (a new file).
# A caller that finds the change broken later (php-fpm refusing a pool at reload) puts it back
# with hd_restore_config.
# shellcheck disable=SC2034 # read by the steps (sites/apply-php-pool.sh).
hd_config_backup=""

# hd_config_was_changed  Succeeds when the last hd_apply_config or hd_apply_link changed something.
hd_config_was_changed() {
  ((hd_config_changed == 1))
}

# hd_backup_of VARIABLE PATH  Stores in VARIABLE where the previous version of PATH is kept
# (creating the backup directory, root-only).
hd_backup_of() {
  mkdir -p -- "$hd_config_backup_dir" || return 1
  chmod 0700 -- "$hd_config_backup_dir" || return 1
  printf -v "$1" '%s' "$hd_config_backup_dir/${2//\//%}"
}

# hd_apply_config PATH VALIDATE_COMMAND [ARGUMENT...]
# Installs stdin as PATH, then runs the validator (e.g. `nginx -t`). Content identical to the
# current file changes nothing (hd_config_changed=0, validator not run). Otherwise the current
# file is backed up, the new one written atomically (keeping the old mode and owner, or 0644
# root:root for a new file; a symbolic link at PATH is replaced by the file) and validated. When
# validation fails the previous file is restored (or the new one removed), the validator's
# output is printed on stderr and the status is 1.
hd_apply_config() {
  local target=$1
  shift
  (($# > 0)) || hd_fail "hd_apply_config: no validator for $target"
  local temp backup=""
  hd_config_changed=0
  hd_config_backup=""
  hd_temp_beside temp "$target" || return 1
  cat >"$temp" || return 1
  if [[ -f $target ]] && cmp -s -- "$temp" "$target"; then
    rm -f -- "$temp"
    hd_log info "$target is up to date"
    return 0
  fi
  if [[ -e $target ]]; then
    hd_backup_of backup "$target" || return 1
    cp -pL -- "$target" "$backup" || return 1
    chmod --reference="$target" -- "$temp" || return 1
    chown --reference="$target" -- "$temp" || return 1
  else
    chmod 0644 -- "$temp" || return 1
    chown root:root -- "$temp" || return 1
  fi
  mv -f -- "$temp" "$target" || return 1
  # shellcheck disable=SC2034 # read by the steps.
  hd_config_backup=$backup
  hd_validate_or_restore "$target" "$backup" "wrote $target" "$@"
}

# hd_apply_link LINK TARGET VALIDATE_COMMAND [ARGUMENT...]
# Makes LINK a symbolic link to TARGET (e.g. enabling a site in sites-enabled), then validates
# like hd_apply_config: nothing happens when it already is; whatever stood at LINK is backed up
# and put back, or the new link removed, when the validator fails (status 1, output on stderr).
# The link is swapped in with one rename.
hd_apply_link() {
  local link=$1 target=$2 temp backup=""
  shift 2
  (($# > 0)) || hd_fail "hd_apply_link: no validator for $link"
  hd_config_changed=0
  if [[ -L $link && $(readlink -- "$link") == "$target" ]]; then
    hd_log info "$link is up to date"
    return 0
  fi
  if [[ -e $link || -L $link ]]; then
    hd_backup_of backup "$link" || return 1
    rm -rf -- "$backup" || return 1
    cp -a -- "$link" "$backup" || return 1
  fi
  hd_temp_beside temp "$link" || return 1
  rm -f -- "$temp" || return 1
  ln -s -- "$target" "$temp" || return 1
  mv -fT -- "$temp" "$link" || return 1
  hd_validate_or_restore "$link" "$backup" "linked $link to $target" "$@"
}

# hd_validate_or_restore PATH BACKUP CHANGE_MESSAGE VALIDATE_COMMAND [ARGUMENT...]
# The second half of hd_apply_config and hd_apply_link, once the new PATH is in place: runs the
# validator; on success records the change; on failure puts BACKUP back at PATH with one rename
# (or removes PATH when BACKUP is empty, i.e. nothing stood there), prints the validator's output
# on stderr and returns 1.
hd_validate_or_restore() {
  local path=$1 backup=$2 message=$3 output
  shift 3
  if output=$("$@" 2>&1); then
    hd_config_changed=1
    hd_log change "$message"
    return 0
  fi
  hd_restore_config "$path" "$backup" || return 1
  if [[ -n $backup ]]; then
    hd_log error "$path failed validation; the previous version was restored"
  else
    hd_log error "$path failed validation and was removed"
  fi
  printf '%s\n' "$output" >&2
  return 1
}

# hd_restore_config PATH BACKUP  Puts BACKUP back at PATH with one rename, or removes PATH when
# BACKUP is empty (nothing stood there before).
hd_restore_config() {
  local path=$1 backup=$2 temp
  if [[ -z $backup ]]; then
    rm -f -- "$path" || return 1
    return 0
  fi
  hd_temp_beside temp "$path" || return 1
  rm -f -- "$temp" || return 1
  cp -a -- "$backup" "$temp" || return 1
  mv -fT -- "$temp" "$path" || return 1
}
