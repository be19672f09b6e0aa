#!/usr/bin/env bash
# application-install, step `install`: installs the application, streaming the package manager's
# output. Debian packages through apt (what is missing only); PHP and the databases through the
# shared helpers hd_php_install and hd_database_install (scripts/lib), like provisioning; PM2 with
# npm over the distribution's Node.js; MTProxy as mtg's release binary (scripts/lib/mtproxy.sh). Idempotent:
# an application already there is left as it is and no `change` line is printed.
# Input: HD_APPLICATION, HD_APPLICATION_NAME, HD_APPLICATION_METHOD, HD_APPLICATION_PACKAGES,
# HD_APPLICATION_DETECT (packages/recipes/src/applications/catalogue.ts); HD_NPM_REGISTRY for PM2 (the
# recipe's npm_registry setting, https://registry.npmjs.org/ by default); HD_MTPROXY_DOWNLOAD_URL for
# MTProxy (mtg's release on GitHub when absent).
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

# MTProxy is mtg (scripts/lib/mtproxy.sh, the same install as the MTProxy page's). A first
# install gets a configuration of its own so the service runs: a FakeTLS secret made here and port
# 8443, kept across reinstalls. The MTProxy page replaces it with the panel's (which it keeps
# sealed and shows as a link).
configure_mtproxy() {
  local config=/etc/mtproxy/mtg.toml secret domain=www.cloudflare.com
  mkdir -p -- /etc/mtproxy
  chmod 0700 -- /etc/mtproxy
  if [[ ! -s $config ]]; then
    secret=ee$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')$(printf '%s' "$domain" | od -An -tx1 | tr -d ' \n')
    printf '# Managed by HostDeck (MTProxy page): mtg configuration.\nsecret = "%s"\nbind-to = "0.0.0.0:8443"\n' "$secret" |
      hd_write_atomic "$config" 0600 root:root
    hd_log change "made a configuration for MTProxy on port 8443"
  fi
  # Not a pipe: hd_apply_config must run in this shell, where hd_config_was_changed reads its result.
  if ! hd_apply_config /etc/systemd/system/mtproxy.service systemd-analyze verify /etc/systemd/system/mtproxy.service < <(hd_mtproxy_unit); then
    hd_fail "the mtproxy.service unit did not pass systemd-analyze verify"
  fi
  if hd_config_was_changed; then systemctl daemon-reload; fi
  # Reachable once the firewall lets its port in (the MTProxy page changes both later).
  if command -v ufw >/dev/null && hd_ufw_is_active; then
    local port
    port=$(sed -n 's/^bind-to = "[^"]*:\([0-9]\{1,5\}\)"$/\1/p' -- "$config" | head -n 1)
    if [[ -n $port ]]; then hd_ufw_allow "$port/tcp"; fi
  fi
}

case $HD_APPLICATION_METHOD in
  apt)
    # The mail server: Postfix's questions answered first, the panel's configuration after
    # (scripts/lib/mailserver.sh).
    if [[ $HD_APPLICATION == mailserver ]]; then hd_mail_preseed; fi
    install_with_apt
    if [[ $HD_APPLICATION == mailserver ]]; then hd_mail_configure; fi
    ;;
  # The shared helpers of scripts/lib, as provisioning runs them: the repository when needed,
  # the configuration checked, the service started and checked (MySQL's root on the socket only).
  php) hd_php_install "${HD_APPLICATION#php}" ;;
  database) hd_database_install "$HD_APPLICATION" ;;
  npm) install_pm2 ;;
  source)
    hd_apt_install "${packages[@]}"
    # The panel passes its MTPROXY_DOWNLOAD_URL; mtg's release on GitHub otherwise. (Not a
    # ${…:-default}: the `}` of `{arch}` would end the expansion.)
    mtproxy_url=${HD_MTPROXY_DOWNLOAD_URL:-}
    if [[ -z $mtproxy_url ]]; then
      mtproxy_url='https://github.com/9seconds/mtg/releases/download/v2.1.7/mtg-2.1.7-linux-{arch}.tar.gz'
    fi
    hd_mtproxy_install "$mtproxy_url" || hd_fail "mtg could not be installed"
    configure_mtproxy
    ;;
  *) hd_fail "unknown installation method $HD_APPLICATION_METHOD" ;;
esac
