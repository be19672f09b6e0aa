#!/usr/bin/env bash
# site-app-install, step `start`: the systemd unit HD_UNIT runs the app (node: as the site user;
# docker: `docker run` with the port published on 127.0.0.1 only, after its companions), enabled
# and (re)started, then the app must answer HD_HEALTH_PATH on 127.0.0.1:HD_PORT within 3 minutes.
# The installer runtime
# has nothing to start: the site itself must then answer HD_HEALTH_PATH through its vhost (nginx on
# 127.0.0.1 with the site's domain as Host).
# Input: HD_SITE, HD_LINUX_USER, HD_APP, HD_APP_ROOT, HD_ENV_FILE, HD_UNIT, HD_RUNTIME,
# HD_ARTIFACT, HD_ENTRY, HD_VERSION, HD_SOURCE, HD_PORT, HD_HEALTH_PATH; node: HD_NODE_DIR; docker:
# HD_NETWORK, HD_UNITS_FILE, HD_SETUP, HD_CONTAINERS and HD_C<i>_{NAME,CONTAINER,UNIT,IMAGE,
# ENTRYPOINT,COMMAND,ENV,VOLUMES}.
set -euo pipefail

unit_file="/etc/systemd/system/$HD_UNIT"

# --- docker runtime: every container of the app (HD_C<i>_*, the app's first) has its own unit
# running `docker run` on the site's network HD_NETWORK; companions are started (and the one-time
# HD_SETUP run) before the app, whose unit requires them. ---
# One word for an ExecStart line: double-quoted, with systemd's escapes (\\, \", $$, %%), so
# systemd hands it to Docker as it is (no variable or specifier of systemd's own is expanded).
unit_word() {
  local word=${1//\\/\\\\}
  word=${word//\"/\\\"}
  word=${word//\$/\$\$}
  word=${word//%/%%}
  printf ' "%s"' "$word"
}
# docker run's arguments of container $1 (HD_C$1_*) into the array `run`; with $2 = setup, the
# app's one-time setup instead (its own name, no port, HD_SETUP as the command).
container_run_args() {
  local i=$1 mode=${2:-} name_var="HD_C${1}_NAME" container_var="HD_C${1}_CONTAINER" image_var="HD_C${1}_IMAGE"
  local entrypoint_var="HD_C${1}_ENTRYPOINT" command_var="HD_C${1}_COMMAND" env_var="HD_C${1}_ENV"
  local volumes_var="HD_C${1}_VOLUMES" word folder path command
  if [[ $mode == setup ]]; then
    run=(/usr/bin/docker run --rm --name "${!container_var}-setup" --label "hostdeck.site=$HD_SITE" --network "$HD_NETWORK")
    command=$HD_SETUP
  else
    run=(/usr/bin/docker run --rm --name "${!container_var}" --label "hostdeck.site=$HD_SITE"
      --network "$HD_NETWORK" --network-alias "${!name_var}")
    if ((i == 0)); then run+=(-p "127.0.0.1:$HD_PORT:$HD_PORT"); fi
    command=${!command_var}
  fi
  if [[ -n ${!env_var} ]]; then
    # Names only: the values come from the unit's EnvironmentFile, never from its command line.
    while read -r word; do run+=(--env "$word"); done <<<"${!env_var}"
  fi
  if [[ -n ${!volumes_var} ]]; then
    while IFS=: read -r folder path; do run+=(--volume "$HD_APP_ROOT/data/$folder:$path"); done <<<"${!volumes_var}"
  fi
  if [[ -n ${!entrypoint_var} ]]; then run+=(--entrypoint "${!entrypoint_var}"); fi
  run+=("$HD_SOURCE/${!image_var}")
  if [[ -n $command ]]; then
    while IFS= read -r word; do run+=("$word"); done <<<"$command"
  fi
}
# The [Unit] dependencies of a container's unit: Docker; for the app ($1 = 0), its companions too.
container_unit_dependencies() {
  local j unit_var
  printf 'Requires=docker.service\nAfter=docker.service\n'
  (($1 == 0)) || return 0
  for ((j = 1; j < HD_CONTAINERS; j++)); do
    unit_var="HD_C${j}_UNIT"
    printf 'Requires=%s\nAfter=%s\n' "${!unit_var}" "${!unit_var}"
  done
}
# The [Service] lines of container $1's unit.
container_unit_lines() {
  local i=$1 container_var="HD_C${1}_CONTAINER" word run=()
  container_run_args "$i"
  printf 'ExecStartPre=-/usr/bin/docker rm -f %s\n' "${!container_var}"
  printf 'ExecStart='
  for word in "${run[@]}"; do unit_word "$word"; done
  printf '\nExecStop=/usr/bin/docker stop %s\n' "${!container_var}"
}
start_companions() {
  local i unit_var name_var units=() run=() attempt
  [[ $(realpath -m -- "$HD_APP_ROOT") == "$HD_APP_ROOT" ]] || hd_fail "$HD_APP_ROOT goes through a symbolic link; it is not followed"
  if ! docker network inspect -- "$HD_NETWORK" >/dev/null 2>&1; then
    docker network create --label "hostdeck.site=$HD_SITE" -- "$HD_NETWORK" >/dev/null
    hd_log change "created the network $HD_NETWORK"
  fi
  for ((i = 0; i < HD_CONTAINERS; i++)); do
    unit_var="HD_C${i}_UNIT"
    units+=("${!unit_var}")
  done
  # The uninstall removes the units listed here (root's file, one unit a line).
  printf '%s\n' "${units[@]}" | hd_write_atomic "$HD_UNITS_FILE" 0600 root:root
  for ((i = 1; i < HD_CONTAINERS; i++)); do
    unit_var="HD_C${i}_UNIT" name_var="HD_C${i}_NAME"
    {
      printf '# Managed by HostDeck (recipe site-app-install): %s of %s, %s.\n' "$HD_APP" "$HD_SITE" "${!name_var}"
      printf '[Unit]\nDescription=%s of %s: %s (HostDeck)\nAfter=network-online.target\n' "$HD_APP" "$HD_SITE" "${!name_var}"
      container_unit_dependencies "$i"
      printf '\n[Service]\nEnvironmentFile=%s\n' "$HD_ENV_FILE"
      container_unit_lines "$i"
      printf 'Restart=on-failure\nRestartSec=5\n\n[Install]\nWantedBy=multi-user.target\n'
    } | hd_write_atomic "/etc/systemd/system/${!unit_var}" 0644 root:root
  done
  systemctl daemon-reload
  for ((i = 1; i < HD_CONTAINERS; i++)); do
    unit_var="HD_C${i}_UNIT"
    systemctl enable --quiet -- "${!unit_var}"
    systemctl restart -- "${!unit_var}"
    hd_log change "started ${!unit_var}"
  done
  [[ -n $HD_SETUP ]] || return 0
  # The one-time setup (Chatwoot: db:chatwoot_prepare): the app's container, its command replaced;
  # the companions may still be starting, so a failure is tried again (10 times, 3 s apart).
  container_run_args 0 setup
  for attempt in $(seq 1 10); do
    # The values of the variables the container gets: the environment file (root's, written by
    # the install step from validated NAME=VALUE lines), in this subshell only.
    # shellcheck disable=SC1090 # the app's environment file.
    if (set -a && . "$HD_ENV_FILE" && set +a && "${run[@]}"); then
      hd_log change "ran the setup of $HD_APP"
      return 0
    fi
    hd_log info "the setup of $HD_APP failed (attempt $attempt of 10)"
    sleep 3
  done
  hd_fail "the setup of $HD_APP failed; its output is above"
}
# --- end of the docker runtime ---

render_unit() {
  printf '# Managed by HostDeck (recipe site-app-install): %s of %s.\n' "$HD_APP" "$HD_SITE"
  printf '[Unit]\nDescription=%s of %s (HostDeck)\nAfter=network-online.target\n' "$HD_APP" "$HD_SITE"
  if [[ $HD_RUNTIME == docker ]]; then container_unit_dependencies 0; fi
  printf '\n[Service]\n'
  printf 'EnvironmentFile=%s\n' "$HD_ENV_FILE"
  case $HD_RUNTIME in
    node)
      printf 'User=%s\n' "$HD_LINUX_USER"
      printf 'WorkingDirectory=%s\n' "$HD_APP_ROOT/app/node_modules/$HD_ARTIFACT"
      printf 'ExecStart=%s %s\n' "$HD_NODE_DIR/bin/node" "$HD_APP_ROOT/app/node_modules/$HD_ARTIFACT/$HD_ENTRY"
      printf 'NoNewPrivileges=yes\nPrivateTmp=yes\n'
      ;;
    docker) container_unit_lines 0 ;;
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
if [[ $HD_RUNTIME == docker ]]; then start_companions; fi
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
