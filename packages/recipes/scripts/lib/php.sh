# shellcheck shell=bash
# PHP-FPM from the distribution, or from ondrej/php (Ubuntu) or packages.sury.org (Debian) for
# the versions the distribution does not ship. Versions are validated by the panel (8.4 … 7.4).

# Extensions installed with every version (json is built in from PHP 8; 7.4's comes with cli).
hd_php_extensions=(cli common mysql pgsql curl mbstring xml zip gd intl bcmath opcache)

# hd_php_distro_version  Prints the PHP version the distribution itself ships.
hd_php_distro_version() {
  case $(hd_os_id) in
    debian-12) printf '8.2' ;;
    ubuntu-20.04) printf '7.4' ;;
    ubuntu-22.04) printf '8.1' ;;
    ubuntu-24.04) printf '8.3' ;;
    *) return 1 ;;
  esac
}

# hd_php_packages VERSION  Prints the packages of VERSION, one a line.
hd_php_packages() {
  local extension
  printf 'php%s-fpm\n' "$1"
  for extension in "${hd_php_extensions[@]}"; do
    printf 'php%s-%s\n' "$1" "$extension"
  done
}

# hd_php_add_repository  Adds the repository of the other PHP versions, once: the ondrej/php PPA
# on Ubuntu, packages.sury.org on Debian. Refreshes the package lists when it added something.
hd_php_add_repository() {
  local codename
  codename=$(hd_os_codename)
  [[ -n $codename ]] || hd_fail "the release codename is unknown; cannot add the PHP repository"
  if hd_os_is_ubuntu; then
    if grep -rqsE 'ppa\.launchpad(content)?\.net/ondrej/php' /etc/apt/sources.list.d/; then
      return 0
    fi
    hd_apt_install software-properties-common || return 1
    hd_log info "adding the ondrej/php PPA"
    # The maintainer's name is not ASCII: add-apt-repository fails under a C locale.
    LC_ALL=C.UTF-8 add-apt-repository -y -n ppa:ondrej/php || return 1
    hd_log change "added the ondrej/php PPA"
    hd_apt_run update -q || return 1
    return 0
  fi
  local keyring=/usr/share/keyrings/deb.sury.org-php.gpg keyring_package
  if [[ ! -s $keyring ]]; then
    # Sury's documented way: the key ships as a package (debsuryorg-archive-keyring).
    hd_apt_install curl ca-certificates || return 1
    hd_temp_file keyring_package || return 1
    curl -fsSL --retry 3 --max-time 120 -o "$keyring_package" https://packages.sury.org/debsuryorg-archive-keyring.deb ||
      hd_fail "could not download the packages.sury.org keyring"
    dpkg -i -- "$keyring_package" || return 1
    [[ -s $keyring ]] || hd_fail "the packages.sury.org keyring did not install $keyring"
    hd_log change "installed the packages.sury.org keyring"
  fi
  hd_apt_source /etc/apt/sources.list.d/php.list <<<"deb [signed-by=$keyring] https://packages.sury.org/php/ $codename main"
}

# hd_php_install VERSION...  Installs PHP-FPM and the common extensions of each VERSION (adding
# the repository first when a version is not the distribution's), then enables and starts each
# php<VERSION>-fpm after checking its configuration (php-fpm<VERSION> -t).
hd_php_install() {
  local version distro packages=() needs_repository=0
  distro=$(hd_php_distro_version) || hd_fail "no PHP version is known for $(hd_os_id)"
  for version in "$@"; do
    [[ $version =~ ^[0-9]+\.[0-9]+$ ]] || hd_fail "invalid PHP version: $version"
    [[ $version == "$distro" ]] || needs_repository=1
    mapfile -t -O "${#packages[@]}" packages < <(hd_php_packages "$version")
  done
  ((${#packages[@]} > 0)) || return 0
  if ((needs_repository)); then
    local absent=0 candidate
    for candidate in "${packages[@]}"; do
      hd_apt_is_installed "$candidate" || absent=1
    done
    if ((absent)); then hd_php_add_repository || return 1; fi
  fi
  hd_apt_install "${packages[@]}" || return 1
  for version in "$@"; do
    if ! php-fpm"$version" -t 2>/dev/null; then
      php-fpm"$version" -t >&2 || true
      hd_fail "the configuration of php$version-fpm is invalid"
    fi
    hd_enable_service "php$version-fpm" || return 1
    hd_log info "$(php"$version" -r 'echo "PHP ", PHP_VERSION, " (", php_sapi_name(), ")";' 2>/dev/null || true)"
  done
}
