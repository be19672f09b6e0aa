#!/usr/bin/env bash
# application-install, step `install`: installs the application, streaming the package manager's
# output. Debian packages through apt (what is missing only); PHP and the databases through the
# shared helpers hd_php_install and hd_database_install (scripts/lib), like provisioning; PM2 with
# npm over the distribution's Node.js; MTProxy built from Telegram's source (x86-64). Idempotent:
# an application already there is left as it is and no `change` line is printed.
# Input: HD_APPLICATION, HD_APPLICATION_NAME, HD_APPLICATION_METHOD, HD_APPLICATION_PACKAGES,
# HD_APPLICATION_DETECT (packages/recipes/src/applications/catalogue.ts); HD_NPM_REGISTRY for PM2 (the
# recipe's npm_registry setting, https://registry.npmjs.org/ by default).
set -euo pipefail

read -ra packages <<<"$HD_APPLICATION_PACKAGES"

install_with_apt() {
  local -a detect
  local package listed candidate
  read -ra detect <<<"${HD_APPLICATION_DETECT#dpkg:}"
  # Installed from another source (docker-ce from Docker's repository, MySQL's own packages):
  # leave it, rather than install a second copy beside it.
  for package in "${detect[@]}"; do
    if hd_apt_is_installed "$package"; then
      listed=0
      for candidate in "${packages[@]}"; do
        if [[ $candidate == "$package" ]]; then listed=1; fi
      done
      if ((!listed)); then
        hd_log info "$HD_APPLICATION_NAME is already installed ($package)"
        return 0
      fi
    fi
  done
  hd_apt_install "${packages[@]}"
}

pm2_version() {
  local file
  for file in /usr/local/lib/node_modules/pm2/package.json /usr/lib/node_modules/pm2/package.json; do
    if [[ -r $file ]]; then
      sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*/\1/p' -- "$file" | head -n 1
      return 0
    fi
  done
  return 1
}

install_pm2() {
  local version major
  hd_apt_install "${packages[@]}"
  if version=$(pm2_version); then
    hd_log info "PM2 $version is already installed"
    return 0
  fi
  major=$(node -p 'process.versions.node.split(".")[0]')
  if ((major < 18)); then
    hd_fail "PM2 needs Node.js 18 or later, and this server's Node.js is $(node --version)"
  fi
  # PM2 7 is the line that runs on Node.js 18; a new major is chosen here, not on the server.
  local registry=${HD_NPM_REGISTRY:-https://registry.npmjs.org/}
  hd_log info "installing PM2 from the npm registry $registry"
  if ! npm install --global --no-audit --no-fund --no-update-notifier --registry="$registry" -- pm2@7; then
    hd_fail "could not install PM2 from the npm registry ($registry)"
  fi
  hd_log change "installed PM2 $(pm2_version || printf unknown)"
}

mtproxy_prefix=/opt/mtproxy
mtproxy_config=/etc/mtproxy

build_mtproxy() {
  local source=$mtproxy_prefix/src
  if [[ -x $mtproxy_prefix/mtproto-proxy && -s $mtproxy_prefix/VERSION ]]; then
    hd_log info "MTProxy $(head -n 1 -- "$mtproxy_prefix/VERSION") is already built"
    return 0
  fi
  mkdir -p -- "$mtproxy_prefix"
  rm -rf -- "$source"
  hd_log info "downloading MTProxy's source"
  if ! git clone --depth 1 -- https://github.com/TelegramMessenger/MTProxy "$source"; then
    rm -rf -- "$source"
    hd_fail "could not download MTProxy's source from github.com"
  fi
  # GCC 10 and later refuse its tentative definitions without -fcommon.
  sed -i 's/^CFLAGS = /CFLAGS = -fcommon /' -- "$source/Makefile"
  # It aborts when its PID is above 65535 (kernel.pid_max is 4194304 on current systems); keep
  # the PID's lower 16 bits, as its own struct does, instead of lowering pid_max for everyone.
  sed -i 's/^\([[:space:]]*\)assert (!(p & 0xffff0000));/\1\/\/ HostDeck: PIDs above 65535 keep their lower 16 bits./' -- "$source/common/pid.c"
  hd_log info "building MTProxy"
  if ! make -C "$source" -j"$(nproc)"; then hd_fail "MTProxy did not build (the compiler's output is above)"; fi
  install -m 0755 -- "$source/objs/bin/mtproto-proxy" "$mtproxy_prefix/mtproto-proxy"
  git -C "$source" rev-parse --short HEAD | hd_write_atomic "$mtproxy_prefix/VERSION" 0644 root:root
  hd_log change "built MTProxy $(head -n 1 -- "$mtproxy_prefix/VERSION")"
}

configure_mtproxy() {
  local file url download secret
  # Telegram's key and server list, which the proxy needs to reach Telegram.
  for file in proxy-secret proxy-multi.conf; do
    if [[ -s $mtproxy_prefix/$file ]]; then continue; fi
    url=https://core.telegram.org/getProxySecret
    if [[ $file == proxy-multi.conf ]]; then url=https://core.telegram.org/getProxyConfig; fi
    hd_temp_file download
    if ! curl -fsSL --retry 2 --max-time 60 -o "$download" -- "$url"; then
      hd_fail "could not download $file from $url"
    fi
    hd_write_atomic "$mtproxy_prefix/$file" 0644 root:root <"$download"
    hd_log change "downloaded $mtproxy_prefix/$file"
  done
  # The secret and port Telegram clients are given: made once, kept across reinstalls.
  mkdir -p -- "$mtproxy_config"
  chmod 0700 -- "$mtproxy_config"
  if [[ ! -s $mtproxy_config/mtproxy.env ]]; then
    secret=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
    printf 'MTPROXY_PORT=8443\nMTPROXY_SECRET=%s\n' "$secret" |
      hd_write_atomic "$mtproxy_config/mtproxy.env" 0600 root:root
    hd_log change "made a secret for MTProxy on port 8443"
  fi
  hd_apply_config /etc/systemd/system/mtproxy.service systemd-analyze verify /etc/systemd/system/mtproxy.service <<'UNIT'
# Managed by HostDeck (recipe application-install): Telegram's MTProxy.
[Unit]
Description=Telegram MTProxy
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
EnvironmentFile=/etc/mtproxy/mtproxy.env
WorkingDirectory=/opt/mtproxy
ExecStart=/opt/mtproxy/mtproto-proxy -u nobody -p 8888 -H ${MTPROXY_PORT} -S ${MTPROXY_SECRET} --aes-pwd /opt/mtproxy/proxy-secret /opt/mtproxy/proxy-multi.conf -M 1
Restart=on-failure

[Install]
WantedBy=multi-user.target
UNIT
  if hd_config_was_changed; then systemctl daemon-reload; fi
  # Reachable once the firewall lets its port in (the MTProxy page changes both later).
  if command -v ufw >/dev/null && ufw status | grep -q '^Status: active'; then
    local port
    port=$(sed -n 's/^MTPROXY_PORT=\([0-9]*\)$/\1/p' -- "$mtproxy_config/mtproxy.env")
    if [[ -n $port ]] && ! hd_ufw_has_rule "allow $port/tcp"; then
      ufw allow "$port/tcp"
      hd_log change "allowed port $port/tcp in the firewall"
    fi
  fi
}

case $HD_APPLICATION_METHOD in
  apt) install_with_apt ;;
  # The shared helpers of scripts/lib, as provisioning runs them: the repository when needed,
  # the configuration checked, the service started and checked (MySQL's root on the socket only).
  php) hd_php_install "${HD_APPLICATION#php}" ;;
  database) hd_database_install "$HD_APPLICATION" ;;
  npm) install_pm2 ;;
  source)
    hd_apt_install "${packages[@]}"
    build_mtproxy
    configure_mtproxy
    ;;
  *) hd_fail "unknown installation method $HD_APPLICATION_METHOD" ;;
esac
