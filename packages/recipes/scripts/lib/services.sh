# shellcheck shell=bash
# systemd services.

# hd_reload_service NAME
# Reloads NAME (restarts it when it cannot reload) and checks it is active afterwards.
hd_reload_service() {
  local name=$1
  systemctl reload-or-restart -- "$name"
  if ! systemctl is-active --quiet -- "$name"; then
    systemctl status --no-pager --lines=20 -- "$name" >&2 || true
    hd_log error "$name is not running after reload"
    return 1
  fi
  hd_log change "reloaded $name"
}

# hd_enable_service NAME
# Enables NAME at boot and starts it, each only when needed, and checks it is active.
hd_enable_service() {
  local name=$1
  if ! systemctl is-enabled --quiet -- "$name"; then
    systemctl enable --quiet -- "$name"
    hd_log change "enabled $name"
  fi
  if ! systemctl is-active --quiet -- "$name"; then
    systemctl start -- "$name"
    hd_log change "started $name"
  fi
  if ! systemctl is-active --quiet -- "$name"; then
    systemctl status --no-pager --lines=20 -- "$name" >&2 || true
    hd_log error "$name is not running"
    return 1
  fi
}
