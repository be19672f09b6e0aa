#!/usr/bin/env bash
# roundcube-install, step `config`: how the panel runs Roundcube on the server, once for all the
# sites that serve it (step `site`).
#
# Why its own pool and user (as phpMyAdmin, scripts/databases/phpmyadmin-config.sh): Roundcube
# needs nothing of a site (it signs in to the server's own IMAP with a mail account), while a
# site's pool runs as the site's user, confined to its home and rewritten by every site-apply
# (docs/site-isolation.md). So Roundcube runs in one PHP-FPM pool of its own, as the system user
# `hostdeck-roundcube` (no login, not in www-data), confined by open_basedir to Roundcube's files
# and its state. A site only gains an include (step `site`).
#
# Roundcube reads its configuration from ROUNDCUBE_CONFIG_DIR (set in the pool), the panel's
# folder /etc/hostdeck/roundcube: Debian's /etc/roundcube/config.inc.php (ucf-managed, written by
# dbconfig-common) is left alone and unused.
#
# Written here: the user; /var/lib/hostdeck/roundcube (the sqlite database, sessions, temporary
# files, logs, the des_key made once); /etc/hostdeck/roundcube/{defaults.inc.php,mimetypes.php,
# config.inc.php}; the database's schema (made from Debian's SQL/sqlite.initial.sql, then upgraded
# with Roundcube's updatedb.sh on every run); the pool of HD_PHP_VERSION (validated, reloaded,
# rolled back when php-fpm refuses it), removed from the other versions.
# Input: HD_PHP_VERSION.
set -euo pipefail

version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
rc_user=hostdeck-roundcube
state=/var/lib/hostdeck/roundcube
config_dir=/etc/hostdeck/roundcube
socket=/run/php/hostdeck-roundcube.sock
pool="/etc/php/$version/fpm/pool.d/hostdeck-roundcube.conf"
database="$state/db/roundcube.sqlite"

cd /
[[ -d /usr/share/roundcube && -d /var/lib/roundcube/public_html ]] || hd_fail "Roundcube is not installed (step package)"
command -v "php-fpm$version" >/dev/null || hd_fail "PHP $version (php$version-fpm) is not installed on this server"

if ! id -u -- "$rc_user" >/dev/null 2>&1; then
  useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin -- "$rc_user"
  hd_log change "created the system user $rc_user"
fi

# ensure_dir PATH MODE OWNER  A real folder (never a link) with this mode and owner.
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
for folder in db sessions temp logs; do
  ensure_dir "$state/$folder" 0700 "$rc_user:$rc_user"
done
ensure_dir /etc/hostdeck 0755 root:root
ensure_dir "$config_dir" 0750 "root:$rc_user"

# The key Roundcube encrypts the IMAP password in its session with: 24 random characters, made once.
secret_file="$state/des_key.inc.php"
if [[ ! -s $secret_file ]]; then
  secret=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')
  printf "<?php\n\$config['des_key'] = '%s';\n" "$secret" | hd_write_atomic "$secret_file" 0640 "root:$rc_user"
  hd_log change "made the des_key of Roundcube"
fi

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

printf '%s\n' '<?php' '// Managed by HostDeck (recipe roundcube-install): Debian'"'"'s defaults.' \
  "require '/etc/roundcube/defaults.inc.php';" | write_file "$config_dir/defaults.inc.php" 0644 root:root
printf '%s\n' '<?php' '// Managed by HostDeck (recipe roundcube-install): Debian'"'"'s MIME types.' \
  "return require '/etc/roundcube/mimetypes.php';" | write_file "$config_dir/mimetypes.php" 0644 root:root

render_config() {
  cat <<PHP
<?php
// Managed by HostDeck (recipe roundcube-install). Local changes are replaced.
// Sign-in with a mail account of this server: IMAP (143) and SMTP submission (587) on localhost,
// both with STARTTLS (the mail server requires it); its certificate names the mail host, not
// localhost, so it is not verified on this local hop.
require '$secret_file';
\$config['db_dsnw'] = 'sqlite:///$database?mode=0600';
\$config['imap_host'] = 'tls://localhost:143';
\$config['smtp_host'] = 'tls://localhost:587';
\$config['smtp_user'] = '%u';
\$config['smtp_pass'] = '%p';
\$config['smtp_conn_options'] = ['ssl' => ['verify_peer' => false, 'verify_peer_name' => false]];
\$config['imap_conn_options'] = ['ssl' => ['verify_peer' => false, 'verify_peer_name' => false]];
\$config['username_domain_forced'] = false;
\$config['login_lc'] = 2;
\$config['product_name'] = 'Webmail';
\$config['support_url'] = '';
\$config['skin'] = 'elastic';
\$config['plugins'] = [];
\$config['enable_installer'] = false;
\$config['enable_spellcheck'] = false;
\$config['log_dir'] = '$state/logs/';
\$config['temp_dir'] = '$state/temp/';
\$config['use_https'] = false;
\$config['session_samesite'] = 'Lax';
\$config['ip_check'] = true;
PHP
}
render_config | write_file "$config_dir/config.inc.php" 0640 "root:$rc_user"

# The database: made once from Debian's schema, upgraded by Roundcube's own script on each run.
as_user() { runuser -u "$rc_user" -- env ROUNDCUBE_CONFIG_DIR="$config_dir" "$@"; }
if [[ ! -s $database ]]; then
  as_user sqlite3 -bail "$database" </usr/share/roundcube/SQL/sqlite.initial.sql ||
    hd_fail "could not make Roundcube's database"
  chmod 0600 -- "$database"
  hd_log change "made the database $database"
fi
if ! output=$(as_user php "-d" "open_basedir=" /usr/share/roundcube/bin/updatedb.sh --package=roundcube \
  --dir=/usr/share/roundcube/SQL 2>&1); then
  printf '%s\n' "$output" >&2
  hd_fail "Roundcube could not upgrade its database (its output is above)"
fi
if grep -qi 'updating database' <<<"$output"; then hd_log change "upgraded Roundcube's database"; fi

# ---- The pool.
render_pool() {
  cat <<POOL
; Managed by HostDeck (recipe roundcube-install): Roundcube's own pool, as $rc_user, for every
; site that serves /roundcube/ (see the recipe's step scripts). Local changes are replaced.
[hostdeck-roundcube]
user = $rc_user
group = $rc_user
listen = $socket
listen.owner = www-data
listen.group = www-data
listen.mode = 0660

pm = ondemand
pm.max_children = 5
pm.process_idle_timeout = 10s
pm.max_requests = 500

chdir = /
clear_env = yes
env[ROUNDCUBE_CONFIG_DIR] = $config_dir
php_admin_value[open_basedir] = /var/lib/roundcube/:/usr/share/roundcube/:/etc/roundcube/:/usr/share/php/:/usr/share/javascript/:/usr/share/misc/:$config_dir/:$state/
php_admin_value[session.save_path] = $state/sessions
php_admin_value[upload_tmp_dir] = $state/temp
php_admin_value[sys_temp_dir] = $state/temp
php_admin_flag[session.use_strict_mode] = on
php_admin_value[session.gc_probability] = 1
php_admin_value[session.gc_divisor] = 100
php_admin_value[session.gc_maxlifetime] = 21600
php_admin_value[upload_max_filesize] = 25M
php_admin_value[post_max_size] = 30M
php_admin_value[memory_limit] = 128M
php_admin_flag[display_errors] = off
php_admin_flag[expose_php] = off
POOL
}

for file in /etc/php/*/fpm/pool.d/hostdeck-roundcube.conf; do
  [[ -e $file ]] || continue
  other=${file#/etc/php/}
  other=${other%%/*}
  [[ $other != "$version" ]] || continue
  rm -f -- "$file"
  hd_log change "removed $file"
  if systemctl is-active --quiet -- "php$other-fpm"; then hd_reload_service "php$other-fpm"; fi
done
if ! hd_apply_config "$pool" "php-fpm$version" -t < <(render_pool); then
  hd_fail "php$version-fpm rejected Roundcube's pool (its output is above)"
fi
if hd_config_was_changed || ! hd_php_fpm_answers "$version" "$socket"; then
  # shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
  previous=$hd_config_backup
  if ! hd_php_fpm_reload "$version" "$socket"; then
    if hd_config_was_changed; then
      hd_restore_config "$pool" "$previous" || true
      hd_php_fpm_reload "$version" || true
    fi
    hd_fail "php$version-fpm did not start Roundcube's pool (its messages are above)"
  fi
fi

hd_log info "Roundcube runs in PHP $version as $rc_user"
