#!/usr/bin/env bash
# The `schedule-*` recipes (src/schedules/): one script for all of them, the step chosen by
# HD_RECIPE_ID (set by the builder). A job the panel made is three things on the server
# (docs/schedules.md):
#   /etc/cron.d/hostdeck-schedule-ID   one cron line, marker comment, running the wrapper as root;
#   /var/lib/hostdeck/cron/ID/         command (from stdin, never in the cron line), user, timeout,
#                                      lock, and runs/<start-ns>/{meta,output} (last 20 kept);
#   /usr/local/lib/hostdeck/cron-run   the wrapper (hd_cron_run_main below, written with declare -f).
# Lines written by hand in users' crontabs and other /etc/cron.d files are only read, except the
# one line an adopt takes out of its user's crontab.
set -euo pipefail

hd_cron_state=/var/lib/hostdeck/cron
hd_cron_wrapper=/usr/local/lib/hostdeck/cron-run

# hd_cron_run_main ID [cron|manual]  The wrapper: runs job ID as its user, never twice at once
# (flock; a run that finds the last one still running is skipped with status 75, a manual one after
# waiting up to 10 s for it to end), stopped at
# its time limit (timeout, whose process group takes the job's children with it), with a fixed
# PATH and environment, its output (stdout and stderr) kept up to 64 KiB, its start, end, exit
# code and trigger recorded. `manual` ("Run now") also copies the output to stdout, live.
hd_cron_run_main() {
  local id=${1:-} mode=${2:-cron}
  local state=/var/lib/hostdeck/cron
  local path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  [[ $id =~ ^[1-9][0-9]{0,9}$ ]] || { echo "cron-run: invalid job id" >&2; return 2; }
  [[ $mode == cron || $mode == manual ]] || { echo "cron-run: invalid mode" >&2; return 2; }
  local dir=$state/$id
  if [[ ! -d $dir || -L $dir || ! -f $dir/command || ! -f $dir/user || ! -f $dir/timeout ]]; then
    echo "cron-run: job $id is not set up" >&2
    return 2
  fi
  local user limit home
  user=$(<"$dir/user")
  limit=$(<"$dir/timeout")
  [[ $user =~ ^[a-z_][a-z0-9_-]{0,31}$ ]] || { echo "cron-run: invalid user" >&2; return 2; }
  [[ $limit =~ ^[1-9][0-9]{0,4}$ ]] || { echo "cron-run: invalid time limit" >&2; return 2; }
  home=$(getent passwd "$user" | cut -d: -f6) || true
  [[ -n $home ]] || { echo "cron-run: the user $user does not exist" >&2; return 2; }
  # A manual run waits a little for a run that is just ending (cron's own start of the same
  # minute, say); cron's runs never wait.
  local wait=(-n)
  [[ $mode == manual ]] && wait=(-w 10)
  exec 9>"$dir/lock"
  if ! flock "${wait[@]}" 9; then
    echo "cron-run: job $id is still running; this run is skipped" >&2
    return 75
  fi
  local runs=$dir/runs run started status
  mkdir -p -- "$runs"
  chmod 0700 -- "$runs"
  run=$runs/$(date +%s%N)
  mkdir -m 0700 -- "$run"
  started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  printf 'trigger=%s\nstart=%s\n' "$mode" "$started" >"$run/meta"
  if [[ $mode == manual ]]; then exec 3>&1; else exec 3>/dev/null; fi
  set +e
  (
    cd -- "$home" 2>/dev/null || cd /
    exec timeout -k 10 "$limit" runuser -u "$user" -- env -i HOME="$home" USER="$user" \
      LOGNAME="$user" SHELL=/bin/bash LANG=C.UTF-8 PATH="$path" HOSTDECK_SCHEDULE_ID="$id" \
      /bin/bash -c "$(<"$dir/command")" </dev/null 2>&1
  ) | tee /dev/fd/3 | {
    head -c 65536 >"$run/output"
    cat >/dev/null
  }
  status=${PIPESTATUS[0]}
  set -e
  exec 3>&-
  printf 'end=%s\nexit=%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$status" >>"$run/meta"
  # The last 20 runs are kept.
  local old
  while IFS= read -r old; do
    [[ $old =~ ^[0-9]+$ ]] && rm -rf -- "${runs:?}/$old"
  done < <(find "$runs" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -n | head -n -20)
  return "$status"
}

# hd_schedule_check_id  HD_SCHEDULE_ID is a positive row id.
hd_schedule_check_id() {
  [[ ${HD_SCHEDULE_ID:-} =~ ^[1-9][0-9]{0,9}$ ]] || hd_fail "invalid cron job id"
}

# hd_schedule_check_job  The user (an existing account), expression and time limit of the job.
hd_schedule_check_job() {
  hd_schedule_check_id
  [[ ${HD_SCHEDULE_USER:-} =~ ^[a-z_][a-z0-9_-]{0,31}$ ]] || hd_fail "invalid user"
  getent passwd "$HD_SCHEDULE_USER" >/dev/null || hd_fail "the user $HD_SCHEDULE_USER does not exist"
  # Five fields of digits, letters, * / , - separated by single spaces, or a macro: never a
  # character cron or a shell would read otherwise (the panel's grammar checked it first).
  [[ ${HD_SCHEDULE_EXPRESSION:-} =~ ^(@(reboot|yearly|annually|monthly|weekly|daily|hourly)|[0-9A-Za-z*/,-]+( +[0-9A-Za-z*/,-]+){4})$ ]] ||
    hd_fail "value is not a valid cron expression"
  [[ ${HD_SCHEDULE_TIMEOUT:-} =~ ^[1-9][0-9]{0,4}$ ]] || hd_fail "invalid time limit"
  ((HD_SCHEDULE_TIMEOUT <= 86400)) || hd_fail "invalid time limit"
}

# hd_schedule_install_wrapper  Writes /usr/local/lib/hostdeck/cron-run when it differs.
hd_schedule_install_wrapper() {
  local text
  text=$(
    printf '#!/bin/bash\n# Managed by HostDeck: runs a cron job of the panel (docs/schedules.md).\nset -u\n'
    declare -f hd_cron_run_main
    printf 'hd_cron_run_main "$@"\n'
  )
  mkdir -p -- "$(dirname -- "$hd_cron_wrapper")"
  if [[ ! -f $hd_cron_wrapper ]] || [[ $(<"$hd_cron_wrapper") != "$text" ]]; then
    printf '%s\n' "$text" | hd_write_atomic "$hd_cron_wrapper" 0755 root:root
    hd_log change "Installed the cron job wrapper $hd_cron_wrapper"
  fi
}

# hd_schedule_write FILE MODE  Writes stdin to FILE (atomically) when it differs; logs a change.
hd_schedule_write() {
  local target=$1 mode=$2 temp
  hd_temp_beside temp "$target"
  cat >"$temp"
  if [[ -f $target ]] && cmp -s -- "$temp" "$target"; then
    return 0
  fi
  chmod -- "$mode" "$temp"
  chown root:root -- "$temp"
  mv -f -- "$temp" "$target"
  hd_log change "Wrote $target"
}

# hd_schedule_apply COMMAND  The job's files and its cron.d line (idempotent).
hd_schedule_apply() {
  local command=$1 dir cron_file
  hd_schedule_install_wrapper
  mkdir -p -- "$hd_cron_state"
  chmod 0700 -- "$hd_cron_state"
  dir=$hd_cron_state/$HD_SCHEDULE_ID
  [[ -L $dir ]] && hd_fail "$dir is a link; refusing to use it"
  mkdir -p -- "$dir"
  chmod 0700 -- "$dir"
  printf '%s\n' "$command" | hd_schedule_write "$dir/command" 0600
  printf '%s\n' "$HD_SCHEDULE_USER" | hd_schedule_write "$dir/user" 0600
  printf '%s\n' "$HD_SCHEDULE_TIMEOUT" | hd_schedule_write "$dir/timeout" 0600
  # cron reads every file of /etc/cron.d whose name is letters, digits, - and _ (root's, 0644).
  cron_file=/etc/cron.d/hostdeck-schedule-$HD_SCHEDULE_ID
  {
    printf '# Managed by HostDeck (cron job %s): change it in the panel. The command is in %s.\n' \
      "$HD_SCHEDULE_ID" "$dir/command"
    printf 'SHELL=/bin/sh\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\n'
    printf '%s root %s %s cron >/dev/null 2>&1\n' "$HD_SCHEDULE_EXPRESSION" "$hd_cron_wrapper" "$HD_SCHEDULE_ID"
  } | hd_schedule_write "$cron_file" 0644
}

# hd_schedule_check_command TEXT  One line of printable text, at most 1000 characters, no leading -.
hd_schedule_check_command() {
  [[ -n ${1//[[:space:]]/} ]] || hd_fail "the command is empty"
  [[ $1 != *[$'\001'-$'\037'$'\177']* ]] || hd_fail "the command must be one line"
  ((${#1} <= 1000)) || hd_fail "the command is too long"
  [[ $1 != -* ]] || hd_fail "the command may not start with -"
}

# hd_schedule_read_stdin VARIABLE  All of stdin (a trailing newline dropped).
hd_schedule_read_stdin() {
  local hd_rs_text=""
  IFS= read -r -d '' hd_rs_text || true
  printf -v "$1" '%s' "${hd_rs_text%$'\n'}"
}

# hd_schedule_b64  stdin as one line of base64 (empty input: empty line).
hd_schedule_b64() {
  base64 -w0
  printf '\n'
}

# schedule-apply, step `apply`: creates or updates a job.
step_apply() {
  local command
  hd_schedule_check_job
  hd_schedule_read_stdin command
  hd_schedule_check_command "$command"
  hd_schedule_apply "$command"
}

# schedule-delete, step `delete`: the job's cron.d file, then its folder (history included).
step_delete() {
  hd_schedule_check_id
  local cron_file=/etc/cron.d/hostdeck-schedule-$HD_SCHEDULE_ID dir=$hd_cron_state/$HD_SCHEDULE_ID
  if [[ -e $cron_file || -L $cron_file ]]; then
    rm -f -- "$cron_file"
    hd_log change "Removed $cron_file"
  fi
  if [[ -e $dir || -L $dir ]]; then
    rm -rf -- "$dir"
    hd_log change "Removed $dir"
  fi
}

# schedule-run, step `run`: the job now, through the wrapper, its output live.
step_run() {
  hd_schedule_check_id
  hd_schedule_install_wrapper
  local status=0 limit
  "$hd_cron_wrapper" "$HD_SCHEDULE_ID" manual || status=$?
  case $status in
    0) hd_log info "The job ended with exit code 0" ;;
    75) hd_fail "The job is still running from an earlier start" ;;
    124 | 137)
      limit=$(<"$hd_cron_state/$HD_SCHEDULE_ID/timeout")
      hd_fail "The job was stopped at its time limit of $limit seconds"
      ;;
    *) hd_fail "The job ended with exit code $status" ;;
  esac
}

# schedule-adopt, step `adopt`: the job as the panel's, then the exact line out of the user's
# crontab (nothing else of it changes). If the line cannot be taken out, the new job is undone.
# stdin: the command, a newline, the line.
step_adopt() {
  local input command current next
  hd_schedule_check_job
  hd_schedule_read_stdin input
  [[ $input == *$'\n'* ]] || hd_fail "invalid line"
  command=${input%%$'\n'*}
  export HD_SCHEDULE_LINE=${input#*$'\n'}
  hd_schedule_check_command "$command"
  [[ -n $HD_SCHEDULE_LINE && $HD_SCHEDULE_LINE != *[$'\001'-$'\037'$'\177']* ]] || hd_fail "invalid line"
  hd_temp_file current
  hd_temp_file next
  crontab -u "$HD_SCHEDULE_USER" -l >"$current" 2>/dev/null || hd_fail "$HD_SCHEDULE_USER has no crontab"
  # The first line equal to HD_SCHEDULE_LINE leaves; every other line stays as it is.
  awk 'BEGIN { line = ENVIRON["HD_SCHEDULE_LINE"] } !done && $0 == line { done = 1; next } { print } END { exit done ? 0 : 3 }' \
    "$current" >"$next" || hd_fail "The line is no longer in the crontab of $HD_SCHEDULE_USER"
  hd_schedule_apply "$command"
  if ! crontab -u "$HD_SCHEDULE_USER" "$next"; then
    step_delete
    hd_fail "The crontab of $HD_SCHEDULE_USER could not be changed"
  fi
  hd_log change "Took the line out of the crontab of $HD_SCHEDULE_USER"
}

# schedule-inventory, step `read` (read-only). Prints:
#   job<TAB>ID<TAB>TRIGGER<TAB>START<TAB>END<TAB>EXIT   the last run of each job of the panel
#   crontab<TAB>USER<TAB>BASE64(LINE)                   a job line of a user's crontab
#   file<TAB>NAME<TAB>BASE64(LINE)                      a job line of another /etc/cron.d file
#   done
step_read() {
  local dir id last file name line user
  if [[ -d $hd_cron_state ]]; then
    for dir in "$hd_cron_state"/*/; do
      id=$(basename -- "$dir")
      [[ $id =~ ^[0-9]+$ && -d $dir/runs ]] || continue
      last=$(find "$dir/runs" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -n | tail -n 1)
      [[ -n $last && -f $dir/runs/$last/meta ]] || continue
      hd_schedule_meta_line job "$id" "$dir/runs/$last/meta"
    done
  fi
  for file in /var/spool/cron/crontabs/*; do
    [[ -f $file ]] || continue
    user=$(basename -- "$file")
    [[ $user =~ ^[a-z_][a-z0-9_-]{0,31}$ ]] || continue
    while IFS= read -r line || [[ -n $line ]]; do
      hd_schedule_is_job_line "$line" || continue
      printf 'crontab\t%s\t%s' "$user" "$(printf '%s' "$line" | hd_schedule_b64)"
      printf '\n'
    done <"$file"
  done
  for file in /etc/cron.d/*; do
    name=$(basename -- "$file")
    [[ -f $file && $name =~ ^[A-Za-z0-9_-]+$ && $name != hostdeck-* ]] || continue
    while IFS= read -r line || [[ -n $line ]]; do
      hd_schedule_is_job_line "$line" || continue
      printf 'file\t%s\t%s' "$name" "$(printf '%s' "$line" | hd_schedule_b64)"
      printf '\n'
    done <"$file"
  done
  printf 'done\n'
}

# hd_schedule_is_job_line LINE  Not blank, not a comment, not a VARIABLE=value line.
hd_schedule_is_job_line() {
  [[ $1 =~ ^[[:space:]]*$ || $1 =~ ^[[:space:]]*# || $1 =~ ^[[:space:]]*[A-Za-z_][A-Za-z0-9_]*[[:space:]]*= ]] && return 1
  return 0
}

# hd_schedule_meta_line KIND KEY META  KIND<TAB>KEY<TAB>TRIGGER<TAB>START<TAB>END<TAB>EXIT of a
# run's meta file (`-` for what it does not hold yet).
hd_schedule_meta_line() {
  local trigger=- start=- end=- status=- key value
  while IFS='=' read -r key value; do
    case $key in
      trigger) [[ $value =~ ^(cron|manual)$ ]] && trigger=$value ;;
      start) [[ $value =~ ^[0-9T:Z-]+$ ]] && start=$value ;;
      end) [[ $value =~ ^[0-9T:Z-]+$ ]] && end=$value ;;
      exit) [[ $value =~ ^[0-9]+$ ]] && status=$value ;;
    esac
  done <"$3"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$trigger" "$start" "$end" "$status"
}

# schedule-runs, step `read` (read-only): the job's runs, newest first:
#   run<TAB>RUN<TAB>TRIGGER<TAB>START<TAB>END<TAB>EXIT<TAB>BASE64(last 2 KiB of the output)
#   done
step_runs() {
  hd_schedule_check_id
  local runs=$hd_cron_state/$HD_SCHEDULE_ID/runs run output
  if [[ -d $runs ]]; then
    while IFS= read -r run; do
      [[ $run =~ ^[0-9]+$ && -f $runs/$run/meta ]] || continue
      output=$(tail -c 2048 -- "$runs/$run/output" 2>/dev/null | hd_schedule_b64)
      printf '%s\t%s\n' "$(hd_schedule_meta_line run "$run" "$runs/$run/meta")" "$output"
    done < <(find "$runs" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -rn)
  fi
  printf 'done\n'
}

case ${HD_RECIPE_ID:-} in
  schedule-apply) step_apply ;;
  schedule-delete) step_delete ;;
  schedule-run) step_run ;;
  schedule-adopt) step_adopt ;;
  schedule-inventory) step_read ;;
  schedule-runs) step_runs ;;
  *) hd_fail "unknown recipe ${HD_RECIPE_ID:-}" ;;
esac
