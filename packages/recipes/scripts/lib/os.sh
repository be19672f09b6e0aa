# shellcheck shell=bash
# The operating system of the managed server, read from /etc/os-release (parsed, never sourced).

: "${hd_os_release_file:=/etc/os-release}"
# What the panel provisions: `ID-VERSION_ID` (contracts SUPPORTED_OS_IDS).
hd_supported_os_ids=(ubuntu-20.04 ubuntu-22.04 ubuntu-24.04 debian-12)

# hd_os_field NAME  Prints the value of NAME in os-release (quotes removed); nothing when absent.
hd_os_field() {
  local line value
  [[ -r $hd_os_release_file ]] || return 0
  while IFS= read -r line || [[ -n $line ]]; do
    [[ $line == "$1="* ]] || continue
    value=${line#*=}
    value=${value#[\"\']}
    value=${value%[\"\']}
    printf '%s' "$value"
    return 0
  done <"$hd_os_release_file"
}

# hd_os_id  Prints `ID-VERSION_ID`, e.g. debian-12 or ubuntu-24.04.
hd_os_id() {
  printf '%s-%s' "$(hd_os_field ID)" "$(hd_os_field VERSION_ID)"
}

# hd_os_codename  Prints the release codename (bookworm, noble, jammy, focal).
hd_os_codename() {
  local codename
  codename=$(hd_os_field VERSION_CODENAME)
  [[ -n $codename ]] || codename=$(hd_os_field UBUNTU_CODENAME)
  printf '%s' "$codename"
}

# hd_os_is_supported  Succeeds on a release the panel provisions.
hd_os_is_supported() {
  local id candidate
  id=$(hd_os_id)
  for candidate in "${hd_supported_os_ids[@]}"; do
    [[ $id == "$candidate" ]] && return 0
  done
  return 1
}

# hd_os_is_ubuntu  Succeeds on Ubuntu.
hd_os_is_ubuntu() {
  [[ $(hd_os_field ID) == ubuntu ]]
}

# hd_in_container  Succeeds inside a container (systemd-nspawn, LXC, Docker…), where swap,
# kernel modules and reboots are the host's business.
hd_in_container() {
  systemd-detect-virt --container --quiet 2>/dev/null
}
