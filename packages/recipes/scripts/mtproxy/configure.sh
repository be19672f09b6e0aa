#!/usr/bin/env bash
# mtproxy-apply, step `configure`: writes /etc/mtproxy/mtg.toml (0600, root) with the secret read
# from stdin and `bind-to` on HD_MTPROXY_PORT, checks it with `mtg access`, restarts mtproxy.service
# and checks it runs and listens. On any failure the previous file is put back and the service
# restarted on it (or stopped, when there was none), so a bad change never leaves it down.
# Input: HD_MTPROXY_PORT, HD_MTPROXY_DOMAIN (for the log); the secret on stdin (never in argv).
set -euo pipefail

config=/etc/mtproxy/mtg.toml
secret=""
IFS= read -r secret || true
# The panel's grammar, checked again: ee + 16 bytes + a domain, lowercase hex.
if [[ ! $secret =~ ^ee[0-9a-f]{34,538}$ ]] || ((${#secret} % 2 != 0)); then hd_fail "the secret is not a FakeTLS secret"; fi
if [[ ! $HD_MTPROXY_PORT =~ ^[1-9][0-9]{0,4}$ ]] || ((HD_MTPROXY_PORT > 65535)); then hd_fail "invalid port"; fi

was_active=0
systemctl is-active --quiet mtproxy.service && was_active=1

# listening PORT  Succeeds once something listens on TCP PORT (up to 15 s).
listening() {
  local tries
  for ((tries = 0; tries < 150; tries++)); do
    if ss -H -ltn "sport = :$1" 2>/dev/null | grep -q .; then return 0; fi
    sleep 0.1
  done
  return 1
}

# The port must be free, or mtg's own (the same service keeping its port).
if ss -H -ltn "sport = :$HD_MTPROXY_PORT" 2>/dev/null | grep -q .; then
  owner=$(ss -H -ltnp "sport = :$HD_MTPROXY_PORT" 2>/dev/null | grep -o 'pid=[0-9]*' | head -n 1 | cut -d= -f2 || true)
  main=$(systemctl show -p MainPID --value mtproxy.service 2>/dev/null || printf 0)
  if [[ -z $owner || $owner != "$main" ]]; then
    hd_fail "port $HD_MTPROXY_PORT is already in use by another program"
  fi
fi

validate() {
  timeout 30 "/opt/mtproxy/mtg" access -i 127.0.0.1 -I ::1 "$config" >/dev/null
}

mkdir -p -- /etc/mtproxy
chmod 0700 -- /etc/mtproxy
# Not a pipe: hd_apply_config must run in this shell (hd_config_was_changed, hd_config_backup).
if ! hd_apply_config "$config" validate < <(printf '# Managed by HostDeck (MTProxy page): mtg configuration.\nsecret = "%s"\nbind-to = "0.0.0.0:%s"\n' "$secret" "$HD_MTPROXY_PORT"); then
  hd_fail "mtg refused the new configuration; the previous one was kept"
fi
chmod 0600 -- "$config"
chown root:root -- "$config"
changed=0
hd_config_was_changed && changed=1
# shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
backup=$hd_config_backup

if ((changed == 0)) && ((was_active == 1)); then
  hd_log info "MTProxy already runs with this configuration (port $HD_MTPROXY_PORT, $HD_MTPROXY_DOMAIN)"
  exit 0
fi

systemctl enable --quiet mtproxy.service
if systemctl restart mtproxy.service && systemctl is-active --quiet mtproxy.service && listening "$HD_MTPROXY_PORT"; then
  hd_log change "MTProxy runs on port $HD_MTPROXY_PORT (FakeTLS domain $HD_MTPROXY_DOMAIN)"
else
  journalctl -u mtproxy.service -n 20 --no-pager >&2 || true
  if ((changed == 1)); then
    hd_restore_config "$config" "$backup"
    if [[ -n $backup ]]; then
      systemctl restart mtproxy.service || true
      hd_log error "mtg did not start with the new configuration; the previous one was put back"
    else
      systemctl stop mtproxy.service || true
      hd_log error "mtg did not start with the new configuration; it was removed"
    fi
  fi
  hd_fail "MTProxy is not running on port $HD_MTPROXY_PORT"
fi

# Reachable through ufw when the firewall is on.
if command -v ufw >/dev/null && hd_ufw_is_active; then
  hd_ufw_allow "$HD_MTPROXY_PORT/tcp" || hd_log warn "could not allow $HD_MTPROXY_PORT/tcp in ufw"
fi
