# shellcheck shell=bash
# systemd services.

# hd_reload_service NAME
# Reloads NAME (restarts it when it cannot reload) and checks it is active afterwards.
hd_reload_service() {
  local name=$1 before=""
  [[ $name == nginx ]] && before=$(hd_nginx_workers)
  systemctl reload-or-restart -- "$name"
  # nginx's reload returns once the master is signalled: wait (briefly) until workers with the new
  # configuration serve and the old ones are gone, so the next request already sees the change.
  [[ $name == nginx && -n $before ]] && hd_wait_nginx_reloaded "$before"
  if ! systemctl is-active --quiet -- "$name"; then
    systemctl status --no-pager --lines=20 -- "$name" >&2 || true
    hd_log error "$name is not running after reload"
    return 1
  fi
  hd_log change "reloaded $name"
}

# The pids of nginx's worker processes, one per line (empty when nginx is not running).
hd_nginx_workers() {
  local master
  master=$(cat /run/nginx.pid 2>/dev/null) || return 0
  [[ $master =~ ^[0-9]+$ ]] || return 0
  pgrep -P "$master" 2>/dev/null | sort || true
}

# hd_wait_nginx_reloaded OLD_WORKERS: up to 30 s for a new worker, then up to 10 s for the old ones
# to finish (they close their listening sockets at once, and exit when their requests end). Each
# wait ends as soon as it is met (about 0.1 s normally); the bounds only matter on a loaded host,
# where a 5 s bound was seen to pass while the old workers still answered with the old vhosts.
hd_wait_nginx_reloaded() {
  local old=$1 tries current
  for ((tries = 0; tries < 300; tries++)); do
    current=$(hd_nginx_workers)
    [[ -n $current && -n $(comm -13 <(printf '%s\n' "$old") <(printf '%s\n' "$current")) ]] && break
    sleep 0.1
  done
  for ((tries = 0; tries < 100; tries++)); do
    current=$(hd_nginx_workers)
    [[ -z $(comm -12 <(printf '%s\n' "$old") <(printf '%s\n' "$current")) ]] && return 0
    sleep 0.1
  done
  hd_log warn "nginx's old workers still run 40 s after the reload"
  return 0
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
