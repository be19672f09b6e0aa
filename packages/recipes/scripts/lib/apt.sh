# shellcheck shell=bash
# Debian and Ubuntu packages.

: "${hd_apt_lists_dir:=/var/lib/apt/lists}"
# Package lists younger than this are fresh enough to install from.
: "${hd_apt_lists_max_age_minutes:=60}"
: "${hd_apt_attempts:=5}"
: "${hd_apt_retry_delay_seconds:=15}"

# hd_apt_is_installed PKG  Succeeds when PKG is installed (not merely known or half-configured).
hd_apt_is_installed() {
  local status
  status=$(dpkg-query -W -f='${db:Status-Status}' -- "$1" 2>/dev/null) || return 1
  [[ $status == installed ]]
}

# hd_apt_run ARGUMENT...  apt-get, non-interactive, keeping changed config files, waiting for the
# dpkg lock and retrying when it stays busy (unattended-upgrades often holds it after a boot).
# Output is streamed as it comes.
hd_apt_run() {
  local attempt status log
  hd_temp_file log || return 1
  for ((attempt = 1; ; attempt++)); do
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 \
      -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "$@" 2>&1 | tee -- "$log" && return 0
    status=$?
    if ((attempt >= hd_apt_attempts)) || ! grep -qiE 'could not get lock|unable to acquire the dpkg|unable to lock' -- "$log"; then
      hd_log error "apt-get $1 failed"
      return "$status"
    fi
    hd_log warn "the package manager is busy; retrying in ${hd_apt_retry_delay_seconds}s"
    sleep "$hd_apt_retry_delay_seconds"
  done
}

# hd_apt_update  Refreshes the package lists when they are missing or older than
# hd_apt_lists_max_age_minutes. After adding a repository, call `hd_apt_run update` directly.
hd_apt_update() {
  if [[ -d $hd_apt_lists_dir ]] &&
    [[ -n $(find "$hd_apt_lists_dir" -maxdepth 1 -name '*_Packages*' -mmin "-$hd_apt_lists_max_age_minutes" -print -quit) ]]; then
    return 0
  fi
  hd_log info "refreshing package lists"
  hd_apt_run update -q
}

# hd_apt_install PKG...  Installs the packages that are not installed yet; prints a change line
# for what it installed and nothing at all when everything was already there.
hd_apt_install() {
  local package missing=()
  for package in "$@"; do
    hd_apt_is_installed "$package" || missing+=("$package")
  done
  ((${#missing[@]} > 0)) || return 0
  hd_apt_update || return
  hd_log info "installing ${missing[*]}"
  hd_apt_run install -y -q --no-install-recommends -- "${missing[@]}" || return
  hd_log change "installed ${missing[*]}"
}
