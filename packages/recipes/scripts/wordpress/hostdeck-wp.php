<?php
/**
 * HostDeck's WordPress tool (packages/recipes/scripts/wordpress, docs/wordpress.md). Installed by
 * the panel root-owned and read-only in /usr/local/lib/hostdeck/wordpress/, run as the site's
 * Linux user with the PHP CLI from the site's WordPress folder. Every argument is an environment
 * variable the panel validated with a grammar first (HD_WP_*); nothing here is evaluated as code.
 * Prints one JSON object on stdout; a failure prints {"error": "..."} and exits 1.
 */

error_reporting(E_ALL & ~E_DEPRECATED & ~E_NOTICE & ~E_WARNING);
ini_set('display_errors', 'stderr');

function hd_env($name, $default = null)
{
    $value = getenv($name);
    return ($value === false || $value === '') ? $default : $value;
}

function hd_out($data)
{
    echo json_encode($data, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
    exit(0);
}

function hd_fail($message)
{
    fwrite(STDERR, $message . "\n");
    echo json_encode(array('error' => $message)), "\n";
    exit(1);
}

$hostdeck_action = hd_env('HD_WP_ACTION', '');
$hostdeck_url = hd_env('HD_WP_URL', 'http://localhost');
$hostdeck_parts = parse_url($hostdeck_url);
$_SERVER['HTTP_HOST'] = $hostdeck_parts['host'] ?? 'localhost';
$_SERVER['SERVER_NAME'] = $_SERVER['HTTP_HOST'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_PORT'] = ($hostdeck_parts['scheme'] ?? 'http') === 'https' ? '443' : '80';
if (($hostdeck_parts['scheme'] ?? 'http') === 'https') {
    $_SERVER['HTTPS'] = 'on';
}
$_SERVER['REQUEST_METHOD'] = 'GET';

if ($hostdeck_action === 'install' || $hostdeck_action === 'core-upgrade') {
    define('WP_INSTALLING', true);
}
// Updates as background updates run them: an active plugin stays active while its files change.
if (in_array($hostdeck_action, array('update', 'install-item'), true)) {
    define('DOING_CRON', true);
}

if (!is_file('wp-load.php')) {
    hd_fail('wp-load.php is not in ' . getcwd());
}
require './wp-load.php';

// The directory API the must-use plugin sends WordPress's own calls to.
$hostdeck_directory = hd_env('HD_WP_DIRECTORY');
if ($hostdeck_directory !== null && $hostdeck_action !== 'install' && get_option('hostdeck_directory_api') !== $hostdeck_directory) {
    update_option('hostdeck_directory_api', $hostdeck_directory, true);
}

require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/theme.php';
require_once ABSPATH . 'wp-admin/includes/plugin-install.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/misc.php';
require_once ABSPATH . 'wp-admin/includes/update.php';
require_once ABSPATH . 'wp-admin/includes/user.php';

/** The plugin file (slug/file.php) of a directory slug, or null. */
function hd_plugin_file($hostdeck_slug)
{
    foreach (array_keys(get_plugins()) as $file) {
        if ($file === $hostdeck_slug . '.php' || strpos($file, $hostdeck_slug . '/') === 0) {
            return $file;
        }
    }
    return null;
}

function hd_auto_updates($hostdeck_type)
{
    return (array) get_site_option($hostdeck_type === 'plugins' ? 'auto_update_plugins' : 'auto_update_themes', array());
}

function hd_items($hostdeck_type)
{
    $auto = hd_auto_updates($hostdeck_type);
    $items = array();
    // The list is the user's "check for updates": ask the directory now, not what it said up to
    // 12 hours ago (WordPress's own cache of the answer).
    if ($hostdeck_type === 'plugins') {
        delete_site_transient('update_plugins');
        wp_update_plugins();
        $updates = get_site_transient('update_plugins');
        foreach (get_plugins() as $file => $data) {
            $hostdeck_slug = strpos($file, '/') === false ? basename($file, '.php') : dirname($file);
            $update = $updates->response[$file] ?? null;
            $items[] = array(
                'slug' => $hostdeck_slug,
                'name' => $data['Name'],
                'version' => $data['Version'],
                'status' => is_plugin_active($file) ? 'active' : 'inactive',
                'update' => $update ? $update->new_version : null,
                'auto_update' => in_array($file, $auto, true),
            );
        }
    } else {
        delete_site_transient('update_themes');
        wp_update_themes();
        $updates = get_site_transient('update_themes');
        $current = get_stylesheet();
        foreach (wp_get_themes() as $hostdeck_slug => $theme) {
            $update = $updates->response[$hostdeck_slug] ?? null;
            $items[] = array(
                'slug' => $hostdeck_slug,
                'name' => $theme->get('Name'),
                'version' => $theme->get('Version'),
                'status' => $hostdeck_slug === $current ? 'active' : 'inactive',
                'update' => $update ? $update['new_version'] : null,
                'auto_update' => in_array($hostdeck_slug, $auto, true),
            );
        }
    }
    return $items;
}

function hd_require_item($hostdeck_type, $hostdeck_slug)
{
    if ($hostdeck_type === 'plugins') {
        $file = hd_plugin_file($hostdeck_slug);
        if ($file === null) {
            hd_fail("the plugin $hostdeck_slug is not installed");
        }
        return $file;
    }
    if (!wp_get_theme($hostdeck_slug)->exists()) {
        hd_fail("the theme $hostdeck_slug is not installed");
    }
    return $hostdeck_slug;
}

function hd_upgrader($hostdeck_type)
{
    require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
    $skin = new Automatic_Upgrader_Skin();
    return $hostdeck_type === 'plugins' ? new Plugin_Upgrader($skin) : new Theme_Upgrader($skin);
}

function hd_upgrade_result($result, $upgrader, $what)
{
    if ($result === true || (is_array($result) && !empty($result))) {
        return;
    }
    $messages = $upgrader->skin->get_upgrade_messages();
    if (is_wp_error($result)) {
        $messages[] = $result->get_error_message();
    }
    if (is_wp_error($upgrader->skin->result)) {
        $messages[] = $upgrader->skin->result->get_error_message();
    }
    hd_fail("$what failed: " . implode(' ', array_map('wp_strip_all_tags', $messages)));
}

/** Replaces $from with $to in a value, inside serialized PHP data too (lengths stay right). */
function hd_replace_deep($value, $from, $to)
{
    if (is_string($value)) {
        $data = @unserialize($value);
        if ($value !== 'b:0;' && $data === false) {
            return str_replace($from, $to, $value);
        }
        return serialize(hd_replace_deep($data, $from, $to));
    }
    if (is_array($value)) {
        $result = array();
        foreach ($value as $key => $item) {
            $result[$key] = hd_replace_deep($item, $from, $to);
        }
        return $result;
    }
    if (is_object($value) && !($value instanceof __PHP_Incomplete_Class)) {
        foreach (get_object_vars($value) as $key => $item) {
            $value->$key = hd_replace_deep($item, $from, $to);
        }
    }
    return $value;
}

/** Replaces $from with $to in every table WordPress keeps text and URLs in; answers how many values changed. */
function hd_replace_everywhere($from, $to)
{
    global $wpdb;
    $changed = 0;
    $targets = array(
        array($wpdb->options, 'option_id', array('option_value')),
        array($wpdb->posts, 'ID', array('post_content', 'post_excerpt', 'guid')),
        array($wpdb->postmeta, 'meta_id', array('meta_value')),
        array($wpdb->usermeta, 'umeta_id', array('meta_value')),
        array($wpdb->comments, 'comment_ID', array('comment_content', 'comment_author_url')),
        array($wpdb->commentmeta, 'meta_id', array('meta_value')),
        array($wpdb->termmeta, 'meta_id', array('meta_value')),
    );
    foreach ($targets as [$table, $key, $columns]) {
        foreach ($columns as $column) {
            $rows = $wpdb->get_results($wpdb->prepare("SELECT `$key` AS id, `$column` AS value FROM `$table` WHERE `$column` LIKE %s", '%' . $wpdb->esc_like($from) . '%'));
            foreach ($rows as $row) {
                $next = hd_replace_deep($row->value, $from, $to);
                if ($next !== $row->value) {
                    $wpdb->update($table, array($column => $next), array($key => $row->id));
                    $changed++;
                }
            }
        }
    }
    return $changed;
}

$hostdeck_type = hd_env('HD_WP_TYPE', 'plugins');
$hostdeck_slug = hd_env('HD_WP_SLUG', '');

switch ($hostdeck_action) {
    case 'install':
        require_once ABSPATH . 'wp-admin/includes/upgrade.php';
        if (is_blog_installed()) {
            hd_out(array('installed' => true, 'already' => true));
        }
        $password = wp_generate_password(32, true, true);
        $result = wp_install(
            hd_env('HD_WP_TITLE', 'WordPress'),
            hd_env('HD_WP_ADMIN', 'admin'),
            hd_env('HD_WP_EMAIL', 'admin@example.com'),
            false,
            '',
            wp_slash($password)
        );
        update_option('siteurl', $hostdeck_url);
        update_option('home', $hostdeck_url);
        update_option('hostdeck_directory_api', $hostdeck_directory ?? 'https://api.wordpress.org', true);
        hd_out(array('installed' => true, 'admin' => hd_env('HD_WP_ADMIN', 'admin'), 'user_id' => $result['user_id']));

    case 'info':
        $admins = array();
        foreach (get_users(array('role' => 'administrator', 'orderby' => 'ID')) as $user) {
            $admins[] = $user->user_login;
        }
        hd_out(array(
            'version' => get_bloginfo('version'),
            'url' => home_url('/'),
            'title' => get_bloginfo('name'),
            'admins' => $admins,
            'wp_rocket' => is_plugin_active('wp-rocket/wp-rocket.php'),
        ));

    case 'list':
        hd_out(array('items' => hd_items($hostdeck_type)));

    case 'search':
        $query = hd_env('HD_WP_QUERY', '');
        $args = array('search' => $query, 'per_page' => 24, 'fields' => array('short_description' => true));
        $found = $hostdeck_type === 'plugins' ? plugins_api('query_plugins', $args) : themes_api('query_themes', $args);
        if (is_wp_error($found)) {
            hd_fail('the directory did not answer: ' . wp_strip_all_tags($found->get_error_message()) . ' ' . wp_json_encode($found->get_error_data()));
        }
        $items = array();
        foreach (($hostdeck_type === 'plugins' ? $found->plugins : $found->themes) as $item) {
            $item = (array) $item;
            $items[] = array(
                'slug' => (string) $item['slug'],
                'name' => wp_strip_all_tags((string) $item['name']),
                'version' => (string) $item['version'],
                'description' => wp_strip_all_tags((string) ($item['short_description'] ?? ($item['description'] ?? ''))),
            );
        }
        hd_out(array('items' => $items));

    case 'install-item':
        $info = $hostdeck_type === 'plugins'
            ? plugins_api('plugin_information', array('slug' => $hostdeck_slug, 'fields' => array('sections' => false)))
            : themes_api('theme_information', array('slug' => $hostdeck_slug, 'fields' => array('sections' => false)));
        if (is_wp_error($info)) {
            hd_fail("$hostdeck_slug is not in the directory: " . wp_strip_all_tags($info->get_error_message()) . ' ' . wp_json_encode($info->get_error_data()));
        }
        $upgrader = hd_upgrader($hostdeck_type);
        hd_upgrade_result($upgrader->install($info->download_link), $upgrader, "installing $hostdeck_slug");
        hd_out(array('installed' => $hostdeck_slug, 'version' => $info->version));

    case 'update':
        $item = hd_require_item($hostdeck_type, $hostdeck_slug);
        if ($hostdeck_type === 'plugins') {
            delete_site_transient('update_plugins');
            wp_update_plugins();
        } else {
            delete_site_transient('update_themes');
            wp_update_themes();
        }
        $upgrader = hd_upgrader($hostdeck_type);
        hd_upgrade_result($upgrader->upgrade($item), $upgrader, "updating $hostdeck_slug");
        wp_clean_plugins_cache();
        $after = array_values(array_filter(hd_items($hostdeck_type), function ($entry) use ($hostdeck_slug) {
            return $entry['slug'] === $hostdeck_slug;
        }));
        hd_out(array('updated' => $hostdeck_slug, 'version' => $after ? $after[0]['version'] : null));

    case 'delete':
        $item = hd_require_item($hostdeck_type, $hostdeck_slug);
        if ($hostdeck_type === 'plugins') {
            if (is_plugin_active($item)) {
                deactivate_plugins($item, true);
            }
            $result = delete_plugins(array($item));
        } else {
            if ($hostdeck_slug === get_stylesheet() || $hostdeck_slug === get_template()) {
                hd_fail("the theme $hostdeck_slug is in use; switch to another theme first");
            }
            $result = delete_theme($hostdeck_slug);
        }
        if ($result !== true) {
            hd_fail("deleting $hostdeck_slug failed" . (is_wp_error($result) ? ': ' . $result->get_error_message() : ''));
        }
        hd_out(array('deleted' => $hostdeck_slug));

    case 'toggle':
        $item = hd_require_item($hostdeck_type, $hostdeck_slug);
        $active = hd_env('HD_WP_ON') === '1';
        if ($hostdeck_type === 'plugins') {
            if ($active) {
                $result = activate_plugin($item);
                if (is_wp_error($result)) {
                    hd_fail($result->get_error_message());
                }
            } else {
                deactivate_plugins($item);
            }
        } elseif ($active) {
            switch_theme($hostdeck_slug);
        } else {
            hd_fail('a theme is turned off by activating another one');
        }
        hd_out(array('slug' => $hostdeck_slug, 'active' => $active));

    case 'auto-update':
        $option = $hostdeck_type === 'plugins' ? 'auto_update_plugins' : 'auto_update_themes';
        $on = hd_env('HD_WP_ON') === '1';
        if ($hostdeck_slug === '*') {
            $all = $hostdeck_type === 'plugins' ? array_keys(get_plugins()) : array_keys(wp_get_themes());
            $list = $on ? $all : array();
        } else {
            $item = hd_require_item($hostdeck_type, $hostdeck_slug);
            $list = array_values(array_diff(hd_auto_updates($hostdeck_type), array($item)));
            if ($on) {
                $list[] = $item;
            }
        }
        update_site_option($option, $list);
        hd_out(array('auto_update' => $list));

    case 'login-token':
        $login = hd_env('HD_WP_USER', '');
        if ($login === '') {
            $first = get_users(array('role' => 'administrator', 'orderby' => 'ID', 'number' => 1));
            $login = $first ? $first[0]->user_login : '';
        }
        $user = get_user_by('login', $login);
        if (!$user || !user_can($user, 'manage_options')) {
            hd_fail("$login is not an administrator of this site");
        }
        $token = bin2hex(random_bytes(32));
        $tokens = (array) get_option('hostdeck_login_tokens', array());
        $now = time();
        foreach ($tokens as $hash => $entry) {
            if (($entry['expires'] ?? 0) < $now) {
                unset($tokens[$hash]);
            }
        }
        $tokens[hash('sha256', $token)] = array('user' => $user->ID, 'expires' => $now + (int) hd_env('HD_WP_TTL', '30'));
        update_option('hostdeck_login_tokens', $tokens, false);
        hd_out(array('token' => $token, 'url' => home_url('/?hostdeck-login=' . $token)));

    case 'users':
        $users = array();
        foreach (get_users(array('orderby' => 'ID')) as $user) {
            $users[] = array(
                'id' => (int) $user->ID,
                'login' => $user->user_login,
                'email' => $user->user_email,
                'role' => (string) (array_values($user->roles)[0] ?? ''),
            );
        }
        hd_out(array('users' => $users));

    case 'user-create':
        $login = hd_env('HD_WP_USER', '');
        if (username_exists($login) || email_exists(hd_env('HD_WP_EMAIL', ''))) {
            hd_fail("a user $login or with that e-mail exists already");
        }
        $id = wp_insert_user(array(
            'user_login' => $login,
            'user_email' => hd_env('HD_WP_EMAIL', ''),
            'user_pass' => wp_generate_password(32, true, true),
            'role' => hd_env('HD_WP_ROLE', 'subscriber'),
        ));
        if (is_wp_error($id)) {
            hd_fail($id->get_error_message());
        }
        hd_out(array('created' => $login, 'id' => $id));

    case 'user-role':
        $user = get_user_by('login', hd_env('HD_WP_USER', ''));
        if (!$user) {
            hd_fail('no such user');
        }
        $role = hd_env('HD_WP_ROLE', 'subscriber');
        if ($role !== 'administrator' && in_array('administrator', $user->roles, true)
            && count(get_users(array('role' => 'administrator', 'fields' => 'ID'))) <= 1) {
            hd_fail('the last administrator keeps the role');
        }
        $user->set_role($role);
        hd_out(array('user' => $user->user_login, 'role' => $role));

    case 'user-reset':
        $user = get_user_by('login', hd_env('HD_WP_USER', ''));
        if (!$user) {
            hd_fail('no such user');
        }
        $key = get_password_reset_key($user);
        if (is_wp_error($key)) {
            hd_fail($key->get_error_message());
        }
        hd_out(array('url' => network_site_url('wp-login.php?action=rp&key=' . $key . '&login=' . rawurlencode($user->user_login), 'login')));

    case 'optimize':
        global $wpdb;
        $log = array();
        $count = function ($label, $sql) use ($wpdb, &$log) {
            $rows = (int) $wpdb->query($sql);
            $log[] = sprintf('%s: %d', $label, $rows);
        };
        $count('post revisions removed', "DELETE FROM {$wpdb->posts} WHERE post_type = 'revision'");
        $count('auto-drafts removed', "DELETE FROM {$wpdb->posts} WHERE post_status = 'auto-draft'");
        $count('trashed posts removed', "DELETE FROM {$wpdb->posts} WHERE post_status = 'trash'");
        $count('orphaned post meta removed', "DELETE pm FROM {$wpdb->postmeta} pm LEFT JOIN {$wpdb->posts} p ON p.ID = pm.post_id WHERE p.ID IS NULL");
        $count('spam and trashed comments removed', "DELETE FROM {$wpdb->comments} WHERE comment_approved IN ('spam', 'trash')");
        $count('orphaned comment meta removed', "DELETE cm FROM {$wpdb->commentmeta} cm LEFT JOIN {$wpdb->comments} c ON c.comment_ID = cm.comment_id WHERE c.comment_ID IS NULL");
        $expired = (int) $wpdb->query($wpdb->prepare(
            "DELETE a, b FROM {$wpdb->options} a JOIN {$wpdb->options} b ON b.option_name = CONCAT('_transient_', SUBSTRING(a.option_name, 20)) WHERE a.option_name LIKE %s AND a.option_value < %d",
            $wpdb->esc_like('_transient_timeout_') . '%',
            time()
        ));
        $log[] = sprintf('expired transients removed: %d', $expired);
        foreach ($wpdb->get_col($wpdb->prepare('SHOW TABLES LIKE %s', $wpdb->esc_like($wpdb->prefix) . '%')) as $table) {
            $wpdb->query('OPTIMIZE TABLE `' . str_replace('`', '', $table) . '`');
            $log[] = "optimized table $table";
        }
        foreach ($log as $line) {
            fwrite(STDERR, $line . "\n");
        }
        hd_out(array('log' => $log));

    case 'wprocket':
        $file = 'wp-rocket/wp-rocket.php';
        if (!array_key_exists($file, get_plugins())) {
            hd_fail('WP Rocket is not installed on this site (upload it as a plugin first)');
        }
        if (hd_env('HD_WP_ON') === '1') {
            $result = activate_plugin($file);
            if (is_wp_error($result)) {
                hd_fail($result->get_error_message());
            }
        } else {
            deactivate_plugins($file);
        }
        hd_out(array('wp_rocket' => is_plugin_active($file)));

    case 'site-url':
        // The site's URL changed (its certificate was turned on or off): WordPress's own home URL,
        // and every link to it in the database, follow. Nothing is written when they already match.
        $to = $hostdeck_url;
        $from = untrailingslashit((string) get_option('home'));
        if ($from === $to) {
            fwrite(STDERR, "WordPress already answers at $to\n");
            hd_out(array('url' => $to, 'replaced' => 0));
        }
        $changed = hd_replace_everywhere($from, $to);
        update_option('home', $to);
        update_option('siteurl', $to);
        wp_cache_flush();
        fwrite(STDERR, "replaced $from with $to in $changed value(s)\n");
        hd_out(array('url' => $to, 'replaced' => $changed));

    case 'search-replace':
        global $wpdb;
        $from = hd_env('HD_WP_FROM', '');
        $to = hd_env('HD_WP_TO', '');
        if ($from === '' || $to === '' || $from === $to) {
            hd_fail('search-replace needs two different domains');
        }
        $changed = hd_replace_everywhere($from, $to);
        wp_cache_flush();
        fwrite(STDERR, "replaced $from with $to in $changed value(s)\n");
        hd_out(array('replaced' => $changed));

    case 'db-defaults':
        // The site's database credentials as a MySQL client options file (the step writes it 0600
        // and passes only its path to mysqldump/mysql: the password is never on a command line).
        $quote = function ($value) {
            return '"' . str_replace(array('\\', '"', "\n", "\r"), array('\\\\', '\\"', '', ''), (string) $value) . '"';
        };
        $host = (string) DB_HOST;
        $lines = array('[client]', 'user=' . $quote(DB_USER), 'password=' . $quote(DB_PASSWORD));
        if ($host !== '' && $host !== 'localhost') {
            if (preg_match('/^([^:]+):([0-9]+)$/', $host, $match)) {
                $lines[] = 'host=' . $quote($match[1]);
                $lines[] = 'port=' . $match[2];
            } elseif (preg_match('/^([^:]*):(\/.+)$/', $host, $match)) {
                $lines[] = 'socket=' . $quote($match[2]);
            } else {
                $lines[] = 'host=' . $quote($host);
            }
        }
        hd_out(array('database' => DB_NAME, 'defaults' => implode("\n", $lines) . "\n"));

    case 'core-upgrade':
        // After the step replaced the core files: WordPress's own database upgrade.
        require_once ABSPATH . 'wp-admin/includes/upgrade.php';
        global $wp_version, $wp_db_version;
        wp_upgrade();
        hd_out(array('version' => $wp_version, 'db_version' => (int) get_option('db_version'), 'expected_db_version' => (int) $wp_db_version));

    case 'login-revoke':
        delete_option('hostdeck_login_tokens');
        hd_out(array('revoked' => true));

    default:
        hd_fail("unknown action $hostdeck_action");
}
