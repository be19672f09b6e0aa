<?php
/**
 * Plugin Name: HostDeck
 * Description: Installed by the HostDeck panel: single-use sign-in links, and WordPress's directory calls sent to the panel's directory API. Do not edit; the panel puts it back.
 */

if (!defined('ABSPATH')) {
    exit;
}

/** The directory API WordPress's own calls go to (the panel's setting; wordpress.org by default). */
function hostdeck_directory_api()
{
    $api = get_option('hostdeck_directory_api');
    return is_string($api) && preg_match('~^https?://[^/?#\s]+(/[^?#\s]*)?$~', $api) ? rtrim($api, '/') : 'https://api.wordpress.org';
}

add_filter('pre_http_request', function ($response, $args, $url) {
    static $inside = false;
    $api = hostdeck_directory_api();
    if ($inside || $api === 'https://api.wordpress.org' || !preg_match('#^https?://api\.wordpress\.org(/.*)?$#', $url, $match)) {
        return $response;
    }
    $inside = true;
    $result = wp_remote_request($api . ($match[1] ?? '/'), $args);
    $inside = false;
    return $result;
}, 10, 3);

/** The directory's host may be a private address and any port (a mirror of your own). */
add_filter('http_request_host_is_external', function ($external, $host) {
    return $external || $host === parse_url(hostdeck_directory_api(), PHP_URL_HOST);
}, 10, 2);
add_filter('http_allowed_safe_ports', function ($ports) {
    $port = parse_url(hostdeck_directory_api(), PHP_URL_PORT);
    if ($port) {
        $ports[] = (int) $port;
    }
    return $ports;
});

/** ?hostdeck-login=TOKEN: a link the panel made, valid once and for seconds only. */
add_action('init', function () {
    if (!isset($_GET['hostdeck-login']) || !is_string($_GET['hostdeck-login'])) {
        return;
    }
    nocache_headers();
    $token = $_GET['hostdeck-login'];
    $tokens = (array) get_option('hostdeck_login_tokens', array());
    $hash = preg_match('/^[0-9a-f]{64}$/', $token) ? hash('sha256', $token) : '';
    $entry = $hash !== '' ? ($tokens[$hash] ?? null) : null;
    if ($entry !== null) {
        unset($tokens[$hash]);
        update_option('hostdeck_login_tokens', $tokens, false);
    }
    if ($entry === null || ($entry['expires'] ?? 0) < time()) {
        wp_die('This sign-in link is invalid or has expired. Open a new one from the panel.', 'Sign-in link expired', array('response' => 403));
    }
    $user = get_user_by('id', (int) $entry['user']);
    if (!$user || !user_can($user, 'manage_options')) {
        wp_die('This sign-in link is invalid or has expired. Open a new one from the panel.', 'Sign-in link expired', array('response' => 403));
    }
    wp_set_current_user($user->ID);
    wp_set_auth_cookie($user->ID, false, is_ssl());
    do_action('wp_login', $user->user_login, $user);
    wp_safe_redirect(admin_url('/'));
    exit;
}, 1);
