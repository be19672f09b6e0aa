# shellcheck shell=bash
# Third-party APT repositories (PHP from ondrej/sury, MySQL, OpenLiteSpeed): a keyring in
# /usr/share/keyrings and a source scoped to it with signed-by, never apt-key or trusted.gpg.d.

# hd_apt_source PATH  Installs stdin as the source file PATH (0644 root) when it differs, then
# refreshes the package lists.
hd_apt_source() {
  local target=$1 temp
  hd_temp_file temp || return 1
  cat >"$temp" || return 1
  if [[ -f $target ]] && cmp -s -- "$temp" "$target"; then
    return 0
  fi
  hd_write_atomic "$target" 0644 root:root <"$temp" || return 1
  hd_log change "wrote $target"
  hd_apt_run update -q
}

# hd_apt_keyring PATH URL...  Downloads each key (armored or binary) and installs them together
# as the binary keyring PATH, when PATH does not exist yet.
hd_apt_keyring() {
  local target=$1 url key keyring
  shift
  [[ -s $target ]] && return 0
  hd_temp_file keyring || return 1
  for url in "$@"; do
    hd_temp_file key || return 1
    curl -fsSL --retry 3 --max-time 60 -o "$key" -- "$url" || {
      hd_log error "could not download the repository key $url"
      return 1
    }
    if grep -q -- '-----BEGIN PGP PUBLIC KEY BLOCK-----' "$key"; then
      gpg --batch --yes --dearmor <"$key" >>"$keyring" || return 1
    else
      cat -- "$key" >>"$keyring" || return 1
    fi
  done
  mkdir -p -- "$(dirname -- "$target")" || return 1
  hd_write_atomic "$target" 0644 root:root <"$keyring" || return 1
  hd_log change "installed the repository key $target"
}
