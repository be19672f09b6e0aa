#!/usr/bin/env bash
# phpmyadmin-signon, step `token`: leaves a single-use sign-on for phpMyAdmin on the server:
# /var/lib/hostdeck/phpmyadmin-signon/HD_TOKEN_HASH (the sha256 of the token the panel gives the
# browser; the token itself never reaches the server before the browser brings it), 0600, owned
# by phpMyAdmin's pool user, holding three parts: the site, the database user, then the password
# (stdin, as it came: any byte but none on a command line). /hostdeck-signon.php claims and deletes
# it (phpmyadmin-config.sh) and refuses it after 30 seconds; files older than that are deleted
# here. Written as the pool's user, in its own folder: root never writes where that user could
# put a link first. Writing the same token again replaces it.
# Input: HD_SITE, HD_TOKEN_HASH, HD_DATABASE_USER; stdin: the password.
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
token_hash=${HD_TOKEN_HASH:?HD_TOKEN_HASH is required}
database_user=${HD_DATABASE_USER:?HD_DATABASE_USER is required}
pma_user=hostdeck-phpmyadmin
tokens=/var/lib/hostdeck/phpmyadmin-signon

cd /
[[ $token_hash =~ ^[0-9a-f]{64}$ ]] || hd_fail "the token hash is not 64 hexadecimal digits"
if ! id -u -- "$pma_user" >/dev/null 2>&1 || [[ ! -d $tokens || -L $tokens ]]; then
  hd_fail "phpMyAdmin is not installed on this server (recipe phpmyadmin-install)"
fi
[[ -f /etc/nginx/hostdeck/$site/hostdeck-phpmyadmin.conf || -f /etc/apache2/hostdeck/$site/hostdeck-phpmyadmin.conf ]] ||
  hd_fail "phpMyAdmin is not installed on $site (recipe phpmyadmin-install)"

# The script the pool's user runs: constant text, values as arguments ($1 folder, $2 file name).
# shellcheck disable=SC2016 # expanded by that shell, not this one.
writer='umask 077
find "$1" -maxdepth 1 -type f -mmin +1 -delete
temp=$(mktemp -p "$1" .new.XXXXXXXX)
cat >"$temp" && mv -f -- "$temp" "$1/$2"'

{
  printf '%s\n%s\n' "$site" "$database_user"
  cat
} | runuser -u "$pma_user" -- bash --norc -c "$writer" hostdeck-signon "$tokens" "$token_hash" ||
  hd_fail "could not write the sign-on token"
hd_log info "a sign-on for $database_user on $site is ready for 30 seconds"
