#!/usr/bin/env bash
# server-provision, step `fail2ban`: fail2ban with an sshd jail that actually starts on the
# distribution's logging: journald (backend systemd) where there is no /var/log/auth.log, as on
# Debian 12, the log file (backend auto) where syslog writes one, as on Ubuntu. The jail covers
# every SSH port and never bans the address the panel connects from.
set -euo pipefail

if [[ -f /var/log/auth.log ]]; then
  backend=auto
  hd_apt_install fail2ban
else
  backend=systemd
  # The systemd backend reads the journal through python3-systemd (only recommended by fail2ban).
  hd_apt_install fail2ban python3-systemd
fi

mapfile -t ssh_ports < <(hd_ssh_ports)
ssh_port_list=$(IFS=,; printf '%s' "${ssh_ports[*]}")
ignore=(127.0.0.1/8 ::1)
if [[ -n ${SSH_CONNECTION:-} ]]; then
  read -ra connection <<<"$SSH_CONNECTION"
  panel=${connection[0]:-}
  # An address only (IPv4 or IPv6 characters): it becomes part of a configuration line.
  [[ $panel =~ ^[0-9A-Fa-f:.]+$ ]] && ignore+=("$panel")
fi

jail() {
  cat <<JAIL
# Managed by HostDeck (recipe server-provision). Local changes are replaced on the next run;
# put your own jails in /etc/fail2ban/jail.d/*.local.
[DEFAULT]
# Never ban this machine or the address the panel connects from.
ignoreip = ${ignore[*]}
backend = $backend

[sshd]
enabled = true
port = $ssh_port_list
backend = $backend
JAIL
}

hd_apply_config /etc/fail2ban/jail.local fail2ban-client --test < <(jail)
changed=0
if hd_config_was_changed; then changed=1; fi

if ((changed)) && systemctl is-active --quiet fail2ban; then
  systemctl restart fail2ban
  hd_log change "restarted fail2ban"
fi
hd_enable_service fail2ban

# The jail must really run: the server needs a moment to open its socket and load the jail.
for ((attempt = 1; attempt <= 20; attempt++)); do
  if output=$(fail2ban-client status sshd 2>&1); then
    printf '%s\n' "$output"
    hd_log info "the sshd jail is running (backend $backend, port $ssh_port_list)"
    exit 0
  fi
  sleep 0.5
done
printf '%s\n' "$output" >&2
journalctl -u fail2ban --no-pager -n 20 >&2 || true
hd_fail "fail2ban is running but its sshd jail did not start"
