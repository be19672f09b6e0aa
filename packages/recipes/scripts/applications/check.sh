#!/usr/bin/env bash
# application-install, step `check`: refuses, before anything changes, what cannot work here.
# - a system this application is not installed on by the panel, or a machine it does not run on;
# - a second web server: only one of Nginx, Apache2 and OpenLiteSpeed may serve port 80, so
#   installing another would break the first (its package would fail to start, or take the port);
# - MySQL beside MariaDB (one port 3306, one /var/lib/mysql), or the databases the other one left
#   in /var/lib/mysql when it was uninstalled (they cannot be opened, and are never deleted here).
# An application that is already installed passes: running the recipe again changes nothing.
# Input: HD_APPLICATION* from the panel's catalogue (packages/recipes/src/applications/catalogue.ts).
set -euo pipefail

os=$(hd_os_id)
architecture=$(dpkg --print-architecture)

# installed_version  The application's installed package (or module, or build), if any.
installed_version() {
  local probe=$HD_APPLICATION_DETECT package
  case $probe in
    dpkg:*)
      local -a packages
      read -ra packages <<<"${probe#dpkg:}"
      for package in "${packages[@]}"; do
        if hd_apt_is_installed "$package"; then
          printf '%s' "$package"
          return 0
        fi
      done
      ;;
    npm:*)
      local module=${probe#npm:}
      if [[ -f /usr/local/lib/node_modules/$module/package.json || -f /usr/lib/node_modules/$module/package.json ]]; then
        printf '%s' "$module"
      fi
      ;;
    file:*)
      if [[ -s ${probe#file:} ]]; then printf '%s' "${probe#file:}"; fi
      ;;
  esac
}

installed=$(installed_version)
if [[ -n $installed ]]; then
  hd_log info "$HD_APPLICATION_NAME is already installed ($installed)"
  exit 0
fi

read -ra supported <<<"$HD_APPLICATION_SUPPORTED_OS"
is_supported=0
for candidate in "${supported[@]}"; do
  if [[ $candidate == "$os" ]]; then is_supported=1; fi
done
if ((!is_supported)); then
  hd_fail "$HD_APPLICATION_NAME cannot be installed on $os by this panel (it installs it on: ${supported[*]})"
fi

case $HD_APPLICATION in
  mtproxy)
    # mtg publishes release binaries for these two only.
    if [[ $architecture != amd64 && $architecture != arm64 ]]; then
      hd_fail "MTProxy (mtg) runs on amd64 and arm64 servers only; this one is $architecture"
    fi
    ;;
  mongod)
    case $architecture in
      amd64)
        # MongoDB 5.0 and later use AVX instructions; without them mongod dies at start.
        if ! grep -qw avx /proc/cpuinfo; then
          hd_fail "MongoDB needs a CPU with AVX instructions, and this server's CPU has none"
        fi
        ;;
      arm64)
        if [[ $os == debian-* ]]; then hd_fail "MongoDB publishes no arm64 packages for Debian"; fi
        ;;
      *) hd_fail "MongoDB publishes no packages for $architecture" ;;
    esac
    ;;
esac

case $HD_APPLICATION in
  nginx | apache2 | openlitespeed) reason="only one web server can serve port 80" ;;
  mysql | mariadb) reason="MySQL and MariaDB cannot run side by side (one port 3306, one /var/lib/mysql)" ;;
  *) reason="they cannot run side by side" ;;
esac
while IFS=$'\t' read -r other packages; do
  [[ -n $other ]] || continue
  read -ra candidates <<<"$packages"
  for package in "${candidates[@]}"; do
    if hd_apt_is_installed "$package"; then
      hd_fail "$other is installed and $reason: uninstall $other first, then install $HD_APPLICATION_NAME"
    fi
  done
done <<<"${HD_APPLICATION_CONFLICTS:-}"

# Databases an uninstalled MySQL or MariaDB left behind: the other server cannot open them, and
# they are the user's data, so the user decides where they go.
if [[ $HD_APPLICATION == mariadb && -e /var/lib/mysql/mysql.ibd ]]; then
  hd_fail "/var/lib/mysql holds MySQL 8 databases, kept when MySQL was uninstalled; MariaDB cannot open them. Back them up and move /var/lib/mysql away, then install MariaDB"
fi
if [[ $HD_APPLICATION == mysql && -e /var/lib/mysql/aria_log_control ]]; then
  hd_fail "/var/lib/mysql holds MariaDB databases, kept when MariaDB was uninstalled; MySQL cannot open them. Back them up and move /var/lib/mysql away, then install MySQL"
fi

hd_log info "$HD_APPLICATION_NAME can be installed on $os ($architecture)"
