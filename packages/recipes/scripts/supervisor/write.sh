#!/usr/bin/env bash
# supervisor-save, step `write`: installs stdin (the program's file, rendered by the panel from
# validated values) as /etc/supervisor/conf.d/hostdeck-<name>.conf, then `supervisorctl reread`
# and `supervisorctl update <name>`: only this program is (re)started, supervisord never is. When
# reread or update fails, the previous file is put back (a new one removed) and applied again.
# A file made by hand is never written: create refuses a name supervisord already knows, update
# refuses a file without the panel's marker.
# Input: HD_PROGRAM, HD_MODE (create|update), HD_USER, HD_DIRECTORY, HD_STARTSECS; the file on stdin.
set -euo pipefail

name=$HD_PROGRAM
file=/etc/supervisor/conf.d/hostdeck-$name.conf
marker='# Managed by HostDeck'

id -u -- "$HD_USER" >/dev/null 2>&1 || hd_fail "the user $HD_USER does not exist on this server"
[[ -d $HD_DIRECTORY ]] || hd_fail "the directory $HD_DIRECTORY does not exist on this server"
mkdir -p /etc/supervisor/conf.d

# Another file declaring [program:NAME] (a program made by hand).
declared_elsewhere() {
  local other
  for other in /etc/supervisor/supervisord.conf /etc/supervisor/conf.d/*.conf; do
    [[ -f $other && $other != "$file" ]] || continue
    if grep -qE "^\[program:${name}\][[:space:]]*$" -- "$other"; then
      printf '%s' "$other"
      return 0
    fi
  done
  return 1
}

if other=$(declared_elsewhere); then
  hd_fail "a program named $name is already configured in $other (not made by the panel); choose another name"
fi
case $HD_MODE in
  create)
    if [[ -e $file || -L $file ]]; then hd_fail "a program named $name already exists"; fi
    ;;
  update)
    [[ -f $file && ! -L $file ]] || hd_fail "the program $name does not exist on this server"
    [[ $(head -n 1 -- "$file") == "$marker"* ]] || hd_fail "$file was not made by the panel; it is left as it is"
    ;;
  *) hd_fail "unknown mode $HD_MODE" ;;
esac

# apply  reread, then update this program only. Prints supervisorctl's output; fails on an error.
apply() {
  local output status=0
  output=$(supervisorctl reread 2>&1) || status=$?
  printf '%s\n' "$output"
  if ((status != 0)) || grep -q 'ERROR' <<<"$output"; then return 1; fi
  status=0
  output=$(supervisorctl update "$name" 2>&1) || status=$?
  printf '%s\n' "$output"
  if ((status != 0)) || grep -q 'ERROR' <<<"$output"; then return 1; fi
}

temp=""
hd_temp_beside temp "$file"
cat >"$temp"
chmod 0600 -- "$temp"
chown root:root -- "$temp"
if [[ -f $file ]] && cmp -s -- "$temp" "$file"; then
  hd_log info "$file is up to date"
  apply >/dev/null || true
  exit 0
fi

backup=""
if [[ -e $file ]]; then
  hd_backup_of backup "$file"
  cp -p -- "$file" "$backup"
fi
mv -f -- "$temp" "$file"
if ! apply; then
  if [[ -n $backup ]]; then
    cp -p -- "$backup" "$file"
    hd_log error "supervisor refused the new $file; the previous version was restored"
  else
    rm -f -- "$file"
    hd_log error "supervisor refused the new $file; it was removed"
  fi
  apply >&2 || true
  exit 1
fi
hd_log change "wrote $file and applied it"

# Says how the program started (it is not an error of the change when it does not: the list
# shows its state and last error lines).
if grep -q '^autostart=true$' -- "$file"; then
  for ((attempt = 1; attempt <= HD_STARTSECS + 10; attempt++)); do
    states=$({ supervisorctl status 2>&1 || true; } | awk -v name="$name" '$1 == name || index($1, name ":") == 1')
    if ! grep -qE '[[:space:]](STARTING|STOPPING)[[:space:]]' <<<"$states"; then break; fi
    sleep 1
  done
  printf '%s\n' "$states"
  if grep -qE '[[:space:]](FATAL|BACKOFF|EXITED)[[:space:]]' <<<"$states"; then
    hd_log warn "$name did not stay running; see its log"
  fi
fi
