# shellcheck shell=bash
# Safe apply (docs/safe-apply.md): a change that could cut the panel off from the server (ufw,
# sshd, Fail2Ban) is applied only after the server itself is set to put the previous state back,
# by a systemd timer that runs whether or not the panel is still there. The panel then opens a new
# SSH connection and, on it, disarms the timer (hd_safe_confirm). A recipe's steps:
#   apply:   hd_safe_arm KIND SECONDS FILE...; then change those files and reload
#   confirm: hd_safe_confirm KIND        (run by the panel on a NEW connection: recipe.safeApply)
# KIND is firewall, ssh or fail2ban: what to reload after putting the files back. One change of a
# kind is pending at a time.

: "${hd_safe_root:=/var/lib/hostdeck/safe-apply}"

# hd_safe_unit KIND  The transient unit's name (its .timer and .service).
hd_safe_unit() {
  printf 'hostdeck-revert-%s' "$1"
}

# hd_safe_arm KIND SECONDS FILE...  Keeps a copy of each FILE (or that it did not exist) and arms
# the revert SECONDS from now. Fails, changing nothing, while an earlier change of KIND is still
# waiting to be put back.
hd_safe_arm() {
  local kind=$1 seconds=$2 unit dir file index=0
  shift 2
  case $kind in firewall | ssh | fail2ban) ;; *) hd_fail "unknown safe-apply kind: $kind" ;; esac
  if [[ ! $seconds =~ ^[0-9]+$ ]] || ((seconds < 10 || seconds > 3600)); then hd_fail "invalid revert delay: $seconds"; fi
  command -v systemd-run >/dev/null || hd_fail "systemd-run is missing: the change cannot be made safely"
  unit=$(hd_safe_unit "$kind")
  if systemctl is-active --quiet "$unit.timer" || [[ $(systemctl show -p ActiveState --value "$unit.service" 2>/dev/null) == activating ]]; then
    hd_fail "an earlier $kind change is still waiting to be confirmed or put back; try again in a minute"
  fi
  systemctl reset-failed "$unit.timer" "$unit.service" >/dev/null 2>&1 || true
  mkdir -p -- "$hd_safe_root" || return 1
  chmod 0700 -- "$hd_safe_root" || return 1
  dir="$hd_safe_root/$kind"
  rm -rf -- "$dir"
  mkdir -m 0700 -- "$dir" "$dir/files" || return 1
  : >"$dir/manifest"
  for file; do
    if [[ -e $file ]]; then
      cp -a -- "$file" "$dir/files/$index" || return 1
      printf 'present\t%s\t%s\n' "$index" "$file" >>"$dir/manifest"
    else
      printf 'absent\t%s\t%s\n' "$index" "$file" >>"$dir/manifest"
    fi
    index=$((index + 1))
  done
  hd_safe_revert_script "$kind" >"$dir/revert.sh" || return 1
  chmod 0700 -- "$dir/revert.sh"
  systemd-run --quiet --unit="$unit" --on-active="${seconds}s" --timer-property=AccuracySec=1s \
    --description="HostDeck: put the previous $kind settings back" /bin/bash "$dir/revert.sh" ||
    hd_fail "could not arm the automatic revert; nothing was changed"
  date -u +%s >"$dir/armed"
  hd_log info "armed: unless the panel reconnects, the server puts the previous $kind settings back in $seconds s"
}

# hd_safe_confirm KIND  Disarms the revert (the panel reached the server over a new connection).
# Fails when it is too late: the server already put the previous settings back.
hd_safe_confirm() {
  local kind=$1 unit dir
  unit=$(hd_safe_unit "$kind")
  dir="$hd_safe_root/$kind"
  systemctl stop "$unit.timer" >/dev/null 2>&1 || true
  while [[ $(systemctl show -p ActiveState --value "$unit.service" 2>/dev/null) == activating ]]; do
    sleep 0.2
  done
  systemctl reset-failed "$unit.timer" "$unit.service" >/dev/null 2>&1 || true
  if [[ -e $dir/reverted ]]; then
    hd_fail "the server had already put the previous $kind settings back: the change was not kept"
  fi
  [[ -e $dir/manifest ]] || hd_fail "no $kind change was waiting to be confirmed"
  rm -rf -- "$dir"
  hd_log change "the panel reconnected: the $kind change is kept and the automatic revert is cancelled"
}

# hd_safe_pending KIND  Succeeds while a change of KIND waits for its confirmation.
hd_safe_pending() {
  systemctl is-active --quiet "$(hd_safe_unit "$1").timer"
}

# hd_safe_revert_script KIND  The revert program (stdout): puts each kept file back, or removes
# what did not exist, then reloads KIND's service. Self-contained: it runs from the timer, long
# after this step ended.
hd_safe_revert_script() {
  cat <<'HEAD'
#!/bin/bash
# Written by HostDeck (safe apply): puts the previous settings back, then reloads.
set -u
dir=$(dirname -- "$(readlink -f -- "$0")")
while IFS=$'\t' read -r state index file; do
  case $state in
    present) cp -a -- "$dir/files/$index" "$file.hostdeck-revert" && mv -f -- "$file.hostdeck-revert" "$file" ;;
    absent) rm -f -- "$file" ;;
  esac
done <"$dir/manifest"
HEAD
  case $1 in
    firewall)
      cat <<'FIREWALL'
if grep -qx 'ENABLED=yes' /etc/ufw/ufw.conf; then ufw --force enable && ufw reload; else ufw --force disable; fi
FIREWALL
      ;;
    ssh)
      cat <<'SSH'
systemctl daemon-reload
if systemctl is-active --quiet ssh.socket; then systemctl restart ssh.socket; fi
if systemctl is-active --quiet ssh.service; then systemctl reload-or-restart ssh.service; fi
SSH
      ;;
    fail2ban)
      cat <<'FAIL2BAN'
fail2ban-client reload || systemctl restart fail2ban.service
FAIL2BAN
      ;;
  esac
  cat <<'TAIL'
date -u +%s >"$dir/reverted"
logger -t hostdeck "safe apply: put the previous settings back (the panel did not reconnect)"
TAIL
}
