#!/usr/bin/env bash
# system-user-create and system-users-sync, step `sftp`: SFTP-only accounts. Members of the group
# hostdeck-sftp are jailed by the panel's own /etc/ssh/sshd_config.d/hostdeck-sftp.conf:
# ChrootDirectory /home (root-owned, never writable by others: sshd requires it; each home under
# it stays its owner's, so sites keep working) and ForceCommand internal-sftp starting in their
# home: no shell, no command, no forwarding. The file is checked with `sshd -t`, then ssh is
# reloaded (never restarted, open sessions stay); any failure restores the previous file.
# Create: HD_USER and HD_SFTP_ONLY=1 make the user a member (HD_SFTP_ONLY=0: nothing to do).
# Sync (no HD_USER): the file is put back in shape when the group has members.
set -euo pipefail

user=${HD_USER:-}
wanted=${HD_SFTP_ONLY:-0}
group=hostdeck-sftp
file=/etc/ssh/sshd_config.d/hostdeck-sftp.conf

if [[ -n $user ]]; then
  ((wanted == 1)) || exit 0
  id -u -- "$user" >/dev/null 2>&1 || hd_fail "the user $user does not exist on this server"
else
  line=$(getent group -- "$group" || true)
  if [[ -z $line || -z ${line##*:} ]]; then
    hd_log info "no SFTP-only user on this server"
    exit 0
  fi
fi

command -v sshd >/dev/null 2>&1 || hd_fail "OpenSSH's server (sshd) is not installed"
[[ -d /etc/ssh/sshd_config.d ]] || hd_fail "/etc/ssh/sshd_config.d does not exist on this server"
grep -Eiq '^[[:space:]]*Include[[:space:]]+(/etc/ssh/)?sshd_config\.d/\*\.conf' /etc/ssh/sshd_config ||
  hd_fail "/etc/ssh/sshd_config does not include sshd_config.d; refusing to add a jail sshd would ignore"

# The jail: root-owned, not writable by its group or others (sshd refuses a chroot otherwise).
read -r owner mode < <(stat -c '%u %a' -- /home)
if [[ $owner != 0 ]] || (((8#$mode & 8#022) != 0)); then
  chown root:root -- /home
  chmod go-w -- /home
  hd_log change "made /home root-owned and closed to writes by others (sshd's chroot rule)"
fi

if ! getent group -- "$group" >/dev/null; then
  groupadd --system -- "$group"
  hd_log change "created the group $group"
fi

candidate=""
hd_temp_file candidate
cat >"$candidate" <<'CONF'
# Managed by HostDeck: SFTP-only system users (members of hostdeck-sftp). Do not edit.
# They are jailed in /home and start in their own home; no shell, no command, no forwarding.
Match Group hostdeck-sftp
    ChrootDirectory /home
    ForceCommand internal-sftp -d /%u
    AllowTcpForwarding no
    AllowAgentForwarding no
    AllowStreamLocalForwarding no
    X11Forwarding no
    PermitTunnel no
    PermitTTY no
CONF
hd_apply_config "$file" sshd -t <"$candidate" || hd_fail "sshd refused the SFTP jail; the previous configuration was restored"
if hd_config_was_changed; then
  # shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
  backup=$hd_config_backup
  if ! systemctl reload ssh 2>&1; then
    hd_restore_config "$file" "$backup" || true
    systemctl reload ssh || true
    hd_fail "ssh could not reload the SFTP jail; the previous configuration was restored"
  fi
  hd_log change "reloaded ssh"
fi

if [[ -n $user ]]; then
  if id -nG -- "$user" | tr ' ' '\n' | grep -qx -- "$group"; then
    hd_log info "$user is SFTP-only already"
  else
    usermod --append --groups "$group" -- "$user"
    hd_log change "made $user SFTP-only (member of $group)"
  fi
fi
