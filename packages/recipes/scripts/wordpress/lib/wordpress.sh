# shellcheck shell=bash
# WordPress (recipes wordpress-*, packages/recipes/src/wordpress): the panel's tool run as the site
# user, the cron line and the front-page check. Values come from HD_* inputs the panel validated.

# hd_wp_tool ACTION [NAME=VALUE...]  Runs the panel's tool with ACTION as the site user (user,
# web_root and php set by the step) in the site's web root, with a clean environment holding only
# the given HD_WP_* values and the site's URL and directory API. Prints the tool's JSON.
# shellcheck disable=SC2154 # site, user, web_root and php are set by the calling step.
hd_wp_tool() {
  local action=$1
  shift
  (cd "$web_root" && runuser -u "$user" -- env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="/home/$user" \
    HD_WP_ACTION="$action" HD_WP_URL="$HD_WP_URL" HD_WP_DIRECTORY="${HD_WP_DIRECTORY:-}" "$@" \
    "$php" -d memory_limit=256M /usr/local/lib/hostdeck/wordpress/hostdeck-wp.php)
}

# hd_wp_cron_line  The site user's crontab runs wp-cron.php every 5 minutes: one line marked
# `# hostdeck-wordpress SITE`, replaced when it differs.
# shellcheck disable=SC2154 # site, user, web_root and php are set by the calling step.
hd_wp_cron_line() {
  local marker="# hostdeck-wordpress $site" line current next
  line="*/5 * * * * cd $web_root && $php wp-cron.php >/dev/null 2>&1 $marker"
  current=$(crontab -u "$user" -l 2>/dev/null || true)
  if grep -qxF -- "$line" <<<"$current"; then return 0; fi
  next=$(grep -vF -- "$marker" <<<"$current" || true)
  printf '%s\n%s\n' "$next" "$line" | sed '/^$/d' | crontab -u "$user" - || return 1
  hd_log change "the crontab of $user runs wp-cron.php of $site every 5 minutes"
}

# hd_wp_answers PATH  Succeeds when HD_WP_URL + PATH answers below 500 without a PHP fatal
# (asked of this server itself, with the site's name).
hd_wp_answers() {
  local host scheme body code
  scheme=${HD_WP_URL%%://*}
  host=${HD_WP_URL#*://}
  host=${host%%/*}
  body=$(curl -sk -L --max-redirs 3 --max-time 60 --resolve "$host:80:127.0.0.1" --resolve "$host:443:127.0.0.1" \
    -w '\n%{http_code}' -- "$scheme://$host$1" 2>/dev/null) || return 1
  code=${body##*$'\n'}
  if ((code >= 500)) || grep -qiE 'Fatal error|critical error on (this|your) website' <<<"$body"; then
    hd_log warn "$1 answered $code with a PHP error"
    return 1
  fi
  hd_log info "$1 answered $code"
}

# hd_wp_check_site  The home page and wp-login.php both answer without a PHP fatal.
hd_wp_check_site() {
  hd_wp_answers / && hd_wp_answers /wp-login.php
}

# hd_wp_panel_files  Puts the panel's tool (root's, 0644, in /usr/local/lib/hostdeck/wordpress)
# and its must-use plugin (written by the site user) back as the panel ships them (HD_WP_TOOL,
# HD_WP_MU_PLUGIN) when they differ.
# shellcheck disable=SC2154 # user and web_root are set by the calling step.
hd_wp_panel_files() {
  local tool_dir=/usr/local/lib/hostdeck/wordpress mu="$web_root/wp-content/mu-plugins/hostdeck.php"
  install -d -m 0755 -o root -g root /usr/local/lib/hostdeck "$tool_dir" || return 1
  if ! printf '%s\n' "$HD_WP_TOOL" | cmp -s - "$tool_dir/hostdeck-wp.php"; then
    printf '%s\n' "$HD_WP_TOOL" | hd_write_atomic "$tool_dir/hostdeck-wp.php" 0644 root:root || return 1
  fi
  if ! printf '%s\n' "$HD_WP_MU_PLUGIN" | runuser -u "$user" -- cmp -s - "$mu" 2>/dev/null; then
    runuser -u "$user" -- mkdir -p -- "$web_root/wp-content/mu-plugins" || return 1
    # shellcheck disable=SC2016 # the script of bash -c gets its values as arguments.
    printf '%s\n' "$HD_WP_MU_PLUGIN" | runuser -u "$user" -- bash -c 'cat > "$1.new" && chmod 0644 "$1.new" && mv -f "$1.new" "$1"' write "$mu" || return 1
  fi
}

# hd_wp_tarball VAR  Sets VAR to root's copy of the WordPress tarball from HD_WP_DOWNLOAD_URL,
# downloaded into root's private cache and checked against HD_WP_SHA256 when set (kept by its
# SHA-256 then; without one it is downloaded again each time, and its sum is logged).
hd_wp_tarball() {
  local hd_wpt_cache="" hd_wpt_expected=${HD_WP_SHA256:-} hd_wpt_file hd_wpt_partial="" hd_wpt_sum
  hd_private_dir hd_wpt_cache wordpress
  hd_wpt_file="$hd_wpt_cache/wordpress-${hd_wpt_expected:-latest}.tar.gz"
  if [[ -z $hd_wpt_expected ]]; then rm -f -- "$hd_wpt_file"; fi
  if [[ ! -f $hd_wpt_file ]]; then
    hd_temp_file hd_wpt_partial
    curl -fsSL --max-time 300 -o "$hd_wpt_partial" -- "$HD_WP_DOWNLOAD_URL" || hd_fail "the download of $HD_WP_DOWNLOAD_URL failed"
    hd_wpt_sum=$(sha256sum -- "$hd_wpt_partial" | cut -d' ' -f1)
    if [[ -n $hd_wpt_expected ]]; then
      [[ $hd_wpt_sum == "$hd_wpt_expected" ]] || hd_fail "the download has SHA-256 $hd_wpt_sum, not $hd_wpt_expected; it was not used"
      hd_log change "downloaded $HD_WP_DOWNLOAD_URL (SHA-256 checked)"
    else
      hd_log warn "downloaded $HD_WP_DOWNLOAD_URL (SHA-256 $hd_wpt_sum; no expected SHA-256 is set, so it was not checked)"
    fi
    mv -- "$hd_wpt_partial" "$hd_wpt_file"
  fi
  printf -v "$1" '%s' "$hd_wpt_file"
}
