#!/usr/bin/env bash
# fail2ban-jail and fail2ban-allow-list, step `apply` (safe apply, kind fail2ban; docs/safe-apply.md):
# arms the server's own revert, then writes the panel's files in /etc/fail2ban/jail.d/, checks
# them with `fail2ban-client --test`, reloads (or starts) Fail2Ban and checks the jail runs. On any
# failure the previous files are put back at once. Every run also rewrites the allow-list file so
# the panel's own address (the first word of SSH_CONNECTION) is always in ignoreip.
#   HD_OPERATION  save | update | enable | disable | delete (HD_JAIL, a preset) | allow-list | start
#   HD_MAXRETRY HD_FINDTIME HD_BANTIME (save, update)   HD_ALLOW (allow-list: addresses, spaces)
set -euo pipefail

jail_dir=/etc/fail2ban/jail.d
allow_file=$jail_dir/hostdeck-ignoreip.local
wordpress_filter=/etc/fail2ban/filter.d/hostdeck-wordpress.conf
operation=$HD_OPERATION
jail=${HD_JAIL:-}

if ! command -v fail2ban-client >/dev/null; then
  if [[ -f /var/log/auth.log ]]; then hd_apt_install fail2ban; else hd_apt_install fail2ban python3-systemd; fi
fi
mkdir -p -- "$jail_dir"

panel=''
if [[ -n ${SSH_CONNECTION:-} ]]; then
  read -ra connection <<<"$SSH_CONNECTION"
  panel=${connection[0]:-}
fi
[[ $panel =~ ^[0-9A-Fa-f:.]+$ ]] || panel=''

is_managed() {
  [[ -f $1 ]] && [[ $(head -n 1 -- "$1") == "$HD_MARKER"* ]]
}
setting() {
  awk -v key="$2" -F '=' '{ k = $1; gsub(/[ \t]/, "", k) } k == key { v = $2; gsub(/^[ \t]+|[ \t]+$/, "", v); print v; exit }' "$1"
}

# The allow-list: the new one, or the one the panel's file holds.
if [[ $operation == allow-list ]]; then
  allow=${HD_ALLOW:-}
elif is_managed "$allow_file"; then
  allow=$(sed -n 's/^# allow:[[:space:]]*//p' "$allow_file" | head -n 1)
else
  allow=''
fi
read -ra allow_words <<<"$allow"

render_allow() {
  local ignore=(127.0.0.1/8 ::1)
  [[ -n $panel ]] && ignore+=("$panel")
  ignore+=("${allow_words[@]}")
  printf '%s (Fail2Ban allow-list). Changes here are replaced by the panel.\n' "$HD_MARKER"
  printf '# allow: %s\n' "${allow_words[*]}"
  printf '# Never banned: this machine, the panel (%s) and the allow-list.\n' "${panel:-unknown}"
  printf '[DEFAULT]\nignoreip = %s\n' "${ignore[*]}"
}

# preset_settings  Sets `lines`: the settings of preset $jail right for this server's logging
# (journald where the log file does not exist, as on Debian 12); fails when the preset's service
# or log is missing. (Not in a redirection: its failure message must reach the event.)
lines=()
preset_settings() {
  case $jail in
    sshd)
      local ports
      ports=$(hd_ssh_ports | paste -sd, -)
      lines+=("filter = sshd" "port = $ports")
      if [[ -f /var/log/auth.log ]]; then lines+=("backend = auto" "logpath = /var/log/auth.log"); else lines+=("backend = systemd"); fi
      ;;
    nginx-http-auth | nginx-botsearch | wordpress)
      [[ -f /var/log/nginx/access.log || -f /var/log/nginx/error.log ]] ||
        hd_fail "nginx is not installed on this server (no /var/log/nginx): the $jail jail has nothing to read"
      local filter=$jail logpath=/var/log/nginx/access.log
      [[ $jail == wordpress ]] && filter=hostdeck-wordpress
      [[ $jail == nginx-http-auth ]] && logpath=/var/log/nginx/error.log
      [[ -f $logpath ]] || hd_fail "$logpath does not exist: the $jail jail has nothing to read"
      [[ $logpath == */access.log ]] && logpath="$logpath /var/log/nginx/*.access.log"
      lines+=("filter = $filter" "port = http,https" "backend = auto" "logpath = $logpath")
      ;;
    postfix | dovecot)
      command -v "$jail" >/dev/null || hd_fail "$jail is not installed on this server"
      lines+=("filter = $jail")
      if [[ $jail == postfix ]]; then lines+=("port = smtp,465,submission"); else lines+=("port = pop3,pop3s,imap,imaps,submission,465,sieve"); fi
      if [[ -f /var/log/mail.log ]]; then
        lines+=("backend = auto" "logpath = /var/log/mail.log")
      else
        lines+=("backend = systemd")
        if [[ $jail == postfix ]]; then lines+=("journalmatch = _SYSTEMD_UNIT=postfix@-.service"); fi
      fi
      ;;
    recidive)
      [[ -f /var/log/fail2ban.log ]] || hd_fail "/var/log/fail2ban.log does not exist: the recidive jail has nothing to read"
      lines+=("filter = recidive" "backend = auto" "logpath = /var/log/fail2ban.log" "banaction = %(banaction_allports)s")
      ;;
    *) hd_fail "unknown preset $jail" ;;
  esac
}

# render_jail ENABLED MAXRETRY FINDTIME BANTIME  The jail file of preset $jail (after preset_settings).
render_jail() {
  local enabled=$1 maxretry=$2 findtime=$3 bantime=$4
  printf '%s (Fail2Ban jail %s). Changes here are replaced by the panel.\n' "$HD_MARKER" "$jail"
  printf '[%s]\nenabled = %s\n' "$jail" "$enabled"
  printf '%s\n' "${lines[@]}"
  printf 'maxretry = %s\nfindtime = %s\nbantime = %s\n' "$maxretry" "$findtime" "$bantime"
}

render_wordpress_filter() {
  printf '%s (Fail2Ban filter of the wordpress jail). Changes here are replaced by the panel.\n' "$HD_MARKER"
  # A failed WordPress login answers 200 (the form again), a good one 302; every XML-RPC call is a POST.
  cat <<'FILTER'
[Definition]
failregex = ^<HOST> \S+ \S+ \[[^\]]*\] "POST /(?:\S*/)?wp-login\.php\S* HTTP/[0-9.]+" 200 
            ^<HOST> \S+ \S+ \[[^\]]*\] "POST /(?:\S*/)?xmlrpc\.php\S* HTTP/[0-9.]+" 
ignoreregex =
datepattern = {^LN-BEG}%%d/%%b/%%Y:%%H:%%M:%%S %%z
FILTER
}

jail_file=''
files=("$allow_file")
if [[ $operation != allow-list && $operation != start ]]; then
  jail_file=$jail_dir/hostdeck-$jail.local
  files+=("$jail_file")
  [[ $jail == wordpress ]] && files+=("$wordpress_filter")
  if [[ $operation != save ]] && ! is_managed "$jail_file"; then
    hd_fail "the $jail jail was not made by HostDeck: it is kept as it is"
  fi
fi

# The new content of each file, rendered before anything is armed (a refusal changes nothing).
staged=''
hd_temp_dir staged
render_allow >"$staged/allow"
case $operation in save | update | enable | disable) preset_settings ;; esac
case $operation in
  save) render_jail true "$HD_MAXRETRY" "$HD_FINDTIME" "$HD_BANTIME" >"$staged/jail" ;;
  update) render_jail "$(setting "$jail_file" enabled)" "$HD_MAXRETRY" "$HD_FINDTIME" "$HD_BANTIME" >"$staged/jail" ;;
  enable | disable)
    enabled=true
    [[ $operation == disable ]] && enabled=false
    render_jail "$enabled" "$(setting "$jail_file" maxretry)" "$(setting "$jail_file" findtime)" \
      "$(setting "$jail_file" bantime)" >"$staged/jail"
    ;;
  delete | allow-list | start) ;;
  *) hd_fail "unknown operation $operation" ;;
esac

hd_safe_arm fail2ban "$HD_REVERT_SECONDS" "${files[@]}"

revert_now() {
  # shellcheck disable=SC2154 # hd_safe_root: lib/safe-apply.sh, inlined before every step.
  local dir=$hd_safe_root/fail2ban
  systemctl stop "$(hd_safe_unit fail2ban).timer" >/dev/null 2>&1 || true
  /bin/bash "$dir/revert.sh" >/dev/null 2>&1 || true
  rm -rf -- "$dir"
  hd_log change "put the previous Fail2Ban settings back"
}
refuse() {
  revert_now
  hd_fail "$@"
}

install_file() {
  hd_write_atomic "$2" 0644 root:root <"$1" || refuse "could not write $2"
  hd_log change "wrote $2"
}
cmp -s -- "$staged/allow" "$allow_file" 2>/dev/null || install_file "$staged/allow" "$allow_file"
case $operation in
  save | update | enable | disable)
    if [[ $jail == wordpress ]]; then
      render_wordpress_filter >"$staged/filter"
      cmp -s -- "$staged/filter" "$wordpress_filter" 2>/dev/null || install_file "$staged/filter" "$wordpress_filter"
    fi
    cmp -s -- "$staged/jail" "$jail_file" 2>/dev/null || install_file "$staged/jail" "$jail_file"
    ;;
  delete)
    rm -f -- "$jail_file"
    [[ $jail == wordpress ]] && rm -f -- "$wordpress_filter"
    hd_log change "removed $jail_file"
    ;;
esac

if ! output=$(fail2ban-client --test 2>&1); then
  printf '%s\n' "$output" >&2
  refuse "Fail2Ban refused the new settings (fail2ban-client --test); the previous ones were put back"
fi

if systemctl is-active --quiet fail2ban && fail2ban-client ping >/dev/null 2>&1; then
  fail2ban-client reload >/dev/null 2>&1 || {
    journalctl -u fail2ban --no-pager -n 20 >&2 || true
    refuse "Fail2Ban could not reload the new settings; the previous ones were put back"
  }
  hd_log change "reloaded Fail2Ban"
else
  systemctl enable --quiet fail2ban || true
  systemctl restart fail2ban || true
  hd_log change "started Fail2Ban"
fi

# Fail2Ban must answer, and the jail changed must run (or be gone when disabled).
want_running=0
[[ $operation == save || $operation == update || $operation == enable ]] && want_running=1
for ((attempt = 1; attempt <= 40; attempt++)); do
  if fail2ban-client ping >/dev/null 2>&1; then
    if ((want_running == 0)) || fail2ban-client status "$jail" >/dev/null 2>&1; then
      if [[ -n $jail ]] && ((want_running)); then fail2ban-client status "$jail"; else fail2ban-client status; fi
      exit 0
    fi
  fi
  sleep 0.5
done
journalctl -u fail2ban --no-pager -n 20 >&2 || true
refuse "Fail2Ban did not start${jail:+ the $jail jail}; the previous settings were put back"
