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

# hd_php_fpm_setting VERSION KEY  Prints the absolute path KEY (pid, error_log) is set to in
# php-fpm.conf of VERSION ('' when it is not set, or not to a path).
hd_php_fpm_setting() {
  local value
  value=$(sed -n -E "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*([^;[:space:]]+).*/\1/p" \
    "/etc/php/$1/fpm/php-fpm.conf" 2>/dev/null | tail -n 1)
  if [[ $value == /* ]]; then printf '%s' "$value"; fi
}

# A FastCGI request for a script that does not exist, as nginx would send it: any complete answer
# (php-fpm's "File not found.") proves that the pool took the connection and started a worker as
# its user. Reads the socket from HD_PROBE_SOCKET; exit 0 once FCGI_END_REQUEST arrives.
# shellcheck disable=SC2016 # PHP code, not shell.
hd_php_fpm_probe_code='
$socket = getenv("HD_PROBE_SOCKET");
$connection = @stream_socket_client("unix://" . $socket, $code, $message, 5);
if (!$connection) { fwrite(STDERR, "cannot connect to $socket: $message\n"); exit(1); }
stream_set_timeout($connection, 5);
$record = function ($type, $content) { return pack("CCnnCx", 1, $type, 1, strlen($content), 0) . $content; };
$params = "";
foreach (["SCRIPT_FILENAME" => "/nonexistent/hostdeck-probe.php", "SCRIPT_NAME" => "/hostdeck-probe.php",
  "REQUEST_METHOD" => "GET", "SERVER_PROTOCOL" => "HTTP/1.1", "GATEWAY_INTERFACE" => "CGI/1.1"] as $name => $value) {
  $params .= chr(strlen($name)) . chr(strlen($value)) . $name . $value;
}
fwrite($connection, $record(1, pack("nCx5", 1, 0)) . $record(4, $params) . $record(4, "") . $record(5, ""));
$answer = "";
while (!feof($connection)) {
  $chunk = fread($connection, 8192);
  if ($chunk === false || ($chunk === "" && stream_get_meta_data($connection)["timed_out"])) break;
  $answer .= $chunk;
}
for ($offset = 0; $offset + 8 <= strlen($answer); $offset += 8 + $header["length"] + $header["padding"]) {
  $header = unpack("Cversion/Ctype/nid/nlength/Cpadding", substr($answer, $offset, 8));
  if ($header["type"] === 3) exit(0);
}
fwrite(STDERR, "$socket closed the connection without an answer\n");
exit(1);
'

# hd_php_fpm_answers VERSION SOCKET  Succeeds when SOCKET is a socket owned by www-data (mode 0660)
# and answers a FastCGI request (with the PHP command line of VERSION, or any other).
hd_php_fpm_answers() {
  local php
  [[ -S $2 && $(stat -c '%U:%G %a' -- "$2") == 'www-data:www-data 660' ]] || return 1
  php=$(command -v "php$1" || command -v php) || return 0
  HD_PROBE_SOCKET=$2 "$php" -n -r "$hd_php_fpm_probe_code" 2>/dev/null
}

# hd_php_fpm_reload VERSION [SOCKET]
# Reloads php<VERSION>-fpm (restarts it when it is not running) and succeeds only once the new
# configuration serves: the master has read it again (it rewrites its pid file, removed here
# first; without one, a second passes), the service is active, and SOCKET, when given, answers
# (hd_php_fpm_answers), so an answer never comes from a worker of the old master. php-fpm -t
# does not check everything a start does: a pool running as root, or in root's group, passes it,
# then php-fpm stops at the reload and every site of that version answers 502. On failure prints
# php-fpm's own messages (its error log since the reload, its journal) on stderr and returns 1.
hd_php_fpm_reload() {
  local version=$1 socket=${2:-} service="php$1-fpm" pid_file log_file log_size=0 since deadline
  pid_file=$(hd_php_fpm_setting "$version" pid)
  log_file=$(hd_php_fpm_setting "$version" error_log)
  log_file=${log_file:-/var/log/php$version-fpm.log}
  if [[ -f $log_file ]]; then log_size=$(stat -c %s -- "$log_file"); fi
  since=$(date '+%Y-%m-%d %H:%M:%S')
  if [[ -n $pid_file ]]; then rm -f -- "$pid_file"; fi
  if systemctl is-active --quiet -- "$service"; then
    systemctl reload -- "$service" || true
  else
    systemctl reset-failed -- "$service" 2>/dev/null || true
    systemctl restart -- "$service" 2>/dev/null || true
  fi
  if [[ -z $pid_file ]]; then sleep 1; fi
  deadline=$((SECONDS + 20))
  while ((SECONDS < deadline)); do
    if systemctl is-active --quiet -- "$service" && { [[ -z $pid_file ]] || [[ -s $pid_file ]]; } &&
      { [[ -z $socket ]] || hd_php_fpm_answers "$version" "$socket"; }; then
      hd_log change "reloaded $service"
      return 0
    fi
    # Failed for good: no need to wait any longer.
    if systemctl is-failed --quiet -- "$service"; then break; fi
    sleep 0.1
  done
  {
    printf '%s did not come back with the new configuration:\n' "$service"
    if [[ -f $log_file ]]; then tail -c "+$((log_size + 1))" -- "$log_file" | tail -n 20; fi
    if command -v journalctl >/dev/null; then
      journalctl --no-pager -o cat -n 20 -u "$service" --since "$since" 2>/dev/null || true
    fi
  } >&2
  return 1
}

# ---- PHP limits (issue 16; recipes php-settings and site-apply render them alike)
# The margins: post_max_size and the web server's body limit leave room for the multipart
# envelope around the largest upload; the pool and the web server wait longer than PHP runs, so
# PHP's own "maximum execution time exceeded" is what a user sees, never a 502 or a 504.
hd_php_post_margin_mb=8
hd_php_timeout_margin_seconds=30

# hd_php_pool_limits UPLOAD_MB EXECUTION_SECONDS  The lines of a site's pool that carry its limits.
hd_php_pool_limits() {
  printf 'request_terminate_timeout = %ss\n' "$(($2 + hd_php_timeout_margin_seconds))"
  printf 'php_admin_value[upload_max_filesize] = %sM\n' "$1"
  printf 'php_admin_value[post_max_size] = %sM\n' "$(($1 + hd_php_post_margin_mb))"
  printf 'php_admin_value[max_execution_time] = %s\n' "$2"
}

# hd_php_web_limits WEB_SERVER SITE PHP_VERSION UPLOAD_MB EXECUTION_SECONDS  The web server's
# per-site include /etc/{nginx,apache2}/hostdeck/SITE/php-limits.conf, on stdout.
hd_php_web_limits() {
  local body=$(($4 + hd_php_post_margin_mb)) timeout=$(($5 + hd_php_timeout_margin_seconds))
  printf '# Managed by HostDeck: the PHP %s limits of %s (upload %s MB, execution %s s). Local changes are replaced.\n' "$3" "$2" "$4" "$5"
  case $1 in
    nginx)
      printf 'client_max_body_size %sm;\n' "$body"
      printf 'fastcgi_read_timeout %ss;\n' "$timeout"
      printf 'fastcgi_send_timeout %ss;\n' "$timeout"
      ;;
    apache2)
      # Apache takes at most 2 GiB - 1 here; above, no limit (PHP's own limits still apply).
      if ((body * 1024 * 1024 > 2147483647)); then printf 'LimitRequestBody 0\n'; else printf 'LimitRequestBody %s\n' "$((body * 1024 * 1024))"; fi
      printf 'ProxyTimeout %s\n' "$timeout"
      ;;
  esac
}

# ---- A change of several files that stands or falls as one (recipes php-*): hd_php_stage writes
# each file (keeping the previous one in a private folder), hd_php_roll_back puts every one back.
hd_php_staged=()
hd_php_staged_backups=()
hd_php_stage_dir=""

# shellcheck disable=SC2034 # hd_config_changed is read by hd_config_was_changed (lib/files.sh).
# hd_php_stage PATH [MODE]  Writes stdin to PATH (atomically, MODE 0644 by default, root's) unless
# it already holds exactly that; the previous file (or its absence) is kept for hd_php_roll_back.
# Succeeds with hd_config_changed=1 when PATH changed.
hd_php_stage() {
  local target=$1 mode=${2:-0644} temp backup=""
  hd_config_changed=0
  if [[ -z $hd_php_stage_dir ]]; then hd_temp_dir hd_php_stage_dir || return 1; fi
  mkdir -p -- "$(dirname -- "$target")" || return 1
  hd_temp_beside temp "$target" || return 1
  cat >"$temp" || return 1
  if [[ -f $target ]] && cmp -s -- "$temp" "$target"; then
    rm -f -- "$temp"
    return 0
  fi
  if [[ -e $target ]]; then
    backup="$hd_php_stage_dir/${#hd_php_staged[@]}"
    cp -a -- "$target" "$backup" || return 1
    chmod --reference="$target" -- "$temp" || return 1
    chown --reference="$target" -- "$temp" || return 1
  else
    chmod -- "$mode" "$temp" || return 1
    chown root:root -- "$temp" || return 1
  fi
  mv -f -- "$temp" "$target" || return 1
  hd_php_staged+=("$target")
  hd_php_staged_backups+=("$backup")
  hd_config_changed=1
  hd_log change "wrote $target"
}

# shellcheck disable=SC2034 # as above.
# hd_php_unstage PATH  Removes PATH (kept for hd_php_roll_back like a staged change).
hd_php_unstage() {
  local target=$1 backup
  hd_config_changed=0
  [[ -e $target ]] || return 0
  if [[ -z $hd_php_stage_dir ]]; then hd_temp_dir hd_php_stage_dir || return 1; fi
  backup="$hd_php_stage_dir/${#hd_php_staged[@]}"
  cp -a -- "$target" "$backup" || return 1
  rm -f -- "$target" || return 1
  hd_php_staged+=("$target")
  hd_php_staged_backups+=("$backup")
  hd_config_changed=1
  hd_log change "removed $target"
}

# hd_php_roll_back  Puts every staged file back as it was (newest first).
hd_php_roll_back() {
  local index
  for ((index = ${#hd_php_staged[@]} - 1; index >= 0; index--)); do
    hd_restore_config "${hd_php_staged[index]}" "${hd_php_staged_backups[index]}" ||
      hd_log error "could not put ${hd_php_staged[index]} back"
  done
  if ((${#hd_php_staged[@]} > 0)); then hd_log warn "put back ${#hd_php_staged[@]} file(s) as they were"; fi
  hd_php_staged=()
  hd_php_staged_backups=()
}

# hd_php_fpm_test VERSION  php-fpmVERSION -t, failing also on the warnings php prints for a broken
# php.ini (a syntax error there is only a warning to php-fpm -t); its own output on stderr.
hd_php_fpm_test() {
  local output status=0
  output=$("php-fpm$1" -t 2>&1) || status=$?
  if ((status != 0)) || grep -qiE 'syntax error|PHP (Parse|Fatal) error|PHP Warning|ERROR:' <<<"$output"; then
    printf '%s\n' "$output" | grep -v '^$' >&2
    return 1
  fi
}

# hd_php_cli_test VERSION  The CLI reads its php.ini without a warning; its own output on stderr.
hd_php_cli_test() {
  local output status=0
  output=$("php$1" -r 'echo "ok";' 2>&1) || status=$?
  if ((status != 0)) || [[ $output != ok ]]; then
    printf '%s\n' "$output" | grep -v '^$' >&2
    return 1
  fi
}
