#!/usr/bin/env bash
# service-inventory, step `read`: the server's systemd services, read-only. Prints
#   hostdeck-services 1
#   managed<TAB>NAME          one per unit file of /etc/systemd/system whose first line is the marker
#   unit<TAB>ID<TAB>LOAD<TAB>ACTIVE<TAB>SUB<TAB>UNIT_FILE_STATE<TAB>MAIN_PID<TAB>DESCRIPTION
# The units are every service unit file (templates and aliases left out) and every loaded service
# (instances such as getty@tty1 included), read with one `systemctl show`.
# Input: HD_MARKER (the first line of the panel's unit files).
set -euo pipefail

printf 'hostdeck-services 1\n'

shopt -s nullglob
for file in /etc/systemd/system/*.service; do
  [[ -f $file && ! -L $file ]] || continue
  first=''
  IFS= read -r first <"$file" || true
  if [[ $first == "$HD_MARKER"* ]]; then
    name=${file##*/}
    printf 'managed\t%s\n' "${name%.service}"
  fi
done

mapfile -t units < <(
  {
    systemctl list-unit-files --type=service --no-legend --no-pager --plain 2>/dev/null |
      awk '$1 ~ /\.service$/ && $1 !~ /@\.service$/ && $2 != "alias" { print $1 }'
    systemctl list-units --type=service --all --no-legend --no-pager --plain 2>/dev/null |
      awk '{ for (i = 1; i <= NF; i++) if ($i ~ /\.service$/) { print $i; break } }'
  } | LC_ALL=C sort -u
)
((${#units[@]} > 0)) || exit 0

systemctl show --no-pager -p Id,Description,LoadState,ActiveState,SubState,UnitFileState,MainPID -- "${units[@]}" |
  awk '
    function flush() {
      if (id != "") printf "unit\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", id, load, active, sub_, file, pid, description
      id = ""; load = ""; active = ""; sub_ = ""; file = ""; pid = ""; description = ""
    }
    /^$/ { flush(); next }
    {
      at = index($0, "=")
      if (at == 0) next
      key = substr($0, 1, at - 1); value = substr($0, at + 1)
      gsub(/\t/, " ", value)
      if (key == "Id") id = value
      else if (key == "LoadState") load = value
      else if (key == "ActiveState") active = value
      else if (key == "SubState") sub_ = value
      else if (key == "UnitFileState") file = value
      else if (key == "MainPID") pid = value
      else if (key == "Description") description = value
    }
    END { flush() }
  '
