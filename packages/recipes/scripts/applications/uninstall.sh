#!/usr/bin/env bash
# application-uninstall, step `uninstall`: stops the application's service, removes the panel's
# auto-restart drop-in, then removes the application:
# - Debian packages: the installed ones among HD_APPLICATION_REMOVES (dpkg patterns such as
#   `php8.3-*`), with what only they needed. Applications that hold data (HD_APPLICATION_KEEPS:
#   databases, Docker) are removed but never purged: their data and configuration stay where
#   they are, and the output says where. Others are purged.
# - PM2: the global npm module (Node.js stays: other software may use it).
# - MTProxy: its service and build; /etc/mtproxy (the secret clients were given) stays.
# Nothing installed: nothing changes.
# Input: HD_APPLICATION_* (packages/recipes/src/applications/catalogue.ts).
set -euo pipefail

service=${HD_APPLICATION_SERVICE:-}
unit=${HD_APPLICATION_RESTART_UNIT:-$service}
read -ra patterns <<<"${HD_APPLICATION_REMOVES:-}"
read -ra kept <<<"${HD_APPLICATION_KEEPS:-}"

stop_service() {
  if [[ -z $service ]] || ! systemctl cat -- "$service" >/dev/null 2>&1; then return 0; fi
  local name
  # The socket first (mariadb.socket, docker.socket), or a connection would start it again.
  for name in "$service.socket" "$service"; do
    if systemctl is-active --quiet -- "$name"; then
      systemctl stop -- "$name"
      hd_log change "stopped $name"
    fi
  done
}

remove_auto_restart() {
  local drop_in="/etc/systemd/system/$unit.service.d/hostdeck-auto-restart.conf"
  if [[ -n $unit && -e $drop_in ]]; then
    rm -f -- "$drop_in"
    rmdir --ignore-fail-on-non-empty -- "$(dirname -- "$drop_in")"
    systemctl daemon-reload
    hd_log change "removed $drop_in"
  fi
}

report_kept() {
  local path
  for path in "${kept[@]}"; do
    if [[ -e $path ]]; then
      hd_log info "kept $path: what $HD_APPLICATION_NAME stored there stays until you remove it yourself"
    fi
  done
}

uninstall_packages() {
  local -a installed=()
  local package status
  if ((${#patterns[@]} > 0)); then
    while IFS=$'\t' read -r package status; do
      case $status in
        not-installed | config-files | '') ;;
        *) installed+=("$package") ;;
      esac
    done < <(dpkg-query -W -f='${Package}\t${db:Status-Status}\n' -- "${patterns[@]}" 2>/dev/null || true)
  fi
  if ((${#installed[@]} == 0)); then
    hd_log info "$HD_APPLICATION_NAME is not installed"
    remove_auto_restart
    return 0
  fi
  stop_service
  remove_auto_restart
  if ((${#kept[@]} > 0)); then
    hd_log info "removing ${installed[*]} (keeping its data and configuration)"
    hd_apt_run remove -y -q --autoremove -- "${installed[@]}"
  else
    hd_log info "purging ${installed[*]}"
    hd_apt_run purge -y -q --autoremove -- "${installed[@]}"
  fi
  hd_log change "uninstalled $HD_APPLICATION_NAME (${installed[*]})"
  report_kept
}

uninstall_pm2() {
  local prefix found=0
  for prefix in /usr/local/lib/node_modules /usr/lib/node_modules; do
    if [[ -d $prefix/pm2 ]]; then found=1; fi
  done
  if ((!found)); then
    hd_log info "PM2 is not installed"
    return 0
  fi
  npm uninstall --global --no-audit --no-fund -- pm2
  hd_log change "uninstalled PM2 (Node.js stays installed)"
}

uninstall_mtproxy() {
  local unit_file=/etc/systemd/system/mtproxy.service
  if [[ ! -e $unit_file && ! -e /opt/mtproxy ]]; then
    hd_log info "MTProxy is not installed"
    remove_auto_restart
    return 0
  fi
  stop_service
  remove_auto_restart
  if [[ -e $unit_file ]]; then
    systemctl disable --quiet -- mtproxy.service 2>/dev/null || true
    rm -f -- "$unit_file"
    systemctl daemon-reload
    hd_log change "removed $unit_file"
  fi
  rm -rf -- /opt/mtproxy
  hd_log change "uninstalled MTProxy (/opt/mtproxy)"
  report_kept
}

case $HD_APPLICATION_METHOD in
  apt | php | database) uninstall_packages ;;
  npm) uninstall_pm2 ;;
  source) uninstall_mtproxy ;;
  *) hd_fail "unknown installation method $HD_APPLICATION_METHOD" ;;
esac
