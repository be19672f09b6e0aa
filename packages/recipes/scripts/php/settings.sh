#!/usr/bin/env bash
# php-settings: the panel's limits and OPcache of PHP VERSION, everywhere they apply at once:
#   /etc/php/VERSION/fpm/conf.d/99-hostdeck.ini  upload_max_filesize, post_max_size,
#                                                max_execution_time, opcache.enable
#   /etc/php/VERSION/cli/conf.d/99-hostdeck.ini  upload_max_filesize, post_max_size (the command
#                                                line keeps no time limit: cron jobs, workers)
#   each pool of VERSION that the panel manages (site-apply): request_terminate_timeout and the
#     php_admin_value limits (lib/php.sh hd_php_pool_limits)
#   each of those sites' web server include /etc/{nginx,apache2}/hostdeck/SITE/php-limits.conf:
#     client_max_body_size + fastcgi_read_timeout, or LimitRequestBody + ProxyTimeout
# Checked with php-fpmVERSION -t, then nginx -t / apachectl configtest; php-fpm and the web
# servers are reloaded (never restarted). Anything refused puts every file back as it was.
# Pools made by hand (no HostDeck marker) are left alone.
# Input: HD_PHP_VERSION, HD_PHP_UPLOAD_MB, HD_PHP_EXECUTION_TIME, HD_PHP_OPCACHE (0|1).
set -euo pipefail

version=${HD_PHP_VERSION:?HD_PHP_VERSION is required}
upload=${HD_PHP_UPLOAD_MB:?HD_PHP_UPLOAD_MB is required}
execution=${HD_PHP_EXECUTION_TIME:?HD_PHP_EXECUTION_TIME is required}
opcache=${HD_PHP_OPCACHE:?HD_PHP_OPCACHE is required}
[[ $upload =~ ^[1-9][0-9]{0,4}$ && $execution =~ ^[1-9][0-9]{0,4}$ && $opcache =~ ^[01]$ ]] ||
  hd_fail "invalid PHP settings"
cd /
command -v "php-fpm$version" >/dev/null || hd_fail "PHP $version is not installed on this server"

# shellcheck disable=SC2154 # lib/php.sh.
fpm_ini() {
  printf '; Managed by HostDeck (recipe php-settings): the limits of PHP %s. Local changes are replaced.\n' "$version"
  printf 'upload_max_filesize = %sM\n' "$upload"
  printf 'post_max_size = %sM\n' "$((upload + hd_php_post_margin_mb))"
  printf 'max_execution_time = %s\n' "$execution"
  printf 'opcache.enable = %s\n' "$opcache"
}
# shellcheck disable=SC2154 # lib/php.sh.
cli_ini() {
  printf '; Managed by HostDeck (recipe php-settings): the limits of PHP %s. Local changes are replaced.\n' "$version"
  printf 'upload_max_filesize = %sM\n' "$upload"
  printf 'post_max_size = %sM\n' "$((upload + hd_php_post_margin_mb))"
}

php_changed=0
hd_php_stage "/etc/php/$version/fpm/conf.d/99-hostdeck.ini" < <(fpm_ini)
if hd_config_was_changed; then php_changed=1; fi
if [[ -d /etc/php/$version/cli/conf.d ]]; then
  hd_php_stage "/etc/php/$version/cli/conf.d/99-hostdeck.ini" < <(cli_ini)
fi

# The panel's pools of VERSION: its sites (their names are domains, as site-apply wrote them).
sites=()
limit_pattern='^(request_terminate_timeout|php_admin_value\[(upload_max_filesize|post_max_size|max_execution_time)\])[[:space:]]*='
for pool in "/etc/php/$version/fpm/pool.d/"*.conf; do
  [[ -f $pool ]] || continue
  head -n 1 -- "$pool" | grep -q '^; Managed by HostDeck' || continue
  site=${pool##*/}
  site=${site%.conf}
  [[ $site =~ ^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$ ]] || continue
  sites+=("$site")
  hd_php_stage "$pool" < <(grep -vE "$limit_pattern" -- "$pool" || true; hd_php_pool_limits "$upload" "$execution")
  if hd_config_was_changed; then php_changed=1; fi
done

if ! hd_php_fpm_test "$version"; then
  hd_php_roll_back
  hd_fail "php-fpm$version rejected the settings (its output is above); nothing was changed"
fi

nginx_changed=0
apache_changed=0
for site in "${sites[@]}"; do
  if [[ -f /etc/nginx/sites-available/$site.conf ]]; then
    hd_php_stage "/etc/nginx/hostdeck/$site/php-limits.conf" < <(hd_php_web_limits nginx "$site" "$version" "$upload" "$execution")
    if hd_config_was_changed; then nginx_changed=1; fi
  fi
  if [[ -f /etc/apache2/sites-available/$site.conf ]]; then
    hd_php_stage "/etc/apache2/hostdeck/$site/php-limits.conf" < <(hd_php_web_limits apache2 "$site" "$version" "$upload" "$execution")
    if hd_config_was_changed; then apache_changed=1; fi
  fi
done
if ((nginx_changed)) && ! output=$(nginx -t 2>&1); then
  printf '%s\n' "$output" >&2
  hd_php_roll_back
  hd_fail "nginx rejected the new limits (its output is above); nothing was changed"
fi
if ((apache_changed)) && ! output=$(apachectl configtest 2>&1); then
  printf '%s\n' "$output" >&2
  hd_php_roll_back
  hd_fail "apache2 rejected the new limits (its output is above); nothing was changed"
fi

if ((php_changed)) && systemctl is-active --quiet -- "php$version-fpm"; then
  if ! hd_php_fpm_reload "$version"; then
    hd_php_roll_back
    hd_php_fpm_reload "$version" || true
    hd_fail "php$version-fpm refused the settings (its messages are above); the previous ones were put back"
  fi
fi
if ((nginx_changed)) && systemctl is-active --quiet nginx; then hd_reload_service nginx; fi
if ((apache_changed)) && systemctl is-active --quiet apache2; then hd_reload_service apache2; fi
hd_log info "PHP $version: upload ${upload} MB, execution ${execution} s, OPcache $([[ $opcache == 1 ]] && echo on || echo off), ${#sites[@]} site(s)"
