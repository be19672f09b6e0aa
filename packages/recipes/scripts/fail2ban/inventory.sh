#!/usr/bin/env bash
# fail2ban-inventory, step `read` (read-only): whether Fail2Ban is installed and running, the
# panel's address as this server sees it, the panel's allow-list and jail files, and every running
# jail with its settings, counters and banned addresses (time left in seconds). One tab-separated
# record a line after the header; parseFail2banInventory reads them.
set -euo pipefail

printf 'hostdeck-fail2ban 1\n'
panel=''
if [[ -n ${SSH_CONNECTION:-} ]]; then
  read -ra connection <<<"$SSH_CONNECTION"
  panel=${connection[0]:-}
fi
[[ $panel =~ ^[0-9A-Fa-f:.]+$ ]] || panel=''
printf 'panel\t%s\n' "$panel"

if ! command -v fail2ban-client >/dev/null; then
  printf 'installed\t0\nrunning\t0\n'
  exit 0
fi
printf 'installed\t1\n'

# setting FILE KEY  The value of `KEY = value` in a panel jail file ('' when absent).
setting() {
  awk -v key="$2" -F '=' '{ k = $1; gsub(/[ \t]/, "", k) } k == key { v = $2; gsub(/^[ \t]+|[ \t]+$/, "", v); print v; exit }' "$1"
}

allow_file=/etc/fail2ban/jail.d/hostdeck-ignoreip.local
if [[ -f $allow_file ]] && [[ $(head -n 1 -- "$allow_file") == "$HD_MARKER"* ]]; then
  allow=$(sed -n 's/^# allow:[[:space:]]*//p' "$allow_file" | head -n 1)
  printf 'allow\t%s\n' "$allow"
fi

for file in /etc/fail2ban/jail.d/hostdeck-*.local; do
  [[ -f $file ]] || continue
  name=${file##*/hostdeck-}
  name=${name%.local}
  [[ $name == ignoreip ]] && continue
  [[ $(head -n 1 -- "$file") == "$HD_MARKER"* ]] || continue
  printf 'managed\t%s\t%s\t%s\t%s\t%s\n' "$name" "$(setting "$file" enabled)" "$(setting "$file" maxretry)" \
    "$(setting "$file" findtime)" "$(setting "$file" bantime)"
done

if ! systemctl is-active --quiet fail2ban || ! fail2ban-client ping >/dev/null 2>&1; then
  printf 'running\t0\n'
  exit 0
fi
printf 'running\t1\n'

now=$(date +%s)
jails=$(fail2ban-client status | sed -n 's/.*Jail list:[[:space:]]*//p' | tr ',' ' ')
first=1
for jail in $jails; do
  [[ $jail =~ ^[A-Za-z0-9][A-Za-z0-9_.-]*$ ]] || continue
  if ((first)); then
    # The [DEFAULT] ignoreip every jail inherits (the first jail's, as Fail2Ban reads it).
    ignore=$(fail2ban-client get "$jail" ignoreip | sed -n 's/^[|`]- //p' | tr '\n' ' ')
    printf 'ignore\t%s\n' "$ignore"
    first=0
  fi
  status=$(fail2ban-client status "$jail")
  failed=$(sed -n 's/.*Currently failed:[[:space:]]*//p' <<<"$status")
  total=$(sed -n 's/.*Total banned:[[:space:]]*//p' <<<"$status")
  printf 'jail\t%s\t%s\t%s\t%s\t%s\t%s\n' "$jail" "$(fail2ban-client get "$jail" maxretry)" \
    "$(fail2ban-client get "$jail" findtime)" "$(fail2ban-client get "$jail" bantime)" "${failed:-0}" "${total:-0}"
  # `IP \tSTART + SECONDS = END` (local time); a ban that never ends has SECONDS -1.
  while IFS= read -r line; do
    [[ -n $line ]] || continue
    ip=${line%%[[:space:]]*}
    left=''
    if [[ $line =~ \+\ (-?[0-9]+)\ =\ ([0-9-]+\ [0-9:]+) ]]; then
      if [[ ${BASH_REMATCH[1]} != -* ]] && end=$(date -d "${BASH_REMATCH[2]}" +%s 2>/dev/null); then
        left=$((end - now))
        ((left >= 0)) || left=0
      fi
    fi
    printf 'ban\t%s\t%s\t%s\n' "$jail" "$ip" "$left"
  done < <(fail2ban-client get "$jail" banip --with-time)
done
