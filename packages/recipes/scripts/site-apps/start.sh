#!/usr/bin/env bash
# site-app-install, step `start`: the systemd unit HD_UNIT runs the app (node: as the site user;
# docker: `docker run` with the port published on 127.0.0.1 only), enabled and (re)started, then
# the app must answer HD_HEALTH_PATH on 127.0.0.1:HD_PORT within 3 minutes. The installer runtime
# has nothing to start: the site itself must then answer HD_HEALTH_PATH through its vhost (nginx on
# 127.0.0.1 with the site's domain as Host).
# Input: HD_SITE, HD_LINUX_USER, HD_APP, HD_APP_ROOT, HD_ENV_FILE, HD_UNIT, HD_RUNTIME,
# HD_ARTIFACT, HD_ENTRY, HD_VERSION, HD_SOURCE, HD_PORT, HD_HEALTH_PATH, HD_NODE_DIR.
set -euo pipefail

unit_file="/etc/systemd/system/$HD_UNIT"
render_unit() {
  printf '# Managed by HostDeck (recipe site-app-install): %s of %s.\n' "$HD_APP" "$HD_SITE"
  printf '[Unit]\nDescription=%s of %s (HostDeck)\nAfter=network-online.target\n\n[Service]\n' "$HD_APP" "$HD_SITE"
  printf 'EnvironmentFile=%s\n' "$HD_ENV_FILE"
  case $HD_RUNTIME in
    node)
      printf 'User=%s\n' "$HD_LINUX_USER"
      printf 'WorkingDirectory=%s\n' "$HD_APP_ROOT/app/node_modules/$HD_ARTIFACT"
      printf 'ExecStart=%s %s\n' "$HD_NODE_DIR/bin/node" "$HD_APP_ROOT/app/node_modules/$HD_ARTIFACT/$HD_ENTRY"
      printf 'NoNewPrivileges=yes\nPrivateTmp=yes\n'
      ;;
    docker)
      printf 'ExecStartPre=-/usr/bin/docker rm -f hostdeck-app-%s\n' "$HD_SITE"
      printf 'ExecStart=/usr/bin/docker run --rm --name hostdeck-app-%s --label hostdeck.site=%s --env-file %s -p 127.0.0.1:%s:%s -v %s:/app/storage %s\n' \
        "$HD_SITE" "$HD_SITE" "$HD_ENV_FILE" "$HD_PORT" "$HD_PORT" "$HD_APP_ROOT/data" "$HD_SOURCE/$HD_ARTIFACT:$HD_VERSION"
      printf 'ExecStop=/usr/bin/docker stop hostdeck-app-%s\n' "$HD_SITE"
      ;;
  esac
  printf 'Restart=on-failure\nRestartSec=5\n\n[Install]\nWantedBy=multi-user.target\n'
}

if [[ $HD_RUNTIME == installer ]]; then
  hd_log info "$HD_APP runs as the vendor installed it; nothing to start"
  [[ -n $HD_HEALTH_PATH ]] || exit 0
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 20 -H "Host: $HD_SITE" -- "http://127.0.0.1$HD_HEALTH_PATH" || true)
  [[ $code =~ ^[23] ]] || hd_fail "$HD_SITE does not serve $HD_APP at $HD_HEALTH_PATH (HTTP $code)"
  hd_log info "$HD_SITE serves $HD_APP at $HD_HEALTH_PATH ($code)"
  exit 0
fi
hd_write_atomic "$unit_file" 0644 root:root < <(render_unit)
systemctl daemon-reload
systemctl enable --quiet -- "$HD_UNIT"
systemctl restart -- "$HD_UNIT"
hd_log change "started $HD_UNIT"

[[ -n $HD_HEALTH_PATH ]] || exit 0
url="http://127.0.0.1:$HD_PORT$HD_HEALTH_PATH"
for _ in $(seq 1 180); do
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 -- "$url" || true)
  if [[ $code =~ ^[23] ]]; then
    hd_log info "$HD_APP answers $url ($code)"
    exit 0
  fi
  systemctl is-failed --quiet -- "$HD_UNIT" && break
  sleep 1
done
# From its first start on (a crash loop hides the first error under the later ones).
journalctl -u "$HD_UNIT" --no-pager 2>/dev/null | head -n 80 >&2 || true
journalctl -u "$HD_UNIT" -n 30 --no-pager >&2 || true
hd_fail "$HD_APP does not answer $url; its log is above"
