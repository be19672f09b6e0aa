#!/usr/bin/env bash
# phpmyadmin-install, step `config`: how the panel runs phpMyAdmin on the server, once for all the
# sites that serve it (step `site`).
#
# Why its own pool and user: phpMyAdmin needs nothing of a site (it signs in to the database
# server with a database user), while a site's pool runs as the site's user, confined to its home
# by open_basedir and rewritten by every site-apply (docs/site-isolation.md). So instead of
# widening every site's pool, phpMyAdmin runs in one PHP-FPM pool of its own, as the system user
# `hostdeck-phpmyadmin` (no login, not in www-data, so it cannot pass through any site's home),
# confined by open_basedir to phpMyAdmin's files (/usr/share/phpmyadmin, /etc/phpmyadmin, the PHP
# libraries of /usr/share/php, /var/lib/phpmyadmin) and the panel's state for it. A site's vhost
# only gains an include that sends /phpmyadmin/ and /hostdeck-signon.php to that pool, and a site's
# deletion removes that include with the site's other configs. The socket's path does not name the
# PHP version, so moving the pool to another version keeps every site's include valid.
#
# Written here: the user; /var/lib/hostdeck/phpmyadmin (sessions, temporary files, the cookie
# secret, made once); /var/lib/hostdeck/phpmyadmin-signon (the sign-on tokens, recipe
# phpmyadmin-signon); /etc/phpmyadmin/conf.d/hostdeck-signon.php (auth_type signon); the sign-on
# script /usr/local/share/hostdeck/phpmyadmin/hostdeck-signon.php; the pool of HD_PHP_VERSION
# (validated, reloaded, rolled back when php-fpm refuses it), removed from the other versions.
# Input: HD_PHP_VERSION.
set -euo pipefail

version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
pma_user=hostdeck-phpmyadmin
state=/var/lib/hostdeck/phpmyadmin
tokens=/var/lib/hostdeck/phpmyadmin-signon
script_dir=/usr/local/share/hostdeck/phpmyadmin
socket=/run/php/hostdeck-phpmyadmin.sock
pool="/etc/php/$version/fpm/pool.d/hostdeck-phpmyadmin.conf"

cd /
[[ -d /usr/share/phpmyadmin ]] || hd_fail "phpMyAdmin is not installed (step package)"
command -v "php-fpm$version" >/dev/null || hd_fail "PHP $version (php$version-fpm) is not installed on this server"

if ! id -u -- "$pma_user" >/dev/null 2>&1; then
  useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin -- "$pma_user"
  hd_log change "created the system user $pma_user"
fi

# ensure_dir PATH MODE OWNER  A real folder (never a link) with this mode and owner. Its parent is
# root's, so the owner cannot swap it for a link.
ensure_dir() {
  local path=$1 mode=$2 owner=$3
  if [[ -L $path || (-e $path && ! -d $path) ]]; then hd_fail "$path is not a folder; refusing to use it"; fi
  if [[ ! -d $path ]]; then
    mkdir -p -- "$path"
    hd_log change "created $path"
  fi
  if [[ $(stat -c '%a %U:%G' -- "$path") != "${mode#0} $owner" ]]; then
    chown -- "$owner" "$path"
    chmod -- "$mode" "$path"
    hd_log change "set $path to $mode $owner"
  fi
}

ensure_dir /var/lib/hostdeck 0755 root:root
ensure_dir "$state" 0755 root:root
ensure_dir "$state/sessions" 0700 "$pma_user:$pma_user"
ensure_dir "$state/tmp" 0700 "$pma_user:$pma_user"
ensure_dir "$tokens" 0700 "$pma_user:$pma_user"
ensure_dir /usr/local/share/hostdeck 0755 root:root
ensure_dir "$script_dir" 0755 root:root

# The key phpMyAdmin encrypts its cookies with: 32 random bytes, made once and kept.
secret_file="$state/blowfish_secret.inc.php"
if [[ ! -s $secret_file ]]; then
  secret=$(head -c 32 /dev/urandom | od -An -v -tx1 | tr -d ' \n')
  printf "<?php\n\$cfg['blowfish_secret'] = sodium_hex2bin('%s');\n" "$secret" |
    hd_write_atomic "$secret_file" 0640 "root:$pma_user"
  hd_log change "made the cookie secret of phpMyAdmin"
fi

# ---- phpMyAdmin's configuration: read after Debian's config.inc.php (its conf.d loop).
render_config() {
  cat <<'PHP'
<?php
// Managed by HostDeck (recipe phpmyadmin-install). Local changes are replaced.
// Single sign-on: phpMyAdmin takes the database user and password from the session that
// /hostdeck-signon.php opened with a single-use token from the panel; no password is typed.
if (is_readable('/var/lib/hostdeck/phpmyadmin/blowfish_secret.inc.php')) {
    require '/var/lib/hostdeck/phpmyadmin/blowfish_secret.inc.php';
}
$hostdeckHttps = isset($_SERVER['HTTPS']) && $_SERVER['HTTPS'] !== '' && $_SERVER['HTTPS'] !== 'off';
$cfg['Servers'][1]['auth_type'] = 'signon';
$cfg['Servers'][1]['SignonSession'] = 'HostDeckSignon';
$cfg['Servers'][1]['SignonCookieParams'] = [
    'lifetime' => 0,
    'path' => '/',
    'domain' => '',
    'secure' => $hostdeckHttps,
    'httponly' => true,
    'samesite' => 'Lax',
];
$cfg['Servers'][1]['SignonURL'] = '/hostdeck-signon.php';
$cfg['Servers'][1]['host'] = 'localhost';
$cfg['Servers'][1]['AllowNoPassword'] = false;
$cfg['TempDir'] = '/var/lib/hostdeck/phpmyadmin/tmp';
// The server may have no route to the internet; errors are not sent anywhere.
$cfg['VersionCheck'] = false;
$cfg['SendErrorReports'] = 'never';
PHP
}

# ---- The sign-on script (served as /hostdeck-signon.php by every site that has phpMyAdmin).
render_signon() {
  cat <<'PHP'
<?php
// Managed by HostDeck (recipe phpmyadmin-install). Local changes are replaced.
// Single sign-on for phpMyAdmin (auth_type signon). The panel's recipe phpmyadmin-signon wrote
// /var/lib/hostdeck/phpmyadmin-signon/<sha256 of the token>: the site, the database user and its
// password. The token works once (the file is claimed by one rename, then deleted), for 30
// seconds, on the site it was made for; the password never travels in a URL.
declare(strict_types=1);

const HOSTDECK_TOKEN_DIR = '/var/lib/hostdeck/phpmyadmin-signon';
const HOSTDECK_TOKEN_MAX_AGE = 30;

header('Cache-Control: no-store');
header('Referrer-Policy: no-referrer');
header('X-Robots-Tag: noindex, nofollow');

function hostdeck_refuse(): void
{
    http_response_code(403);
    header('Content-Type: text/html; charset=utf-8');
    echo "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>phpMyAdmin</title></head><body>\n",
        "<p lang=\"en\">This sign-in link is invalid, has expired or was already used. ",
        "Open phpMyAdmin again from HostDeck.</p>\n",
        "<p lang=\"vi\">Liên kết đăng nhập này không hợp lệ, đã hết hạn hoặc đã được sử dụng. ",
        "Hãy mở lại phpMyAdmin từ HostDeck.</p>\n</body></html>\n";
    exit;
}

$token = $_GET['token'] ?? null;
if (!is_string($token) || preg_match('/^[A-Za-z0-9_-]{43}$/D', $token) !== 1) {
    hostdeck_refuse();
}
$file = HOSTDECK_TOKEN_DIR . '/' . hash('sha256', $token);
// One rename claims the token: of two requests with the same token, only one gets it.
$claimed = $file . '.used-' . bin2hex(random_bytes(8));
if (!@rename($file, $claimed)) {
    hostdeck_refuse();
}
$modified = @filemtime($claimed);
$content = @file_get_contents($claimed);
@unlink($claimed);
$now = time();
if ($modified === false || $content === false || $now - $modified > HOSTDECK_TOKEN_MAX_AGE || $modified > $now + 5) {
    hostdeck_refuse();
}
$parts = explode("\n", $content, 3);
if (count($parts) !== 3 || $parts[1] === '') {
    hostdeck_refuse();
}
[$site, $user, $password] = $parts;
// The site whose vhost sent this request (its include sets HOSTDECK_SITE), never the Host header.
if ($site === '' || !hash_equals($site, (string) ($_SERVER['HOSTDECK_SITE'] ?? ''))) {
    hostdeck_refuse();
}

$https = isset($_SERVER['HTTPS']) && $_SERVER['HTTPS'] !== '' && $_SERVER['HTTPS'] !== 'off';
session_name('HostDeckSignon');
session_set_cookie_params([
    'lifetime' => 0,
    'path' => '/',
    'domain' => '',
    'secure' => $https,
    'httponly' => true,
    'samesite' => 'Lax',
]);
session_start();
session_regenerate_id(true);
$_SESSION['PMA_single_signon_user'] = $user;
$_SESSION['PMA_single_signon_password'] = $password;
$_SESSION['PMA_single_signon_host'] = 'localhost';
session_write_close();
header('Location: /phpmyadmin/index.php', true, 303);
PHP
}

# ---- The pool.
render_pool() {
  cat <<POOL
; Managed by HostDeck (recipe phpmyadmin-install): phpMyAdmin's own pool, as $pma_user, for every
; site that serves /phpmyadmin/ (see the recipe's step scripts). Local changes are replaced.
[hostdeck-phpmyadmin]
user = $pma_user
group = $pma_user
listen = $socket
listen.owner = www-data
listen.group = www-data
listen.mode = 0660

pm = ondemand
pm.max_children = 5
pm.process_idle_timeout = 10s
pm.max_requests = 500

chdir = /
php_admin_value[open_basedir] = /usr/share/phpmyadmin/:/etc/phpmyadmin/:/usr/share/php/:/usr/share/javascript/:/var/lib/phpmyadmin/:$state/:$tokens/:$script_dir/
php_admin_value[session.save_path] = $state/sessions
php_admin_value[upload_tmp_dir] = $state/tmp
php_admin_value[sys_temp_dir] = $state/tmp
php_admin_flag[session.use_strict_mode] = on
php_admin_value[session.gc_probability] = 1
php_admin_value[session.gc_divisor] = 100
php_admin_value[session.gc_maxlifetime] = 1440
php_admin_value[upload_max_filesize] = 128M
php_admin_value[post_max_size] = 128M
php_admin_flag[display_errors] = off
php_admin_flag[expose_php] = off
POOL
}

# write_file PATH MODE OWNER  stdin as PATH when it differs (atomic), with a change line.
write_file() {
  local path=$1 mode=$2 owner=$3 temp
  hd_temp_file temp
  cat >"$temp"
  if [[ -f $path && ! -L $path ]] && cmp -s -- "$temp" "$path" &&
    [[ $(stat -c '%a %U:%G' -- "$path") == "${mode#0} $owner" ]]; then
    return 0
  fi
  hd_write_atomic "$path" "$mode" "$owner" <"$temp"
  hd_log change "wrote $path"
}

render_config | write_file /etc/phpmyadmin/conf.d/hostdeck-signon.php 0644 root:root
render_signon | write_file "$script_dir/hostdeck-signon.php" 0644 root:root

# The pool of the other PHP versions first (a run with another version moves it): two pools
# cannot listen on one socket.
for file in /etc/php/*/fpm/pool.d/hostdeck-phpmyadmin.conf; do
  [[ -e $file ]] || continue
  other=${file#/etc/php/}
  other=${other%%/*}
  [[ $other != "$version" ]] || continue
  rm -f -- "$file"
  hd_log change "removed $file"
  if systemctl is-active --quiet -- "php$other-fpm"; then hd_reload_service "php$other-fpm"; fi
done
if ! hd_apply_config "$pool" "php-fpm$version" -t < <(render_pool); then
  hd_fail "php$version-fpm rejected phpMyAdmin's pool (its output is above)"
fi
if hd_config_was_changed || ! hd_php_fpm_answers "$version" "$socket"; then
  # shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
  previous=$hd_config_backup
  if ! hd_php_fpm_reload "$version" "$socket"; then
    if hd_config_was_changed; then
      hd_restore_config "$pool" "$previous" || true
      hd_php_fpm_reload "$version" || true
    fi
    hd_fail "php$version-fpm did not start phpMyAdmin's pool (its messages are above)"
  fi
fi

hd_log info "phpMyAdmin runs in PHP $version as $pma_user"
