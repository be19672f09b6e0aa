#!/usr/bin/env bash
# mtproxy-status, step `read` (read-only): installed, version, active, enabled, the configured port
# and whether something listens there, one tab-separated pair a line after a header
# (packages/recipes/src/mtproxy/mtproxy-status.ts parses it). Never prints the secret.
set -euo pipefail

printf 'hostdeck-mtproxy 1\n'
if [[ -x /opt/mtproxy/mtg ]]; then printf 'installed\tyes\n'; else printf 'installed\tno\n'; fi
if [[ -s /opt/mtproxy/VERSION ]]; then
  printf 'version\t%s\n' "$(head -n 1 -- "/opt/mtproxy/VERSION" | tr -d '\t\r')"
fi
if systemctl is-active --quiet mtproxy.service 2>/dev/null; then printf 'active\tyes\n'; else printf 'active\tno\n'; fi
if systemctl is-enabled --quiet mtproxy.service 2>/dev/null; then printf 'enabled\tyes\n'; else printf 'enabled\tno\n'; fi
config=/etc/mtproxy/mtg.toml
if [[ -r $config ]]; then
  port=$(sed -n 's/^bind-to = "[^"]*:\([0-9]\{1,5\}\)"$/\1/p' -- "$config" | head -n 1)
  if [[ -n $port ]]; then
    printf 'port\t%s\n' "$port"
    if ss -H -ltn "sport = :$port" 2>/dev/null | grep -q .; then printf 'listening\tyes\n'; else printf 'listening\tno\n'; fi
  fi
fi
