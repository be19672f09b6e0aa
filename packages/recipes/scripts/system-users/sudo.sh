#!/usr/bin/env bash
# system-user-create, step `sudo`: with HD_SUDO=1 the user may run commands as root with its own
# password, through the panel's own file /etc/sudoers.d/hostdeck-NAME (0440, marker line). The new
# file is checked alone (`visudo -cf`) before it is put in place, then the whole configuration
# (`visudo -c`); on failure the previous state is restored. HD_SUDO=0 removes only that file; a
# membership of the sudo group made by hand is kept (adopt, never wipe).
# Input: HD_USER, HD_SUDO (1/0).
set -euo pipefail

user=${HD_USER:?HD_USER is required}
wanted=${HD_SUDO:-0}
file="/etc/sudoers.d/hostdeck-$user"

if ((wanted == 0)); then
  if [[ -e $file ]]; then
    rm -f -- "$file"
    hd_log change "removed $file"
  fi
  exit 0
fi

id -u -- "$user" >/dev/null 2>&1 || hd_fail "the user $user does not exist on this server"
if ! command -v visudo >/dev/null 2>&1; then hd_apt_install sudo; fi
[[ -d /etc/sudoers.d ]] || hd_fail "/etc/sudoers.d does not exist on this server"
# Debian's sudoers reads the folder; a server without that line would silently ignore the file.
grep -Eq '^[@#]includedir[[:space:]]+/etc/sudoers.d' /etc/sudoers ||
  hd_fail "/etc/sudoers does not read /etc/sudoers.d; refusing to add a rule it would ignore"

candidate=""
hd_temp_file candidate
printf '# Managed by HostDeck: sudo for the system user %s. Do not edit.\n%s ALL=(ALL:ALL) ALL\n' \
  "$user" "$user" >"$candidate"
chmod 0440 -- "$candidate"
if ! output=$(visudo -cf "$candidate" 2>&1); then
  printf '%s\n' "$output" >&2
  hd_fail "the sudo rule for $user was refused by visudo; nothing was changed"
fi
if [[ -f $file ]] && cmp -s -- "$candidate" "$file"; then
  hd_log info "$file is up to date"
  exit 0
fi
backup=""
if [[ -e $file ]]; then
  hd_backup_of backup "$file"
  cp -p -- "$file" "$backup"
fi
# sudo reads only files of mode 0440 (or stricter) owned by root.
hd_write_atomic "$file" 0440 root:root <"$candidate"
if ! output=$(visudo -c 2>&1); then
  hd_restore_config "$file" "$backup" || true
  printf '%s\n' "$output" >&2
  hd_fail "the sudo configuration was refused by visudo; the previous one was restored"
fi
hd_log change "wrote $file ($user may use sudo)"
