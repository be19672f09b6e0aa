# shellcheck shell=bash
# n8n of a site (recipes n8n-*, docs/n8n.md): its CLI run as the site's user with the unit's own
# environment (HD_ENV_FILE, written by n8n-install, root's: KEY=VALUE lines of checked values).

# hd_n8n_environment ARRAY  Stores the lines of HD_ENV_FILE (comments left out) in ARRAY.
hd_n8n_environment() {
  [[ -f $HD_ENV_FILE && ! -L $HD_ENV_FILE ]] || {
    hd_log error "n8n is not installed on $HD_SITE ($HD_ENV_FILE is missing)"
    return 1
  }
  mapfile -t "$1" < <(grep -E '^[A-Z][A-Z0-9_]*=' -- "$HD_ENV_FILE")
}

# hd_n8n_app  Prints the folder of the installed n8n (HOSTDECK_N8N_APP of HD_ENV_FILE).
hd_n8n_app() {
  sed -n 's/^HOSTDECK_N8N_APP=//p' -- "$HD_ENV_FILE" | head -n 1
}

# hd_n8n_cli ARGUMENT...  Runs `n8n ARGUMENT...` as HD_LINUX_USER in HD_HOME with the unit's
# environment. Its own log lines go to stderr; the caller reads the files it writes.
hd_n8n_cli() {
  local hd_n8n_vars app
  hd_n8n_environment hd_n8n_vars || return 1
  app=$(hd_n8n_app) || return 1
  [[ -x $app/node_modules/.bin/n8n ]] || {
    hd_log error "n8n is missing from $app"
    return 1
  }
  (cd -- "$HD_HOME" && runuser -u "$HD_LINUX_USER" -- env -i "${hd_n8n_vars[@]}" N8N_LOG_OUTPUT=console \
    "$app/node_modules/.bin/n8n" "$@") >&2
}

# hd_n8n_wait  Waits (3 minutes at most) until n8n serves its editor on HD_PORT (its page, titled
# "n8n.io"). Its health check answers some ten seconds earlier, while n8n still starts: `/` is
# then n8n's own 404 ("Cannot GET /") or, with NODE_ENV=production, "n8n is starting up". An n8n
# that falls over at start (the unit restarted it twice since the wait began) fails at once.
hd_n8n_wait() {
  local _ restarts first page
  first=$(systemctl show -p NRestarts --value -- "$HD_UNIT" 2>/dev/null || echo 0)
  for _ in $(seq 1 180); do
    page=$(curl -fs --max-time 5 -H 'Accept: text/html' "http://127.0.0.1:$HD_PORT/" 2>/dev/null || true)
    if [[ $page == *'<title>n8n.io'* ]]; then return 0; fi
    restarts=$(systemctl show -p NRestarts --value -- "$HD_UNIT" 2>/dev/null || echo 0)
    if [[ $restarts =~ ^[0-9]+$ && $first =~ ^[0-9]+$ ]] && ((restarts - first >= 2)); then
      journalctl -u "$HD_UNIT" -n 40 --no-pager >&2 || true
      hd_log error "n8n keeps falling over at start (the unit restarted it $((restarts - first)) times; its log is above)"
      return 1
    fi
    sleep 1
  done
  journalctl -u "$HD_UNIT" -n 40 --no-pager >&2 || true
  hd_log error "n8n did not answer on 127.0.0.1:$HD_PORT within 3 minutes (its log is above)"
  return 1
}

# hd_n8n_user_temp VARIABLE  A new folder of the site's user under HD_HOME/.n8n-app/tmp, for the
# files its CLI reads and writes; removed when the step exits.
hd_n8n_user_temp() {
  local hd_nut_base="$HD_HOME/.n8n-app/tmp" hd_nut_temp
  runuser -u "$HD_LINUX_USER" -- mkdir -p -- "$hd_nut_base" || return 1
  hd_nut_temp=$(runuser -u "$HD_LINUX_USER" -- mktemp -d -- "$hd_nut_base/run.XXXXXX") || return 1
  hd_cleanup_paths+=("$hd_nut_temp")
  printf -v "$1" '%s' "$hd_nut_temp"
}
