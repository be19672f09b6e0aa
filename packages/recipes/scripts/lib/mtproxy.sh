# shellcheck shell=bash
# MTProxy: mtg v2 (github.com/9seconds/mtg), one static binary from a release tarball. Shared by
# application-install (the Applications page) and mtproxy-apply (the MTProxy page), so both
# install it the same way.

hd_mtproxy_prefix=/opt/mtproxy

# hd_mtproxy_install URL  Installs /opt/mtproxy/mtg from the mtg release tarball at URL (`{arch}`
# becomes amd64 or arm64), unless it is there already. The archive is unpacked as plain files in a
# root-only folder; only a regular file named `mtg` is taken, and it must answer `--version`.
hd_mtproxy_install() {
  local url=$1 architecture work binary version
  if [[ -x $hd_mtproxy_prefix/mtg && -s $hd_mtproxy_prefix/VERSION ]]; then
    hd_log info "mtg $(head -n 1 -- "$hd_mtproxy_prefix/VERSION") is already installed"
    return 0
  fi
  architecture=$(dpkg --print-architecture) || return 1
  case $architecture in
    amd64 | arm64) ;;
    *)
      hd_log error "mtg publishes no release for $architecture (only amd64 and arm64)"
      return 1
      ;;
  esac
  url=${url//\{arch\}/$architecture}
  hd_temp_dir work || return 1
  mkdir -- "$work/unpacked" || return 1
  hd_log info "downloading mtg from $url"
  if ! curl -fsSL --proto '=http,https' --retry 2 --max-time 300 --max-filesize 104857600 -o "$work/mtg.tar.gz" -- "$url"; then
    hd_log error "could not download mtg from $url"
    return 1
  fi
  if ! tar -xzf "$work/mtg.tar.gz" -C "$work/unpacked" --no-same-owner --no-same-permissions; then
    hd_log error "the download from $url is not a tar.gz archive"
    return 1
  fi
  binary=$(find "$work/unpacked" -maxdepth 2 -type f -name mtg -print -quit)
  if [[ -z $binary ]]; then
    hd_log error "the archive from $url holds no mtg binary"
    return 1
  fi
  chmod 0755 -- "$binary" || return 1
  if ! version=$("$binary" --version 2>&1 | head -n 1) || [[ -z $version ]]; then
    hd_log error "the mtg binary from $url does not run on this server"
    return 1
  fi
  mkdir -p -- "$hd_mtproxy_prefix" || return 1
  install -m 0755 -o root -g root -- "$binary" "$hd_mtproxy_prefix/.mtg.new" || return 1
  mv -f -- "$hd_mtproxy_prefix/.mtg.new" "$hd_mtproxy_prefix/mtg" || return 1
  printf '%s\n' "$version" | hd_write_atomic "$hd_mtproxy_prefix/VERSION" 0644 root:root || return 1
  hd_log change "installed mtg ($version) in $hd_mtproxy_prefix"
}

# hd_mtproxy_unit  The systemd unit (stdout): mtg with the panel's configuration, restarted when it
# dies. It runs as root (the secret file is root's, 0600) with no new privileges.
hd_mtproxy_unit() {
  cat <<'UNIT'
# Managed by HostDeck (MTProxy page): mtg, an MTProto proxy for Telegram (github.com/9seconds/mtg).
[Unit]
Description=MTProxy (mtg)
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
ExecStart=/opt/mtproxy/mtg run /etc/mtproxy/mtg.toml
Restart=on-failure
RestartSec=2
NoNewPrivileges=yes
LimitNOFILE=65536

[Install]
WantedBy=multi-user.target
UNIT
}
