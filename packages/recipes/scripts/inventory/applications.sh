#!/usr/bin/env bash
# application-inventory, step `read`: what the server has of each application, for the panel to
# parse strictly (parseApplicationInventory). Changes nothing; prints only these lines:
#   os<TAB>ID-VERSION_ID        arch<TAB>ARCHITECTURE
#   app<TAB>NAME<TAB>0|1<TAB>VERSION|-<TAB>SERVICE_STATE|-<TAB>AUTO_RESTART 0|1   (one per application)
#   end
# Input: HD_APPLICATIONS, the panel's catalogue: one NAME<TAB>PROBE<TAB>SERVICE<TAB>RESTART_UNIT
# <TAB>INSTANCES line per application (`-` for none). PROBE is `dpkg:PACKAGE…` (the first installed
# package gives the version), `npm:MODULE` (a global npm module) or `file:PATH` (a version file).
set -euo pipefail
export LC_ALL=C

os_id() {
  local file
  for file in /etc/os-release /usr/lib/os-release; do
    if [[ -r $file ]]; then
      # shellcheck disable=SC1090 # the system's own file, read in a subshell for two fields
      (. "$file" && printf '%s-%s\n' "${ID:-unknown}" "${VERSION_ID:-}")
      return 0
    fi
  done
  printf 'unknown-\n'
}

# Versions as text the panel accepts; anything else in a version file is dropped.
clean_version() {
  local version=${1//[^A-Za-z0-9.+:~_-]/}
  printf '%s' "${version:0:100}"
}

# Installed packages and their versions, read once (dpkg-query reads the status file, no lock).
declare -A package_versions=()
while IFS=$'\t' read -r package status version; do
  if [[ $status == installed && -n $version ]]; then package_versions[$package]=$version; fi
done < <(dpkg-query -W -f='${Package}\t${db:Status-Status}\t${Version}\n' 2>/dev/null || true)

# probe_version PROBE  Prints the installed version, or nothing when the application is absent.
probe_version() {
  local probe=$1 package module file line
  case $probe in
    dpkg:*)
      local -a packages
      read -ra packages <<<"${probe#dpkg:}"
      for package in "${packages[@]}"; do
        if [[ -n ${package_versions[$package]:-} ]]; then
          clean_version "${package_versions[$package]}"
          return 0
        fi
      done
      ;;
    npm:*)
      module=${probe#npm:}
      for file in "/usr/local/lib/node_modules/$module/package.json" "/usr/lib/node_modules/$module/package.json"; do
        if [[ -r $file ]]; then
          line=$(sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*/\1/p' -- "$file" | head -n 1)
          clean_version "${line:-unknown}"
          return 0
        fi
      done
      ;;
    file:*)
      file=${probe#file:}
      if [[ -r $file ]]; then
        line=$(head -n 1 -- "$file")
        clean_version "${line:-unknown}"
      fi
      ;;
  esac
}

# service_state UNIT INSTANCES  ActiveState of UNIT, or `-` when it does not exist. With an
# instance pattern (PostgreSQL's `postgresql@*.service`), a main unit that is active reports the
# first instance that is not: the wrapper stays active when a cluster has failed.
service_state() {
  local unit=$1 instances=$2 load active instance_state
  load=$(systemctl show -p LoadState --value -- "$unit" 2>/dev/null || true)
  if [[ -z $load || $load == not-found ]]; then
    printf -- '-'
    return 0
  fi
  active=$(systemctl show -p ActiveState --value -- "$unit" 2>/dev/null || true)
  if [[ $active == active && $instances != - ]]; then
    instance_state=$(systemctl list-units --all --plain --no-legend -- "$instances" 2>/dev/null |
      awk '$2 == "loaded" && $3 != "active" { print $3; exit }')
    if [[ -n $instance_state ]]; then active=$instance_state; fi
  fi
  printf '%s' "${active:--}"
}

# auto_restart UNIT  1 when the panel's drop-in asks systemd to restart UNIT always.
auto_restart() {
  local file="/etc/systemd/system/$1.service.d/hostdeck-auto-restart.conf"
  if [[ $1 != - && -r $file ]] && grep -qx 'Restart=always' -- "$file"; then printf 1; else printf 0; fi
}

printf 'os\t%s\n' "$(os_id)"
printf 'arch\t%s\n' "$(dpkg --print-architecture 2>/dev/null || uname -m)"
while IFS=$'\t' read -r name probe service restart_unit instances; do
  [[ -n $name ]] || continue
  version=$(probe_version "$probe")
  if [[ -z $version ]]; then
    printf 'app\t%s\t0\t-\t-\t%s\n' "$name" "$(auto_restart "$restart_unit")"
    continue
  fi
  state=-
  if [[ $service != - ]]; then state=$(service_state "$service" "$instances"); fi
  printf 'app\t%s\t1\t%s\t%s\t%s\n' "$name" "$version" "$state" "$(auto_restart "$restart_unit")"
done <<<"$HD_APPLICATIONS"
printf 'end\n'
