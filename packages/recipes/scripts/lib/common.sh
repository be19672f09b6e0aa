# shellcheck shell=bash
# Shared helpers, inlined by buildStepInvocation in front of every step script (in file-name
# order), so a step can call them without sourcing anything. Inputs arrive as HD_* environment
# variables; these helpers never evaluate them as code.

# Run with a predictable environment: sbin directories on PATH (non-login SSH sessions may lack
# them), files readable by default, no interactive prompts.
for hd_dir in /usr/local/sbin /usr/local/bin /usr/sbin /usr/bin /sbin /bin; do
  case ":${PATH:-}:" in
    *":$hd_dir:"*) ;;
    *) PATH="${PATH:+$PATH:}$hd_dir" ;;
  esac
done
unset hd_dir
export PATH
umask 022

# hd_log LEVEL MESSAGE...
# One structured progress line on stdout: `::hostdeck::LEVEL::MESSAGE`. LEVEL is info, warn,
# error or change (something on the server was changed; a second run of an idempotent recipe
# prints none). Control characters in the message become spaces, so a line is always one line.
hd_log() {
  local level=$1
  shift
  case $level in
    info | warn | error | change) ;;
    *) level=info ;;
  esac
  local message="$*"
  message=${message//[$'\001'-$'\037'$'\177']/ }
  printf '::hostdeck::%s::%s\n' "$level" "$message"
}

# hd_fail MESSAGE...  Logs an error and ends the step with status 1.
hd_fail() {
  hd_log error "$@"
  exit 1
}

# Temporary files registered here are removed when the step exits, however it exits. A step
# that needs its own EXIT trap calls hd_cleanup from it.
hd_cleanup_paths=()
hd_cleanup() {
  local path
  for path in "${hd_cleanup_paths[@]}"; do
    rm -rf -- "$path"
  done
}
trap hd_cleanup EXIT

# hd_temp_beside VARIABLE PATH
# Creates an empty temporary file in PATH's directory (so a later `mv` onto PATH is one atomic
# rename), registers it for cleanup and stores its name in VARIABLE. (Not a command substitution:
# the registration must happen in this shell.)
hd_temp_beside() {
  local hd_tb_directory hd_tb_base hd_tb_temp
  hd_tb_directory=$(dirname -- "$2") || return 1
  hd_tb_base=$(basename -- "$2") || return 1
  hd_tb_temp=$(mktemp -- "$hd_tb_directory/.$hd_tb_base.hostdeck.XXXXXX") || return 1
  hd_cleanup_paths+=("$hd_tb_temp")
  printf -v "$1" '%s' "$hd_tb_temp"
}

# Root's own working folders live in /var/lib/hostdeck, never in /tmp or /var/tmp: there any user
# (a hacked site) may plant a link or a folder under a name root is about to use.
: "${hd_state_dir:=/var/lib/hostdeck}"

# hd_private_dir VARIABLE NAME  Makes /var/lib/hostdeck/NAME (0700) when missing, checks that it
# and /var/lib/hostdeck are real folders of the step's own user (root on a server), not links,
# and stores its path in VARIABLE.
hd_private_dir() {
  local hd_pd_path="$hd_state_dir/$2" hd_pd_folder
  for hd_pd_folder in "$hd_state_dir" "$hd_pd_path"; do
    if [[ ! -e $hd_pd_folder && ! -L $hd_pd_folder ]]; then mkdir -- "$hd_pd_folder" || return 1; fi
    if [[ ! -d $hd_pd_folder || -L $hd_pd_folder || $(stat -c %u -- "$hd_pd_folder") != "$EUID" ]]; then
      hd_log error "$hd_pd_folder is not a folder of its own user; refusing to use it"
      return 1
    fi
  done
  chmod 0700 -- "$hd_pd_path" || return 1
  printf -v "$1" '%s' "$hd_pd_path"
}

# hd_temp_dir VARIABLE  A new folder of this step's own (mktemp -d in /var/lib/hostdeck/tmp),
# removed when the step exits.
hd_temp_dir() {
  local hd_td_base hd_td_temp
  hd_private_dir hd_td_base tmp || return 1
  hd_td_temp=$(mktemp -d -- "$hd_td_base/step.XXXXXX") || return 1
  hd_cleanup_paths+=("$hd_td_temp")
  printf -v "$1" '%s' "$hd_td_temp"
}

# hd_temp_file VARIABLE  Like hd_temp_beside, in /var/lib/hostdeck/tmp (root only).
hd_temp_file() {
  local hd_tf_base hd_tf_temp
  hd_private_dir hd_tf_base tmp || return 1
  hd_tf_temp=$(mktemp -- "$hd_tf_base/file.XXXXXX") || return 1
  hd_cleanup_paths+=("$hd_tf_temp")
  printf -v "$1" '%s' "$hd_tf_temp"
}
