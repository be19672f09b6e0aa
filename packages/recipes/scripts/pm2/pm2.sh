#!/usr/bin/env bash
# PM2 of each system user (packages/recipes/src/pm2, docs/pm2.md). One script for every pm2-*
# recipe, its part chosen by HD_RECIPE_ID and HD_STEP_ID, so the helpers below are shared without
# growing lib/. Every PM2 command runs as the user (runuser, a clean environment, PM2_HOME in the
# user's home), never as root: PM2 keeps one daemon per user.
# Input: HD_PM2_USER, HD_PM2_NAME, HD_PM2_SCRIPT, HD_PM2_CWD, HD_PM2_ARGS (one argument a line),
# HD_PM2_ARG_COUNT, HD_PM2_INSTANCES, HD_PM2_INTERPRETER, HD_PM2_ACTION, HD_PM2_LINES; every value
# checked by the recipe's grammar (contracts pm2.ts) before this runs.
set -euo pipefail

readonly pm2_logrotate=/etc/logrotate.d/hostdeck-pm2
readonly pm2_user_path=/usr/local/bin:/usr/bin:/bin
# How long one PM2 command may take (the inventory, read while a user waits, lowers it).
pm2_timeout=90

pm2_binary() {
  local binary
  binary=$(command -v pm2 2>/dev/null) || return 1
  readlink -f -- "$binary"
}

pm2_require() {
  pm2_binary >/dev/null || hd_fail "PM2 is not installed on this server (install it from Applications)"
}

# pm2_user_check USER: an account of uid ≥ UID_MIN with a home folder (the grammar refused root
# and the system accounts by name; this refuses them by uid).
pm2_user_check() {
  local user=$1 uid uid_min home
  uid=$(id -u -- "$user" 2>/dev/null) || hd_fail "the user $user does not exist on this server"
  uid_min=$(awk '$1 == "UID_MIN" { print $2 }' /etc/login.defs 2>/dev/null || true)
  [[ $uid_min =~ ^[0-9]+$ ]] || uid_min=1000
  ((uid >= uid_min && uid != 0 && uid != 65534)) || hd_fail "$user is a system account (uid $uid); PM2 does not run as it"
  home=$(getent passwd -- "$user" | cut -d: -f6)
  [[ $home == /* && -d $home ]] || hd_fail "the home folder of $user (${home:-none}) does not exist"
}

pm2_home_of() { getent passwd -- "$1" | cut -d: -f6; }

# pm2_as USER ARG...: `pm2 ARG...` as USER, from the current folder, with a clean environment.
pm2_as() {
  local user=$1 home
  shift
  home=$(pm2_home_of "$user")
  timeout "$pm2_timeout" runuser -u "$user" -- env -i HOME="$home" USER="$user" LOGNAME="$user" PATH="$pm2_user_path" \
    LANG=C.UTF-8 PM2_HOME="$home/.pm2" pm2 "$@"
}

# pm2_daemon_runs USER: its PM2 daemon is alive (pid file, process of that user named PM2).
pm2_daemon_runs() {
  local user=$1 home pid
  home=$(pm2_home_of "$user")
  [[ -f $home/.pm2/pm2.pid ]] || return 1
  pid=$(head -c 32 -- "$home/.pm2/pm2.pid" 2>/dev/null | tr -dc 0-9)
  [[ -n $pid && -d /proc/$pid ]] || return 1
  [[ "$(stat -c %U -- "/proc/$pid" 2>/dev/null)" == "$user" ]] || return 1
  grep -q 'PM2' -- "/proc/$pid/cmdline" 2>/dev/null
}

# pm2_list USER: `pm2 jlist` as USER into pm2_json (called in this shell, so a failure ends the step).
pm2_json=''
pm2_list() {
  pm2_json=$(pm2_as "$1" jlist) || hd_fail "pm2 jlist failed for $1"
}

# Prints from pm2_json, for the app named HD_PM2_NAME (its exact name: never PM2's namespace or
# pattern matching), what $1 asks: `ids`, `status` (a line per instance), `logs` (its output and
# error log paths), `same` (yes when it runs HD_PM2_SCRIPT from HD_PM2_CWD). PM2 may print lines
# before the JSON.
readonly pm2_pick_js='
const path = require("path");
const text = process.env.HD_JSON;
const start = text.search(/^\[/m);
const list = start < 0 ? [] : JSON.parse(text.slice(start));
const mine = list.filter((item) => item.name === process.env.HD_PM2_NAME);
const what = process.argv[1];
for (const item of mine) {
  const env = item.pm2_env || {};
  if (what === "ids") console.log(item.pm_id);
  if (what === "status") console.log(env.status);
  if (what === "logs") console.log(env.pm_out_log_path || "-"), console.log(env.pm_err_log_path || "-");
  if (what === "same") {
    const script = process.env.HD_PM2_SCRIPT, cwd = process.env.HD_PM2_CWD;
    const exec = String(env.pm_exec_path || "");
    const same = env.pm_cwd === cwd && (exec === path.resolve(cwd, script) || (!script.includes("/") && path.basename(exec) === script));
    console.log(same ? "yes" : "no");
  }
  if (what === "logs" || what === "same") break;
}'

pm2_pick() {
  HD_JSON=$pm2_json node -e "$pm2_pick_js" "$1"
}

# The panel's logrotate file: one block per user it set PM2 up for, rotated by size as that user
# (`su`: root never rotates inside a folder the user controls, where a link could point anywhere);
# copytruncate because PM2 keeps its log files open. No pm2-logrotate module: nothing to download.
pm2_logrotate_for() {
  local user=$1 users=() line name home group
  if ! command -v logrotate >/dev/null; then hd_apt_install logrotate; fi
  if [[ -f $pm2_logrotate ]]; then
    while IFS= read -r line; do
      if [[ $line =~ ^#\ user\ ([a-z_][a-z0-9_-]*)$ ]]; then users+=("${BASH_REMATCH[1]}"); fi
    done <"$pm2_logrotate"
  fi
  users+=("$user")
  mapfile -t users < <(printf '%s\n' "${users[@]}" | sort -u)
  {
    printf '# Managed by HostDeck (pm2): the PM2 logs of each user the panel runs PM2 for, rotated by size.\n'
    printf '# As the user (su), copytruncate (PM2 keeps its logs open). Rewritten by the panel.\n'
    for name in "${users[@]}"; do
      id -u -- "$name" >/dev/null 2>&1 || continue
      home=$(pm2_home_of "$name")
      group=$(id -gn -- "$name")
      [[ $home =~ ^/[A-Za-z0-9._/-]+$ && $group =~ ^[a-z_][a-z0-9_-]*$ ]] || continue
      printf '\n# user %s\n%s/.pm2/logs/*.log {\n' "$name" "$home"
      printf '\tsu %s %s\n\tsize 10M\n\trotate 5\n\tcopytruncate\n\tcompress\n\tdelaycompress\n\tmissingok\n\tnotifempty\n}\n' \
        "$name" "$group"
    done
  } | hd_apply_config "$pm2_logrotate" logrotate --debug "$pm2_logrotate" ||
    hd_fail "logrotate refused $pm2_logrotate (its output is above)"
  if hd_config_was_changed; then hd_log info "the PM2 logs of $user are rotated by $pm2_logrotate"; fi
}

# The user's pm2-USER.service: what `pm2 startup systemd -u USER --hp HOME` writes (its template),
# with the panel's marker, checked by systemd-analyze verify. One the user made by hand (no marker)
# is kept as it is; only enabled.
pm2_startup_unit() {
  local user=$1 home unit binary node_dir
  home=$(pm2_home_of "$user")
  unit=/etc/systemd/system/pm2-$user.service
  binary=$(pm2_binary)
  node_dir=$(dirname -- "$(readlink -f -- "$(command -v node)")")
  if [[ -f $unit ]] && ! head -n 1 -- "$unit" | grep -q '^# Managed by HostDeck'; then
    hd_log info "$unit was made outside the panel; it is kept as it is"
  else
    hd_apply_config "$unit" systemd-analyze verify "$unit" <<UNIT || hd_fail "systemd refused $unit (its output is above)"
# Managed by HostDeck (pm2): what \`pm2 startup systemd -u $user --hp $home\` writes. At boot it
# resurrects the list \`pm2 save\` keeps in $home/.pm2/dump.pm2.
[Unit]
Description=PM2 process manager of $user
Documentation=https://pm2.keymetrics.io/
After=network.target

[Service]
Type=forking
User=$user
LimitNOFILE=infinity
LimitNPROC=infinity
LimitCORE=infinity
Environment=PATH=$node_dir:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/bin
Environment=PM2_HOME=$home/.pm2
PIDFile=$home/.pm2/pm2.pid
Restart=on-failure

ExecStart=$binary resurrect
ExecReload=$binary reload all
ExecStop=$binary kill

[Install]
WantedBy=multi-user.target
UNIT
    if hd_config_was_changed; then systemctl daemon-reload; fi
  fi
  if [[ "$(systemctl is-enabled "pm2-$user.service" 2>/dev/null || true)" != enabled ]]; then
    systemctl enable "pm2-$user.service" 2>&1
    hd_log change "pm2-$user.service enabled: $user's saved PM2 apps start at boot"
  fi
}

# The user's daemon, running under its unit (so it outlives this SSH session). A saved list the
# daemon lost (a daemon killed, a server where the unit was missing) is resurrected by the unit's
# `pm2 resurrect` before anything changes, so the `pm2 save` at the end never drops it.
pm2_daemon_start() {
  local user=$1 deadline
  if pm2_daemon_runs "$user"; then return 0; fi
  mkdir -p -- "$(pm2_home_of "$user")/.pm2" 2>/dev/null || true
  chown -- "$user:" "$(pm2_home_of "$user")/.pm2"
  if ! systemctl start "pm2-$user.service" 2>&1; then
    systemctl status --no-pager --lines 20 "pm2-$user.service" 2>&1 || true
    hd_fail "pm2-$user.service did not start"
  fi
  deadline=$((SECONDS + 20))
  until pm2_daemon_runs "$user"; do
    ((SECONDS < deadline)) || hd_fail "the PM2 daemon of $user did not start"
    sleep 0.2
  done
  hd_log change "started the PM2 daemon of $user (pm2-$user.service)"
}

step_setup() {
  local user=$HD_PM2_USER
  pm2_require
  pm2_user_check "$user"
  pm2_startup_unit "$user"
  pm2_daemon_start "$user"
  pm2_logrotate_for "$user"
}

# pm2_wait_online USER: every instance of the app online, else fail with its error log's tail.
pm2_wait_online() {
  local user=$1 deadline statuses logs=()
  deadline=$((SECONDS + 15))
  while :; do
    pm2_list "$user"
    statuses=$(pm2_pick status | sort -u | tr '\n' ' ')
    if [[ $statuses == 'online ' ]]; then
      hd_log info "$HD_PM2_NAME is online"
      return 0
    fi
    if [[ $statuses == *errored* || $statuses == *stopped* ]] || ((SECONDS >= deadline)); then break; fi
    sleep 0.3
  done
  mapfile -t logs < <(pm2_pick logs)
  if [[ -n ${logs[1]:-} && ${logs[1]} != - ]]; then
    printf '%s\n' "--- the last lines of ${logs[1]}:" >&2
    runuser -u "$user" -- tail -n 20 -- "${logs[1]}" >&2 2>/dev/null || true
  fi
  hd_fail "$HD_PM2_NAME is ${statuses:-gone}, not online (its error log is above)"
}

pm2_save() {
  # --force: an empty list is saved too, so a deleted last app does not come back at boot.
  pm2_as "$1" save --force >/dev/null
  hd_log info "saved the PM2 list of $1 ($(pm2_home_of "$1")/.pm2/dump.pm2)"
}

step_start() {
  local user=$HD_PM2_USER state args=() extra=()
  # One spelling of the folder (PM2 keeps it without a trailing /).
  if [[ $HD_PM2_CWD != / ]]; then HD_PM2_CWD=${HD_PM2_CWD%/}; fi
  pm2_require
  pm2_user_check "$user"
  [[ -d $HD_PM2_CWD ]] || hd_fail "the folder $HD_PM2_CWD does not exist"
  runuser -u "$user" -- test -x "$HD_PM2_CWD" -a -r "$HD_PM2_CWD" ||
    hd_fail "$user cannot enter the folder $HD_PM2_CWD"
  cd -- "$HD_PM2_CWD"
  pm2_list "$user"
  state=$(pm2_pick same)
  if [[ -n $state ]]; then
    [[ $state == yes ]] || hd_fail "$user already has a PM2 app named $HD_PM2_NAME (another script or folder)"
    hd_log info "$HD_PM2_NAME already runs as $user"
    pm2_wait_online "$user"
    pm2_save "$user"
    return 0
  fi
  if ((HD_PM2_ARG_COUNT > 0)); then mapfile -t extra <<<"$HD_PM2_ARGS"; fi
  args=(start "$HD_PM2_SCRIPT" --name "$HD_PM2_NAME" --cwd "$HD_PM2_CWD" --time --merge-logs)
  if ((HD_PM2_INSTANCES > 1)); then args+=(--instances "$HD_PM2_INSTANCES"); fi
  if [[ -n ${HD_PM2_INTERPRETER:-} ]]; then args+=(--interpreter "$HD_PM2_INTERPRETER"); fi
  # After `--` the arguments are the app's: PM2 never reads them as its own options.
  # (A lone `--` with nothing after it would make PM2 look for an ecosystem file instead.)
  if ((${#extra[@]} > 0)); then args+=(-- "${extra[@]}"); fi
  if ! pm2_as "$user" "${args[@]}" 2>&1; then hd_fail "PM2 could not start $HD_PM2_NAME (its output is above)"; fi
  hd_log change "started $HD_PM2_NAME in the PM2 of $user"
  pm2_wait_online "$user"
  pm2_save "$user"
}

step_apply() {
  local user=$HD_PM2_USER ids=()
  pm2_require
  pm2_user_check "$user"
  cd -- "$(pm2_home_of "$user")"
  pm2_list "$user"
  mapfile -t ids < <(pm2_pick ids)
  if ((${#ids[@]} == 0)); then
    if [[ $HD_PM2_ACTION == delete ]]; then
      hd_log info "$user has no PM2 app named $HD_PM2_NAME"
      pm2_save "$user"
      return 0
    fi
    hd_fail "$user has no PM2 app named $HD_PM2_NAME"
  fi
  # By id: PM2 reads a name as a namespace or a pattern too.
  if ! pm2_as "$user" "$HD_PM2_ACTION" "${ids[@]}" 2>&1; then
    hd_fail "pm2 $HD_PM2_ACTION $HD_PM2_NAME failed (its output is above)"
  fi
  hd_log change "pm2 $HD_PM2_ACTION $HD_PM2_NAME (user $user)"
  case $HD_PM2_ACTION in
    start | restart) pm2_wait_online "$user" ;;
  esac
  pm2_save "$user"
}

# The inventory: every account of uid ≥ UID_MIN, and for those whose daemon runs, its apps as JSON
# lines (the fields the panel shows; environments never leave the server).
readonly pm2_inventory_js='
let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  const start = text.search(/^\[/m);
  const list = start < 0 ? [] : JSON.parse(text.slice(start));
  for (const item of list) {
    const env = item.pm2_env || {};
    const monit = item.monit || {};
    let args = env.args === undefined || env.args === null ? [] : env.args;
    if (!Array.isArray(args)) args = String(args).split(" ").filter(Boolean);
    const number = (value) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
    console.log("process " + JSON.stringify({
      user: process.env.HD_USER,
      name: String(item.name),
      pm_id: number(item.pm_id),
      status: String(env.status || "unknown"),
      pid: typeof item.pid === "number" && item.pid > 0 ? item.pid : null,
      script: env.pm_exec_path ? String(env.pm_exec_path) : null,
      cwd: env.pm_cwd ? String(env.pm_cwd) : null,
      args: args.map(String),
      interpreter: env.exec_interpreter ? String(env.exec_interpreter) : null,
      exec_mode: String(env.exec_mode || "fork_mode").replace(/_mode$/, ""),
      restarts: number(env.restart_time),
      started_at: env.status === "online" && typeof env.pm_uptime === "number" ? env.pm_uptime : null,
      cpu: number(monit.cpu),
      memory: number(monit.memory),
    }));
  }
});'

step_inventory() {
  pm2_timeout=15
  local binary version name uid home uid_min daemon startup json
  if ! binary=$(pm2_binary); then
    printf 'pm2 absent\nend\n'
    return 0
  fi
  version=$(sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*/\1/p' -- \
    "$(dirname -- "$(dirname -- "$binary")")/package.json" 2>/dev/null | head -n 1)
  printf 'pm2 installed %s\n' "${version:-unknown}"
  uid_min=$(awk '$1 == "UID_MIN" { print $2 }' /etc/login.defs 2>/dev/null || true)
  [[ $uid_min =~ ^[0-9]+$ ]] || uid_min=1000
  while IFS=: read -r name _ uid _ _ home _; do
    [[ $name =~ ^[a-z_][a-z0-9_-]{0,31}$ && $uid =~ ^[0-9]+$ ]] || continue
    ((uid >= uid_min && uid != 65534)) || continue
    [[ -d $home ]] || continue
    daemon=0
    startup=0
    if pm2_daemon_runs "$name"; then daemon=1; fi
    if [[ "$(systemctl is-enabled "pm2-$name.service" 2>/dev/null || true)" == enabled ]]; then startup=1; fi
    ((daemon || startup)) || continue
    printf 'user %s %s %s\n' "$name" "$daemon" "$startup"
    ((daemon)) || continue
    json=$(cd -- "$home" && pm2_as "$name" jlist) || continue
    printf '%s' "$json" | HD_USER=$name node -e "$pm2_inventory_js"
  done < <(getent passwd)
  printf 'end\n'
}

step_logs() {
  local user=$HD_PM2_USER home paths=() file index
  pm2_require
  pm2_user_check "$user"
  home=$(pm2_home_of "$user")
  cd -- "$home"
  if pm2_daemon_runs "$user"; then
    pm2_list "$user"
    mapfile -t paths < <(pm2_pick logs)
  fi
  # An app the daemon does not know (gone, or the daemon down): PM2's default paths.
  if ((${#paths[@]} < 2)); then paths=("$home/.pm2/logs/$HD_PM2_NAME-out.log" "$home/.pm2/logs/$HD_PM2_NAME-error.log"); fi
  for index in 0 1; do
    file=${paths[$index]}
    if ((index == 0)); then printf 'out-path %s\n' "$file"; else printf 'error-path %s\n' "$file"; fi
    if ((index == 0)); then printf 'out '; else printf 'error '; fi
    # As the user: its log folder is its own, and a link there must not read root's files.
    if [[ $file != - ]]; then
      runuser -u "$user" -- tail -n "$HD_PM2_LINES" -- "$file" 2>/dev/null | tail -c 20000 | base64 -w 0 || true
    fi
    printf '\n'
  done
  printf 'end\n'
}

case "$HD_RECIPE_ID/$HD_STEP_ID" in
  pm2-inventory/read) step_inventory ;;
  pm2-logs/read) step_logs ;;
  pm2-app-create/setup | pm2-app-control/setup) step_setup ;;
  pm2-app-create/start) step_start ;;
  pm2-app-control/apply) step_apply ;;
  *) hd_fail "pm2.sh has no part for $HD_RECIPE_ID/$HD_STEP_ID" ;;
esac
