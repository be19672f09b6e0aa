# shellcheck shell=bash
# Sites (recipes site-*, packages/recipes/src/sites): paths shared by several steps. Values come
# from HD_* inputs the panel validated (domains, Linux user names, PHP versions).

# hd_site_php_socket VERSION SITE  Prints the socket of the site's PHP-FPM pool:
# /run/php/php{VERSION}-fpm-{SITE}.sock, or, when that is longer than a Unix socket path may be
# (107 bytes), the same with a hash of the site name in its place.
hd_site_php_socket() {
  local socket="/run/php/php$1-fpm-$2.sock" hash
  if ((${#socket} > 107)); then
    hash=$(printf '%s' "$2" | sha256sum | cut -c1-32) || return 1
    socket="/run/php/php$1-fpm-$hash.sock"
  fi
  printf '%s' "$socket"
}

# hd_site_is_locked HOME  Succeeds when the site's home is owned by root (lockdown): the site
# user cannot write in it, so root may work inside it; otherwise root only chowns there and
# everything else runs as the site user (a user could swap a path for a symbolic link under root).
hd_site_is_locked() {
  [[ -d $1 && ! -L $1 && $(stat -c %u -- "$1") == 0 ]]
}
