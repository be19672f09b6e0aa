#!/usr/bin/env bash
# wordpress-install, step `install`: WordPress in the web root of HD_SITE, everything inside the
# site made as its Linux user (runuser), never as root:
# 1. the tarball from HD_WP_DOWNLOAD_URL, checked against HD_WP_SHA256 when set (root downloads it into its
#    own folder), unpacked by the site user into a web root that holds nothing but the panel's
#    default page (a WordPress already there is kept: the step runs again safely);
# 2. wp-config.php (0600): the database (HD_DB_NAME, HD_DB_USER, password on stdin: letters and
#    digits), fresh random salts, DISALLOW_FILE_EDIT, DISABLE_WP_CRON, FS_METHOD direct; kept when
#    it exists;
# 3. the panel's tool (root-owned, read-only, /usr/local/lib/hostdeck/wordpress) and its must-use
#    plugin (wp-content/mu-plugins/hostdeck.php: sign-in links, directory API);
# 4. the tool installs WordPress with the admin HD_WP_ADMIN (a random password nobody keeps);
# 5. the system cron runs wp-cron.php every 5 minutes (a marked line of the site user's crontab);
# 6. the site must answer its front page without a PHP fatal.
# Input: HD_SITE, HD_LINUX_USER, HD_PHP_VERSION, HD_WP_DOWNLOAD_URL, HD_WP_SHA256 (optional), HD_DB_NAME,
# HD_DB_USER, HD_WP_URL, HD_WP_TITLE, HD_WP_ADMIN, HD_WP_EMAIL, HD_WP_DIRECTORY, HD_WP_TOOL,
# HD_WP_MU_PLUGIN (the two PHP files, the panel's own text); stdin: the database password.
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
user=${HD_LINUX_USER:?HD_LINUX_USER is required}
php="php${HD_PHP_VERSION:?HD_PHP_VERSION is required}"
cd /
hd_site_owner_check "$user"
command -v "$php" >/dev/null || hd_fail "$php (the PHP command line) is not installed on this server"
group=$(id -gn -- "$user")
web_root="/home/$user/$site"
[[ -d $web_root && ! -L $web_root ]] || hd_fail "$web_root is missing; apply the site first"
! hd_site_is_locked "$web_root" || hd_fail "$web_root is locked down (owned by root); unlock the site first"
as_user() { runuser -u "$user" -- "$@"; }

password=""
IFS= read -r -d '' password || true
[[ $password =~ ^[A-Za-z0-9]{16,64}$ ]] || hd_fail "the database password must be 16 to 64 letters and digits"

# 1. The files.
if [[ -f $web_root/wp-includes/version.php ]]; then
  hd_log info "WordPress is already in $web_root; its files are kept"
else
  while IFS= read -r -d '' entry; do
    name=${entry##*/}
    if [[ ($name == index.php || $name == index.html) ]] && grep -q 'hosted with HostDeck' -- "$entry"; then
      as_user rm -f -- "$entry"
      hd_log change "removed the default page $entry"
    else
      hd_fail "$web_root is not empty ($name); WordPress installs only into an empty site"
    fi
  done < <(find "$web_root" -mindepth 1 -maxdepth 1 -print0)
  tarball=""
  hd_wp_tarball tarball
  # Root opens the tarball; the site user unpacks it (no owner or mode from the archive kept).
  as_user tar -xzf - -C "$web_root" --strip-components=1 --no-same-owner --no-same-permissions <"$tarball" ||
    hd_fail "the tarball could not be unpacked"
  [[ -f $web_root/wp-includes/version.php ]] || hd_fail "the tarball holds no wordpress/ folder"
  hd_log change "unpacked WordPress into $web_root"
fi

# 2. wp-config.php.
config="$web_root/wp-config.php"
if [[ -f $config ]]; then
  hd_log info "$config exists; it is kept"
else
  # shellcheck disable=SC2016 # the script of bash -c gets the path as an argument.
  private_writer='umask 077 && cat > "$1"'
  salt() { head -c 48 /dev/urandom | base64 -w0 | tr '+/' '-_'; }
  {
    printf "<?php\n// Written by HostDeck at the installation of WordPress.\n"
    printf "define('DB_NAME', '%s');\n" "$HD_DB_NAME"
    printf "define('DB_USER', '%s');\n" "$HD_DB_USER"
    printf "define('DB_PASSWORD', '%s');\n" "$password"
    printf "define('DB_HOST', 'localhost');\ndefine('DB_CHARSET', 'utf8mb4');\ndefine('DB_COLLATE', '');\n"
    for key in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
      printf "define('%s', '%s');\n" "$key" "$(salt)"
    done
    printf "\$table_prefix = 'wp_';\n"
    printf "define('DISALLOW_FILE_EDIT', true);\ndefine('DISABLE_WP_CRON', true);\ndefine('FS_METHOD', 'direct');\n"
    printf "define('WP_DEBUG', false);\n"
    printf "if (!defined('ABSPATH')) {\n    define('ABSPATH', __DIR__ . '/');\n}\nrequire_once ABSPATH . 'wp-settings.php';\n"
  } | as_user bash -c "$private_writer" write "$config"
  hd_log change "wrote $config (mode 0600)"
fi

# 3. The tool and the must-use plugin.
tool_dir=/usr/local/lib/hostdeck/wordpress
install -d -m 0755 -o root -g root /usr/local/lib/hostdeck "$tool_dir"
printf '%s\n' "$HD_WP_TOOL" | hd_write_atomic "$tool_dir/hostdeck-wp.php" 0644 root:root
as_user mkdir -p -- "$web_root/wp-content/mu-plugins"
# shellcheck disable=SC2016 # the script of bash -c gets its values as arguments.
printf '%s\n' "$HD_WP_MU_PLUGIN" | as_user bash -c 'cat > "$1.new" && chmod 0644 "$1.new" && mv -f "$1.new" "$1"' write "$web_root/wp-content/mu-plugins/hostdeck.php"
hd_log info "installed the panel's tool and must-use plugin"

# 4. The installation itself.
result=$(hd_wp_tool install HD_WP_TITLE="$HD_WP_TITLE" HD_WP_ADMIN="$HD_WP_ADMIN" HD_WP_EMAIL="$HD_WP_EMAIL") ||
  hd_fail "WordPress could not be installed: $result"
hd_log change "installed WordPress: $result"

# 5. The system cron instead of WP-cron.
hd_wp_cron_line

# 6. The site answers.
hd_wp_check_site || hd_fail "the site does not answer its WordPress front page"
chown -h -- "$user:$group" "$config"
hd_log info "WordPress answers on $HD_WP_URL"
