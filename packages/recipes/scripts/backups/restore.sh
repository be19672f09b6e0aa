#!/usr/bin/env bash
# backup-verify, backup-restore and backup-download (src/backups/backup-restore-recipes.ts): one
# script, the part chosen by HD_RECIPE_ID (set by the builder). The layout they read is
# docs/backups.md: a config's settings in /etc/hostdeck/backups/<config-id>/, and inside every
# snapshot the sites' roots and /var/lib/hostdeck/backups/<config-id>/staging/{manifest.json,
# databases/<engine>/<name>.sql}. Every HD_* value is checked again here with the panel's grammar.
set -Eeuo pipefail

# ---------------------------------------------------------------------------------------------
# Shared functions

bk_etc=/etc/hostdeck/backups
bk_state=/var/lib/hostdeck/backups
bk_restic_minimum=0.14.0

# A hung SSH session ends the step with a signal: run the EXIT trap (scratch, throw-away databases).
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

bk_check_id() { # VALUE WHAT
  if ! [[ $1 =~ ^[1-9][0-9]{0,9}$ ]] || (($1 > 2147483647)); then hd_fail "invalid $2"; fi
}

bk_check_snapshot() {
  [[ $1 =~ ^[0-9a-f]{8,64}$ ]] || hd_fail "invalid snapshot id"
}

# bk_check_path PATH WHAT  An absolute path of the panel's narrow grammar (contracts
# absolutePathSchema): segments of [A-Za-z0-9._@+=,:-], no `.` or `..` segment, not `/` alone.
bk_check_path() {
  [[ $1 =~ ^(/[A-Za-z0-9._@+=,:-]+)+$ && ${#1} -le 4096 && $1/ != */./* && $1/ != */../* ]] || hd_fail "invalid $2"
}

# bk_check_relative PATH  A path inside a site's root (restorePathInputSchema): segments of
# [A-Za-z0-9._-], none starting with `-`, no `.` or `..`.
bk_check_relative() {
  [[ $1 =~ ^[A-Za-z0-9._][A-Za-z0-9._-]*(/[A-Za-z0-9._][A-Za-z0-9._-]*)*$ && ${#1} -le 1024 &&
    /$1/ != */./* && /$1/ != */../* ]] || hd_fail "invalid path inside the site"
}

bk_check_engine() {
  case $1 in
    mariadb | mysql | postgresql) ;;
    *) hd_fail "invalid database engine" ;;
  esac
}

# bk_check_database NAME  The panel's database grammar, never a system database.
bk_check_database() {
  [[ $1 =~ ^[A-Za-z][A-Za-z0-9_]{0,63}$ ]] || hd_fail "invalid database name"
  case ${1,,} in
    mysql | information_schema | performance_schema | sys | postgres | template0 | template1)
      hd_fail "$1 is a system database"
      ;;
  esac
}

# bk_progress PERCENT MESSAGE  The progress line the event draws as a bar.
bk_progress() {
  hd_log info "progress $1% $2"
}

# bk_json_string TEXT  TEXT as a JSON string (control characters become spaces).
bk_json_string() {
  local text=${1//[$'\001'-$'\037'$'\177']/ }
  text=${text//\\/\\\\}
  text=${text//\"/\\\"}
  printf '"%s"' "$text"
}

# bk_require_tools  restic (>= 0.14.0) and jq (the manifest is JSON).
bk_require_tools() {
  command -v restic >/dev/null || hd_fail "restic is not installed on this server (run the backup installation first)"
  local version
  version=$(restic version 2>/dev/null | awk '{ print $2; exit }')
  [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || hd_fail "the restic version could not be read"
  if [[ $(printf '%s\n%s\n' "$bk_restic_minimum" "$version" | sort -V | head -n 1) != "$bk_restic_minimum" ]]; then
    hd_fail "restic $version is older than $bk_restic_minimum"
  fi
  if ! command -v jq >/dev/null; then
    hd_apt_install jq || hd_fail "jq could not be installed"
  fi
}

# bk_root_folder PATH MODE  Makes PATH a root-owned folder with MODE (parents must exist), refusing
# a link or a file in its place.
bk_root_folder() {
  if [[ -L $1 || (-e $1 && ! -d $1) ]]; then
    hd_fail "$1 is not a folder; refusing to use it"
  fi
  [[ -d $1 ]] || mkdir -m "$2" -- "$1"
  chown root:root -- "$1"
  chmod "$2" -- "$1"
}

# bk_scratch VARIABLE  A new folder /var/lib/hostdeck/backups/scratch/<random> (0700), removed
# when the step exits, however it exits.
bk_scratch() {
  local bk_s_base=$bk_state/scratch bk_s_temp
  [[ -d /var/lib/hostdeck ]] || mkdir -m 0755 -- /var/lib/hostdeck
  bk_root_folder "$bk_state" 0700
  bk_root_folder "$bk_s_base" 0700
  bk_s_temp=$(mktemp -d -- "$bk_s_base/restore.XXXXXXXX")
  hd_cleanup_paths+=("$bk_s_temp")
  printf -v "$1" '%s' "$bk_s_temp"
}

# Set by bk_use_config / bk_use_source: restic's options and environment.
bk_restic_options=()

# bk_hex_to_file HEX FILE  Writes the bytes of HEX into FILE (0600), a trailing newline kept.
bk_hex_to_file() {
  local escaped
  [[ $1 =~ ^([0-9a-f]{2})*$ ]] || hd_fail "invalid secret on stdin"
  # shellcheck disable=SC2001 # every pair of hex digits becomes \xNN (printf %b decodes them).
  escaped=$(sed 's/../\\x&/g' <<<"$1")
  (umask 077 && printf '%b' "$escaped" >"$2")
  chmod 0600 -- "$2"
}

# bk_sftp_command KEY KNOWN_HOSTS PORT USER HOST  restic's sftp.command: ssh with the drive's key,
# the pinned host key when there is one (else the first one seen, kept for this step only).
bk_sftp_command() {
  local key=$1 known=$2 port=$3 user=$4 host=$5 strict=yes
  if ! [[ $port =~ ^[1-9][0-9]{0,4}$ ]] || ((port > 65535)); then hd_fail "invalid SFTP port"; fi
  [[ $user =~ ^[a-z_][a-z0-9_-]{0,31}$ ]] || hd_fail "invalid SFTP user"
  [[ $host =~ ^[a-z0-9][a-z0-9.-]{0,252}$ ]] || hd_fail "invalid SFTP host"
  [[ -s $known ]] || strict=accept-new
  bk_restic_options+=(-o "sftp.command=ssh -i $key -p $port -o BatchMode=yes -o IdentitiesOnly=yes -o UserKnownHostsFile=$known -o StrictHostKeyChecking=$strict -o ConnectTimeout=30 -o ServerAliveInterval=30 $user@$host -s sftp")
}

# bk_use_config CONFIG_ID SCRATCH  The repository of a config of this server: its env (read line
# by line, never sourced), password file and SFTP key.
bk_use_config() {
  local folder=$bk_etc/$1 line key value sftp_host="" sftp_port="" sftp_user=""
  [[ -d $folder && ! -L $folder && -f $folder/env && -f $folder/password ]] ||
    hd_fail "there is no backup configuration $1 on this server"
  [[ $(stat -c %u -- "$folder") == 0 ]] || hd_fail "$folder is not root's; refusing to use it"
  unset RESTIC_REPOSITORY AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_DEFAULT_REGION
  while IFS= read -r line || [[ -n $line ]]; do
    [[ -n $line ]] || continue
    [[ $line =~ ^([A-Z0-9_]+)=(.*)$ ]] || hd_fail "$folder/env has a line that is not KEY=value"
    key=${BASH_REMATCH[1]}
    value=${BASH_REMATCH[2]}
    [[ $value != *[$'\001'-$'\037'$'\177']* ]] || hd_fail "$folder/env: $key holds a control character"
    case $key in
      RESTIC_REPOSITORY | AWS_ACCESS_KEY_ID | AWS_SECRET_ACCESS_KEY | AWS_DEFAULT_REGION) export "$key=$value" ;;
      SFTP_HOST) sftp_host=$value ;;
      SFTP_PORT) sftp_port=$value ;;
      SFTP_USER) sftp_user=$value ;;
      *) ;;
    esac
  done <"$folder/env"
  [[ -n ${RESTIC_REPOSITORY:-} ]] || hd_fail "$folder/env has no RESTIC_REPOSITORY"
  export RESTIC_PASSWORD_FILE=$folder/password
  bk_restic_options=()
  if [[ $RESTIC_REPOSITORY == sftp:* ]]; then
    [[ -f $folder/sftp_key ]] || hd_fail "$folder has no sftp_key"
    bk_sftp_command "$folder/sftp_key" "$folder/known_hosts" "$sftp_port" "$sftp_user" "$sftp_host"
  fi
}

# bk_use_source SCRATCH  Another server's repository (a restore onto this server): the drive of
# HD_BACKUP_DRIVE_* and HD_BACKUP_SERVER_ID, the password and the drive's secret from stdin
# (`name<TAB>hex` lines), kept in SCRATCH/source (0700) for this step only.
bk_use_source() {
  local folder=$1/source name hex password="" secret="" kind server path lines=0
  kind=${HD_BACKUP_DRIVE_KIND:?HD_BACKUP_DRIVE_KIND is required}
  server=${HD_BACKUP_SERVER_ID:?HD_BACKUP_SERVER_ID is required}
  bk_check_id "$server" "server id"
  mkdir -m 0700 -- "$folder"
  # Bounded (length, lines, time): an endless stdin must not grow this shell.
  while IFS=$'\t' read -t 300 -r -n 33000 name hex; do
    ((++lines <= 8 && ${#name} + ${#hex} < 32990)) || hd_fail "invalid secret on stdin"
    case $name in
      password) password=$hex ;;
      secret) secret=$hex ;;
      '') ;;
      *) hd_fail "unknown secret on stdin" ;;
    esac
  done
  [[ -n $password ]] || hd_fail "the repository password is missing on stdin"
  bk_hex_to_file "$password" "$folder/password"
  export RESTIC_PASSWORD_FILE=$folder/password
  unset AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_DEFAULT_REGION
  bk_restic_options=()
  path=${HD_BACKUP_DRIVE_PATH:-}
  [[ -z $path || $path =~ ^/?[A-Za-z0-9._@+=,:-]+(/[A-Za-z0-9._@+=,:-]+)*/?$ ]] || hd_fail "invalid drive path"
  [[ /$path/ != */../* && /$path/ != */./* ]] || hd_fail "invalid drive path"
  path=${path%/}
  case $kind in
    s3)
      local endpoint=${HD_BACKUP_S3_ENDPOINT:-} region=${HD_BACKUP_S3_REGION:-} bucket=${HD_BACKUP_S3_BUCKET:-}
      local access=${HD_BACKUP_S3_ACCESS_KEY_ID:-}
      [[ $endpoint =~ ^https?://[a-z0-9.-]+(:[1-9][0-9]{0,4})?$ ]] || hd_fail "invalid S3 endpoint"
      [[ $region =~ ^[a-z0-9][a-z0-9-]{0,62}$ ]] || hd_fail "invalid S3 region"
      [[ $bucket =~ ^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$ ]] || hd_fail "invalid S3 bucket"
      [[ $access =~ ^[A-Za-z0-9_.]{3,128}$ ]] || hd_fail "invalid S3 access key id"
      [[ -n $secret ]] || hd_fail "the S3 secret key is missing on stdin"
      bk_hex_to_file "$secret" "$folder/secret"
      export AWS_ACCESS_KEY_ID=$access AWS_DEFAULT_REGION=$region
      AWS_SECRET_ACCESS_KEY=$(<"$folder/secret")
      export AWS_SECRET_ACCESS_KEY
      export RESTIC_REPOSITORY="s3:$endpoint/$bucket${path:+/${path#/}}/hostdeck-$server"
      ;;
    sftp | server)
      local host=${HD_BACKUP_SFTP_HOST:-} port=${HD_BACKUP_SFTP_PORT:-} user=${HD_BACKUP_SFTP_USER:-}
      local host_key=${HD_BACKUP_SFTP_HOST_KEY:-}
      [[ -n $secret ]] || hd_fail "the SFTP key is missing on stdin"
      bk_hex_to_file "$secret" "$folder/sftp_key"
      : >"$folder/known_hosts"
      if [[ -n $host_key ]]; then
        [[ $host_key =~ ^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521)\ [A-Za-z0-9+/]{16,1024}={0,2}$ ]] ||
          hd_fail "invalid SFTP host key"
        local known=$host
        [[ $port == 22 ]] || known="[$host]:$port"
        printf '%s %s\n' "$known" "$host_key" >"$folder/known_hosts"
      fi
      bk_sftp_command "$folder/sftp_key" "$folder/known_hosts" "$port" "$user" "$host"
      export RESTIC_REPOSITORY="sftp:$user@$host:$path/hostdeck-$server"
      ;;
    local)
      [[ $path == /* ]] || hd_fail "invalid drive path"
      export RESTIC_REPOSITORY="$path/hostdeck-$server"
      ;;
    *) hd_fail "invalid drive kind" ;;
  esac
}

# bk_restic ARGUMENT...  restic with the repository chosen by bk_use_config or bk_use_source,
# the panel's cache, no prompt.
bk_restic() {
  RESTIC_CACHE_DIR=$bk_state/cache restic "${bk_restic_options[@]}" "$@" </dev/null
}

# bk_snapshot VARIABLE CONFIG_ID [ID]  The full id of snapshot ID (the config's latest when empty),
# which must carry the tag config-<id>: a restore never reads another config's snapshot.
bk_snapshot() {
  local bk_sn_json bk_sn_id
  if [[ -n ${3:-} ]]; then
    bk_sn_json=$(bk_restic snapshots --json -- "$3" 2>/dev/null) || hd_fail "the snapshots could not be listed"
  else
    bk_sn_json=$(bk_restic snapshots --json --tag "config-$2" latest 2>/dev/null) ||
      hd_fail "the snapshots could not be listed"
  fi
  bk_sn_id=$(jq -r --arg tag "config-$2" \
    '[.[] | select((.tags // []) | index($tag))] | if length == 1 then .[0].id else "" end' <<<"$bk_sn_json")
  [[ $bk_sn_id =~ ^[0-9a-f]{64}$ ]] || return 1
  printf -v "$1" '%s' "$bk_sn_id"
}

# bk_node_type SNAPSHOT PATH  Prints dir, file (or another restic node type) for PATH in the
# snapshot, nothing when it is not there.
bk_node_type() {
  bk_restic ls --json "$1" "$2" 2>/dev/null |
    jq -r --arg path "$2" 'select(.struct_type == "node" and .path == $path) | .type' | head -n 1
}

# bk_tree_bytes SNAPSHOT PATH  The bytes of the files under PATH in the snapshot.
bk_tree_bytes() {
  bk_restic ls --json "$1" "$2" 2>/dev/null |
    jq -r 'select(.struct_type == "node" and .type == "file") | .size // 0' | awk '{ s += $1 } END { print s + 0 }'
}

# bk_tar_progress TOTAL_BYTES FROM TO LABEL  Reads tar's checkpoint lines (`tar: N`, N records of
# 10 KiB) or dd's (`N bytes …`) and prints progress scaled from FROM% to TO%; tar's other lines go
# on to stderr.
bk_tar_progress() {
  local total=$1 from=$2 to=$3 label=$4 line bytes percent last=-1
  while IFS= read -r line; do
    if [[ $line =~ ^tar:\ ([0-9]+)$ ]]; then
      bytes=$((BASH_REMATCH[1] * 10240))
    elif [[ $line =~ ^([0-9]+)\ bytes ]]; then
      bytes=${BASH_REMATCH[1]}
    else
      [[ $line == *' records '* ]] || printf '%s\n' "$line" >&2
      continue
    fi
    ((total > 0)) || continue
    percent=$((from + (to - from) * bytes / total))
    ((percent < to)) || percent=$((to - 1))
    if ((percent > last)); then
      bk_progress "$percent" "$label"
      last=$percent
    fi
  done
}

# bk_owner_target USER ROOT  Checks USER may own sites and ROOT lies under /home/USER/; creates
# ROOT as USER when it is missing (so nothing is made where USER could not make it).
bk_owner_target() {
  local user=$1 root=$2
  [[ $user =~ ^[a-z_][a-z0-9_-]{0,31}$ ]] || hd_fail "invalid Linux user"
  hd_site_owner_check "$user"
  [[ $root == "/home/$user/"* ]] || hd_fail "the target $root is not inside /home/$user"
  if [[ ! -e $root && ! -L $root ]]; then
    runuser -u "$user" -- mkdir -p -- "$root" || hd_fail "$user cannot create $root"
    hd_log change "created $root"
  fi
  [[ -d $root && ! -L $root ]] || hd_fail "$root is not a folder (or is a symbolic link)"
  [[ $(stat -c %U -- "$root") == "$user" ]] || hd_fail "$root is not owned by $user"
}

# ---- databases

bk_mysql_client() {
  if command -v mariadb >/dev/null; then printf 'mariadb'; else printf 'mysql'; fi
}

bk_sql() { # ARGUMENT...  MariaDB/MySQL as root on the socket, batch output
  "$(bk_mysql_client)" --batch --skip-column-names --default-character-set=utf8mb4 "$@"
}

bk_psql() { # ARGUMENT...  psql as postgres (peer), stopping at the first error
  runuser -u postgres -- psql --no-psqlrc -X -q -v ON_ERROR_STOP=1 -tA "$@"
}

# bk_engine_ready ENGINE  Succeeds when the engine's server runs here and answers.
bk_engine_ready() {
  case $1 in
    mariadb | mysql) command -v "$(bk_mysql_client)" >/dev/null && bk_sql -e 'SELECT 1' >/dev/null 2>&1 ;;
    postgresql) command -v psql >/dev/null && bk_psql -c 'SELECT 1' >/dev/null 2>&1 ;;
    *) return 1 ;;
  esac
}

bk_database_exists() { # ENGINE NAME
  case $1 in
    mariadb | mysql) (($(bk_sql -e "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '$2'") > 0)) ;;
    postgresql) (($(bk_psql -c "SELECT COUNT(*) FROM pg_database WHERE datname = '$2'") > 0)) ;;
  esac
}

# bk_database_tables ENGINE NAME  The number of tables of the database.
bk_database_tables() {
  case $1 in
    mariadb | mysql) bk_sql -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$2'" ;;
    postgresql)
      bk_psql -d "$2" -c "SELECT COUNT(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')"
      ;;
  esac
}

# bk_create_database ENGINE NAME  As database-create makes one (utf8mb4 / UTF8), no owner.
bk_create_database() {
  case $1 in
    mariadb | mysql) bk_sql -e "CREATE DATABASE \`$2\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci" ;;
    postgresql) bk_psql -c "CREATE DATABASE \"$2\" ENCODING 'UTF8' TEMPLATE template0" ;;
  esac
}

bk_drop_database() { # ENGINE NAME
  case $1 in
    mariadb | mysql) bk_sql -e "DROP DATABASE IF EXISTS \`$2\`" ;;
    postgresql) bk_psql -c "DROP DATABASE IF EXISTS \"$2\" WITH (FORCE)" >/dev/null ;;
  esac
}

# Databases this step made and drops when it ends badly (throw-away ones always): `engine<TAB>name`.
bk_drop_on_exit=()
bk_on_exit() {
  local status=$? entry
  for entry in "${bk_drop_on_exit[@]}"; do
    bk_drop_database "${entry%%$'\t'*}" "${entry#*$'\t'}" >/dev/null 2>&1 ||
      hd_log warn "the database ${entry#*$'\t'} could not be dropped"
  done
  hd_cleanup
  exit "$status"
}
trap bk_on_exit EXIT

bk_forget_drop() { # ENGINE NAME  No longer dropped at exit.
  local entry kept=()
  for entry in "${bk_drop_on_exit[@]}"; do
    [[ $entry == "$1"$'\t'"$2" ]] || kept+=("$entry")
  done
  bk_drop_on_exit=("${kept[@]}")
}

# bk_dump_complete ENGINE FILE  Non-empty and ending with the engine's completion marker.
bk_dump_complete() {
  [[ -s $2 ]] || return 1
  case $1 in
    mariadb | mysql) tail -n 5 -- "$2" | grep -q -- '^-- Dump completed' ;;
    postgresql) tail -n 5 -- "$2" | grep -q -- '^-- PostgreSQL database dump complete' ;;
  esac
}

# bk_load_dump ENGINE NAME FILE FROM TO  Loads FILE into the database NAME, progress FROM% to TO%.
bk_load_dump() {
  local engine=$1 name=$2 file=$3 from=$4 to=$5 size status=0 errors
  size=$(stat -c %s -- "$file")
  errors=$scratch/load-errors.log
  # dd reports `<bytes> bytes … copied` on stderr, \r between reports; the client's errors go to
  # a file, printed when the load fails.
  local load=(bk_sql "$name")
  [[ $engine != postgresql ]] || load=(bk_psql -d "$name")
  { dd if="$file" bs=1M status=progress | "${load[@]}" >/dev/null 2>"$errors"; } 2>&1 | tr '\r' '\n' |
    bk_tar_progress "$size" "$from" "$to" "loading $name" || status=$?
  if ((status != 0)); then
    tail -n 20 -- "$errors" >&2
    return "$status"
  fi
}

# bk_table_sums ENGINE NAME  One `table<TAB>rows<TAB>checksum` line per table of the database, as
# backup-run records them in the manifest (docs/backups.md): MariaDB/MySQL CHECKSUM TABLE,
# PostgreSQL md5(string_agg(t::text, '' ORDER BY t::text)) ('' for an empty table).
bk_table_sums() {
  local engine=$1 name=$2 table rows checksum
  case $engine in
    mariadb | mysql)
      while IFS= read -r table; do
        rows=$(bk_sql -e "SELECT COUNT(*) FROM \`$name\`.\`${table//\`/\`\`}\`")
        checksum=$(bk_sql -e "CHECKSUM TABLE \`$name\`.\`${table//\`/\`\`}\`" | awk -F'\t' '{ print $2 }')
        printf '%s\t%s\t%s\n' "$table" "$rows" "$checksum"
      done < <(bk_sql -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$name'
        AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME")
      ;;
    postgresql)
      # One query per table, built and quoted by the server (format %I, %L), run by \gexec.
      bk_psql -d "$name" -F $'\t' <<'SQL'
SELECT format('SELECT %L, count(*), COALESCE(md5(string_agg(t::text, '''' ORDER BY t::text)), '''') FROM %I.%I t',
  schemaname || '.' || tablename, schemaname, tablename)
FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY schemaname, tablename
\gexec
SQL
      ;;
  esac
}

# bk_sha256_files NAMES  As backup.sh's hd_br_sha256_files: openssl (the CPU's SHA instructions,
# 4-7 times sha256sum) unless a name holds a newline (its output is one line a file) or it is missing.
bk_sha256_files() {
  if command -v openssl >/dev/null && [[ $(tr -cd '\n' <"$1" | wc -c) == 0 ]]; then
    sed -z 's|^|./|' -- "$1" | xargs -0 -r openssl dgst -sha256 -r | cut -c1-64 | tr '\n' '\0'
  else
    xargs -0 -r sha256sum -z -- <"$1" | cut -z -c1-64
  fi
}

# bk_site_list ROOT  The manifest's file list of ROOT (docs/backups.md, as backup-run makes it):
# every regular file, one `<path relative to ROOT><TAB><size><TAB><sha256>` record each, sorted by
# path bytewise. Streamed, no bash array (a site may hold millions of files).
bk_site_list() {
  local list=$scratch/names count
  (cd -- "$1" && find . -mindepth 1 -type f -printf '%P\0' | LC_ALL=C sort -z >"$list" &&
    xargs -0 -r stat -c %s -- <"$list" >"$list.sizes" &&
    bk_sha256_files "$list" >"$list.sums") || return 1
  count=$(tr -cd '\0' <"$list" | wc -c)
  [[ $(wc -l <"$list.sizes") == "$count" && $(tr -cd '\0' <"$list.sums" | wc -c) == "$count" ]] || return 1
  paste -z -d '\t' "$list" <(tr '\n' '\0' <"$list.sizes") "$list.sums" | tr '\0' '\n'
}

# ---------------------------------------------------------------------------------------------
# backup-verify, step `verify`: `restic check` (a tenth of the data read, or all of it), then the
# snapshot (the config's latest, or HD_BACKUP_SNAPSHOT) restored into scratch and compared with its
# manifest: each site's file count, bytes and file-list checksum; each dump's checksum, then the
# dump loaded into a throw-away database `hd_verify_<random>` (always dropped) whose tables' row
# counts and checksums must be the manifest's. Prints `verify<TAB><json>` last:
# { ok, snapshot_id, checked_at, files, sites, databases, problems }, each problem a sentence
# naming what failed. Exits 1 when the check is not ok.
# Input: HD_BACKUP_CONFIG_ID, HD_BACKUP_READ_DATA (subset|full), HD_BACKUP_SNAPSHOT (optional).
step_verify() {
  config_id=${HD_BACKUP_CONFIG_ID:?HD_BACKUP_CONFIG_ID is required}
  read_data=${HD_BACKUP_READ_DATA:-subset}
  wanted=${HD_BACKUP_SNAPSHOT:-}
  bk_check_id "$config_id" "config id"
  [[ $read_data == subset || $read_data == full ]] || hd_fail "invalid read_data"
  [[ -z $wanted ]] || bk_check_snapshot "$wanted"
  cd /
  bk_require_tools
  bk_use_config "$config_id"
  scratch=""
  bk_scratch scratch
  problems=()
  sites_json=()
  databases_json=()
  files_total=0
  snapshot=""
  checked_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)

  bk_progress 2 "checking the repository"
  check_options=(--read-data-subset=1/10)
  [[ $read_data == subset ]] || check_options=(--read-data)
  check_log=$scratch/check.log
  if bk_restic check "${check_options[@]}" >"$check_log" 2>&1; then
    hd_log info "restic check: no errors were found"
  else
    # Output captured by bash is cut (head -c): a huge line must not reach it.
    reason=$(grep -iE 'error|fatal|invalid|damaged|fail|does not match' -- "$check_log" | tail -n 4 | tr -s '\n\t ' '   ' | head -c 1500 || true)
    if grep -q 'already locked' -- "$check_log"; then
      problems+=("repository: locked by another operation (a backup run?): verify again when it ends")
    else
      problems+=("repository: restic check failed: ${reason:-$(tail -n 1 -- "$check_log" | head -c 500 || true)}")
    fi
    tail -n 20 -- "$check_log" >&2
  fi

  bk_progress 20 "finding the snapshot"
  if ! bk_snapshot snapshot "$config_id" "$wanted"; then
    if [[ -n $wanted ]]; then
      problems+=("snapshot: $wanted is not a snapshot of this backup")
    else
      problems+=("snapshot: the repository has no snapshot of this backup")
    fi
  fi

  if [[ -n $snapshot ]]; then
    verify_snapshot
  fi

  ok=true
  ((${#problems[@]} == 0)) || ok=false
  for problem in "${problems[@]}"; do hd_log error "$problem"; done
  problems_json=$(for problem in "${problems[@]}"; do bk_json_string "${problem:0:2000}"; printf '\n'; done | jq -cs .)
  sites_list=$(printf '%s\n' "${sites_json[@]}" | jq -cs 'map(select(. != null))' 2>/dev/null || printf '[]')
  databases_list=$(printf '%s\n' "${databases_json[@]}" | jq -cs 'map(select(. != null))' 2>/dev/null || printf '[]')
  bk_progress 100 "verified"
  jq -cn --argjson ok "$ok" --arg snapshot "$snapshot" --arg checked "$checked_at" --argjson files "$files_total" \
    --arg read "$read_data" --argjson sites "$sites_list" --argjson databases "$databases_list" \
    --argjson problems "$problems_json" \
    '{ ok: $ok, snapshot_id: (if $snapshot == "" then null else $snapshot end), checked_at: $checked,
       read_data: $read, files: $files, sites: $sites, databases: $databases, problems: $problems }' |
    sed 's/^/verify\t/'
  [[ $ok == true ]] || exit 1
}

# verify_snapshot  The part of step_verify that needs a snapshot (variables of step_verify).
verify_snapshot() {
  local staging=$bk_state/$config_id/staging restored=$scratch/restored manifest format
  local name root files bytes sum count total actual_sum engine file dump_sum ok tables throwaway
  hd_log info "snapshot ${snapshot:0:8}"
  bk_progress 25 "reading the manifest"
  manifest=$scratch/manifest.json
  if ! bk_restic dump "$snapshot" "$staging/manifest.json" >"$manifest" 2>"$scratch/dump.log" ||
    ! format=$(jq -r '.format' -- "$manifest" 2>/dev/null); then
    problems+=("manifest: the snapshot has no readable manifest.json")
    return 0
  fi
  [[ $format == 1 ]] || {
    problems+=("manifest: unknown manifest format $format")
    return 0
  }

  # Everything the manifest speaks of: the sites' roots and the staging folder (the dumps).
  includes=(--include "$staging")
  while IFS=$'\t' read -r name root; do
    bk_check_path "$root" "site root in the manifest"
    includes+=(--include "$root")
  done < <(jq -r '.sites[] | [.name, .root] | @tsv' -- "$manifest")
  bk_progress 30 "restoring the snapshot into scratch"
  mkdir -m 0700 -- "$restored"
  if ! bk_restic restore "$snapshot" --target "$restored" "${includes[@]}" >"$scratch/restore.log" 2>&1; then
    problems+=("restore: restic could not restore the snapshot: $(tail -n 2 -- "$scratch/restore.log" | tr '\n' ' ' | head -c 500 || true)")
    tail -n 20 -- "$scratch/restore.log" >&2
  fi

  bk_progress 50 "comparing the sites' files"
  while IFS=$'\t' read -r name root files bytes sum; do
    if [[ ! -d $restored$root ]]; then
      problems+=("site $name: $root is not in the snapshot")
      sites_json+=("{\"name\":$(bk_json_string "$name"),\"ok\":false,\"reason\":\"missing\"}")
      continue
    fi
    if ! bk_site_list "$restored$root" >"$scratch/site.list"; then
      problems+=("site $name: the restored files could not be listed")
      sites_json+=("{\"name\":$(bk_json_string "$name"),\"ok\":false,\"reason\":\"unreadable\"}")
      continue
    fi
    count=$(wc -l <"$scratch/site.list")
    total=$(awk -F'\t' '{ s += $2 } END { printf "%.0f\n", s }' "$scratch/site.list")
    actual_sum=$(sha256sum <"$scratch/site.list")
    actual_sum=${actual_sum%% *}
    files_total=$((files_total + count))
    ok=true
    reason=""
    if [[ $count != "$files" ]]; then
      problems+=("site $name: $count files restored, the manifest records $files")
      ok=false
      reason="file count"
    elif [[ $total != "$bytes" ]]; then
      problems+=("site $name: $total bytes restored, the manifest records $bytes")
      ok=false
      reason="bytes"
    elif [[ $actual_sum != "$sum" ]]; then
      problems+=("site $name: the checksums of the restored files differ from the manifest")
      ok=false
      reason="checksums"
    fi
    sites_json+=("{\"name\":$(bk_json_string "$name"),\"files\":$count,\"ok\":$ok,\"reason\":$(if [[ -n $reason ]]; then bk_json_string "$reason"; else printf null; fi)}")
    hd_log info "site $name: $count files, $total bytes $([[ $ok == true ]] && printf 'match' || printf 'DIFFER')"
  done < <(jq -r '.sites[] | [.name, .root, (.files | tostring), (.bytes | tostring), .sha256] | @tsv' -- "$manifest")

  local index=0 count_databases
  count_databases=$(jq '[.databases[] | select(.ok == true)] | length' -- "$manifest")
  while IFS=$'\t' read -r engine name file dump_sum; do
    index=$((index + 1))
    bk_check_engine "$engine"
    bk_check_database "$name"
    local from=$((60 + 38 * (index - 1) / count_databases)) to=$((60 + 38 * index / count_databases))
    bk_progress "$from" "checking the dump of $name"
    local path=$restored$staging/databases/$engine/$name.sql reason=""
    if [[ ! -f $path ]]; then
      reason="the dump is not in the snapshot"
    elif [[ $(sha256sum <"$path" | cut -d' ' -f1) != "$dump_sum" ]]; then
      reason="the dump's checksum differs from the manifest"
    elif ! bk_dump_complete "$engine" "$path"; then
      reason="truncated dump: no completion marker"
    elif ! bk_engine_ready "$engine"; then
      reason="$engine does not run on this server: the dump could not be loaded"
    else
      throwaway=hd_verify_$(od -An -N5 -tx1 /dev/urandom | tr -d ' \n')
      bk_drop_on_exit+=("$engine"$'\t'"$throwaway")
      if ! bk_create_database "$engine" "$throwaway" >/dev/null; then
        reason="a throw-away database could not be created"
      elif ! bk_load_dump "$engine" "$throwaway" "$path" "$from" "$to" 2>"$scratch/load.log"; then
        reason="the dump does not load: $(tail -n 1 -- "$scratch/load.log" | head -c 500 || true)"
      else
        bk_table_sums "$engine" "$throwaway" | LC_ALL=C sort >"$scratch/tables.actual"
        jq -r --arg engine "$engine" --arg name "$name" \
          '.databases[] | select(.engine == $engine and .name == $name) | .tables // {} | to_entries[] |
            [.key, (.value.rows | tostring), (.value.checksum | tostring)] | @tsv' -- "$manifest" |
          LC_ALL=C sort >"$scratch/tables.expected"
        tables=$(wc -l <"$scratch/tables.expected")
        if ! cmp -s -- "$scratch/tables.expected" "$scratch/tables.actual"; then
          local differing
          differing=$(LC_ALL=C join -t $'\t' -a1 -a2 -e '?' -o 0,1.2,1.3,2.2,2.3 \
            "$scratch/tables.expected" "$scratch/tables.actual" |
            awk -F'\t' '$2 != $4 || $3 != $5 { print $1 }' | head -n 10 | tr '\n' ' ')
          reason="tables differ from the manifest: ${differing% }"
        fi
      fi
      bk_drop_database "$engine" "$throwaway" >/dev/null 2>&1 || hd_log warn "the database $throwaway could not be dropped"
      bk_forget_drop "$engine" "$throwaway"
    fi
    if [[ -n $reason ]]; then
      problems+=("database $name ($engine): $reason")
      databases_json+=("{\"name\":$(bk_json_string "$name"),\"engine\":\"$engine\",\"ok\":false,\"reason\":$(bk_json_string "$reason")}")
    else
      hd_log info "database $name ($engine): $tables tables match"
      databases_json+=("{\"name\":$(bk_json_string "$name"),\"engine\":\"$engine\",\"ok\":true,\"reason\":null}")
    fi
  done < <(jq -r '.databases[] | select(.ok == true) | [.engine, .name, .file, .sha256] | @tsv' -- "$manifest")
}

# ---------------------------------------------------------------------------------------------
# backup-restore, step `restore` (docs/backups.md, Restores). Kinds:
#   site      the files of HD_RESTORE_SOURCE_ROOT in the snapshot into HD_RESTORE_TARGET_ROOT,
#             written by HD_RESTORE_LINUX_USER (tar as that user: nothing lands where it could not
#             write), then the databases of HD_RESTORE_DATABASES;
#   database  the one database of HD_RESTORE_DATABASES;
#   files     HD_RESTORE_PATHS (one a line, relative to the site's root) into the target root.
# HD_RESTORE_DATABASES: `engine<TAB>name<TAB>target<TAB>replace(0|1)` lines. A new target must
# not exist or be empty (a rerun after a failure finds it empty: made here, dropped on failure);
# `replace` dumps the live target into the database dump folder first, then drops and reloads it.
# Restored files are added over what is there; files the snapshot does not have are kept.
# The repository: the config's (HD_BACKUP_CONFIG_ID), or another server's (HD_BACKUP_DRIVE_*,
# HD_BACKUP_SERVER_ID, secrets on stdin). Prints `restored<TAB><kind>` last.
step_restore() {
  config_id=${HD_BACKUP_CONFIG_ID:?HD_BACKUP_CONFIG_ID is required}
  wanted=${HD_BACKUP_SNAPSHOT:?HD_BACKUP_SNAPSHOT is required}
  kind=${HD_RESTORE_KIND:?HD_RESTORE_KIND is required}
  bk_check_id "$config_id" "config id"
  bk_check_snapshot "$wanted"
  case $kind in
    site | files | database) ;;
    *) hd_fail "invalid restore kind" ;;
  esac
  source_root=${HD_RESTORE_SOURCE_ROOT:-}
  target_root=${HD_RESTORE_TARGET_ROOT:-}
  linux_user=${HD_RESTORE_LINUX_USER:-}
  databases=()
  if [[ -n ${HD_RESTORE_DATABASES:-} ]]; then
    mapfile -t databases <<<"$HD_RESTORE_DATABASES"
  fi
  for entry in "${databases[@]}"; do
    IFS=$'\t' read -r engine name target replace <<<"$entry"
    bk_check_engine "$engine"
    bk_check_database "$name"
    bk_check_database "$target"
    [[ $replace == 0 || $replace == 1 ]] || hd_fail "invalid replace flag"
  done
  paths=()
  if [[ $kind == database ]]; then
    ((${#databases[@]} == 1)) || hd_fail "a database restore takes exactly one database"
    [[ -z $source_root && -z $target_root ]] || hd_fail "a database restore takes no site root"
  else
    bk_check_path "$source_root" "source root"
    bk_check_path "$target_root" "target root"
    if [[ $kind == files ]]; then
      ((${#databases[@]} == 0)) || hd_fail "a files restore takes no database"
      [[ -n ${HD_RESTORE_PATHS:-} ]] || hd_fail "choose the paths to restore"
      mapfile -t paths <<<"$HD_RESTORE_PATHS"
      ((${#paths[@]} <= 100)) || hd_fail "at most 100 paths are restored at once"
      for path in "${paths[@]}"; do bk_check_relative "$path"; done
    fi
  fi
  cd /
  bk_require_tools
  scratch=""
  bk_scratch scratch
  if [[ -n ${HD_BACKUP_DRIVE_KIND:-} ]]; then
    bk_use_source "$scratch"
  else
    bk_use_config "$config_id"
  fi
  bk_progress 1 "finding snapshot $wanted"
  snapshot=""
  bk_snapshot snapshot "$config_id" "$wanted" || hd_fail "$wanted is not a snapshot of this backup"

  # Everything asked for must be in the snapshot before anything is touched.
  staging=$bk_state/$config_id/staging
  case $kind in
    site)
      [[ $(bk_node_type "$snapshot" "$source_root") == dir ]] ||
        hd_fail "$source_root is not a folder of snapshot ${snapshot:0:8}"
      ;;
    files)
      for path in "${paths[@]}"; do
        [[ -n $(bk_node_type "$snapshot" "$source_root/$path") ]] || hd_fail "$path is not in snapshot ${snapshot:0:8}"
      done
      ;;
  esac
  for entry in "${databases[@]}"; do
    IFS=$'\t' read -r engine name target replace <<<"$entry"
    [[ $(bk_node_type "$snapshot" "$staging/databases/$engine/$name.sql") == file ]] ||
      hd_fail "snapshot ${snapshot:0:8} has no dump of the $engine database $name"
    bk_engine_ready "$engine" || hd_fail "$engine does not run on this server"
  done

  files_share=0
  if [[ $kind != database ]]; then
    bk_owner_target "$linux_user" "$target_root"
    files_share=90
    ((${#databases[@]} == 0)) || files_share=50
  fi
  case $kind in
    site) restore_site_files 2 "$files_share" ;;
    files) restore_paths 2 "$files_share" ;;
  esac
  local index=0 count=${#databases[@]} from to
  for entry in "${databases[@]}"; do
    IFS=$'\t' read -r engine name target replace <<<"$entry"
    from=$((files_share + (98 - files_share) * index / count))
    index=$((index + 1))
    to=$((files_share + (98 - files_share) * index / count))
    restore_database "$engine" "$name" "$target" "$replace" "$from" "$to"
  done
  bk_progress 100 "restored"
  printf 'restored\t%s\n' "$kind"
}

# restore_site_files FROM TO  restic dump of the site's root as a tar stream, unpacked by the
# site's user into the target root (the leading folders of the source root stripped).
restore_site_files() {
  local from=$1 to=$2 bytes strip checkpoint
  bytes=$(bk_tree_bytes "$snapshot" "$source_root")
  strip=$(tr -cd / <<<"$source_root" | wc -c)
  # A checkpoint every ~2% of the bytes (tar records are 10 KiB).
  checkpoint=$((bytes / 10240 / 50))
  ((checkpoint > 0)) || checkpoint=1
  bk_progress "$from" "restoring the files of $source_root ($bytes bytes) into $target_root"
  # tar's stderr (its checkpoints, or its complaints) goes to the progress reader; it writes
  # nothing on stdout when it extracts.
  if ! bk_restic dump -a tar "$snapshot" "$source_root" 2>"$scratch/dump.log" |
    runuser -u "$linux_user" -- tar -x -p -C "$target_root" --strip-components="$strip" \
      --checkpoint="$checkpoint" --checkpoint-action=echo=%u 2>&1 |
    bk_tar_progress "$bytes" "$from" "$to" "restoring files"; then
    cat -- "$scratch/dump.log" >&2
    hd_fail "the files could not be restored into $target_root"
  fi
  hd_log change "restored the files of $source_root (snapshot ${snapshot:0:8}) into $target_root"
}

# restore_paths FROM TO  The chosen paths restored into scratch by restic, then unpacked by the
# site's user into the target root, each at its place in the site's tree.
restore_paths() {
  local from=$1 to=$2 path includes=() bytes=0
  for path in "${paths[@]}"; do includes+=(--include "$source_root/$path"); done
  bk_progress "$from" "restoring ${#paths[@]} paths from the snapshot"
  mkdir -m 0700 -- "$scratch/files"
  bk_restic restore "$snapshot" --target "$scratch/files" "${includes[@]}" >"$scratch/restore.log" 2>&1 || {
    cat -- "$scratch/restore.log" >&2
    hd_fail "restic could not restore the paths"
  }
  bytes=$(du -sb -- "$scratch/files" | cut -f1)
  bk_progress $(((from + to) / 2)) "copying the files into $target_root"
  local relative=()
  for path in "${paths[@]}"; do relative+=("./$path"); done
  if ! tar -C "$scratch/files$source_root" -cf - -- "${relative[@]}" |
    runuser -u "$linux_user" -- tar -x -p -C "$target_root" --checkpoint=100 --checkpoint-action=echo=%u 2>&1 |
    bk_tar_progress "$bytes" $(((from + to) / 2)) "$to" "copying files"; then
    hd_fail "the files could not be restored into $target_root"
  fi
  hd_log change "restored ${#paths[@]} paths of $source_root (snapshot ${snapshot:0:8}) into $target_root"
}

# restore_database ENGINE NAME TARGET REPLACE FROM TO
restore_database() {
  local engine=$1 name=$2 target=$3 replace=$4 from=$5 to=$6
  local dump
  bk_progress "$from" "reading the dump of $name"
  dump=$scratch/$engine-$name.sql
  bk_restic dump "$snapshot" "$staging/databases/$engine/$name.sql" >"$dump" 2>"$scratch/dump.log" ||
    hd_fail "snapshot ${snapshot:0:8} has no dump of the $engine database $name"
  bk_dump_complete "$engine" "$dump" || hd_fail "the dump of $name in the snapshot is truncated (no completion marker)"
  if ((replace == 1)); then
    bk_database_exists "$engine" "$target" || hd_fail "there is no live database $target to replace"
    save_live_database "$engine" "$target"
    replace_database "$engine" "$target"
  elif bk_database_exists "$engine" "$target"; then
    (($(bk_database_tables "$engine" "$target") == 0)) ||
      hd_fail "the database $target exists and is not empty: choose another name, or replace it"
    bk_drop_on_exit+=("$engine"$'\t'"$target")
  else
    bk_create_database "$engine" "$target" >/dev/null
    bk_drop_on_exit+=("$engine"$'\t'"$target")
    hd_log change "created the database $target"
  fi
  bk_load_dump "$engine" "$target" "$dump" "$from" "$to" ||
    hd_fail "the dump of $name could not be loaded into $target"
  bk_forget_drop "$engine" "$target"
  hd_log change "restored the $engine database $name (snapshot ${snapshot:0:8}) into $target"
}

# save_live_database ENGINE NAME  A dump of the live database in the database dump folder, as
# database-dump makes them (listed on the databases page, removed after 3 hours).
save_live_database() {
  local engine=$1 name=$2 root=/var/backups/hostdeck/databases folder file temp dumper
  folder=$root/$engine
  bk_root_folder /var/backups/hostdeck 0700
  bk_root_folder "$root" 0700
  bk_root_folder "$folder" 0700
  local cron_file=/etc/cron.d/hostdeck-database-dumps
  local dump_pattern='[A-Za-z0-9_]+--[0-9]{8}T[0-9]{6}Z\.(sql\.gz|dump|archive\.gz)'
  if [[ ! -f $cron_file && -d /etc/cron.d ]]; then
    # The same text as database-dump writes (scripts/databases/database.sh, step_dump).
    printf '%s' "# Managed by HostDeck (database-dump): deletes database dumps older than 3 hours.
*/10 * * * * root find $root -mindepth 2 -maxdepth 2 -type f -mmin +180 -regextype posix-extended -regex '.*/$dump_pattern' -delete
" | hd_write_atomic "$cron_file" 0644 root:root
    hd_log change "installed $cron_file (dumps are deleted after 3 hours)"
  fi
  case $engine in
    mariadb | mysql) file="$name--$(date -u +%Y%m%dT%H%M%SZ).sql.gz" ;;
    postgresql) file="$name--$(date -u +%Y%m%dT%H%M%SZ).dump" ;;
  esac
  hd_temp_beside temp "$folder/$file"
  chmod 0600 -- "$temp"
  case $engine in
    mariadb | mysql)
      dumper=mysqldump
      if command -v mariadb-dump >/dev/null; then dumper=mariadb-dump; fi
      "$dumper" --single-transaction --quick --routines --triggers --events --default-character-set=utf8mb4 \
        "$name" | gzip -6 >"$temp" || hd_fail "the live database $name could not be dumped; nothing was changed"
      ;;
    postgresql)
      runuser -u postgres -- pg_dump -Fc -d "$name" >"$temp" ||
        hd_fail "the live database $name could not be dumped; nothing was changed"
      ;;
  esac
  mv -f -- "$temp" "$folder/$file"
  hd_log change "dumped the live database $name to $folder/$file before replacing it"
}

# replace_database ENGINE NAME  Drops the live database and makes it again, empty, keeping what
# belongs to the database itself: MariaDB/MySQL its character set and collation (grants live in
# mysql.db and stay), PostgreSQL its owner, encoding, locale and access list (datacl: grants,
# PUBLIC's revoked rights).
replace_database() {
  local engine=$1 name=$2 charset collation settings
  case $engine in
    mariadb | mysql)
      IFS=$'\t' read -r charset collation < <(bk_sql -e "SELECT DEFAULT_CHARACTER_SET_NAME, DEFAULT_COLLATION_NAME
        FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '$name'")
      [[ $charset =~ ^[a-z0-9_]+$ && $collation =~ ^[a-z0-9_]+$ ]] || hd_fail "the character set of $name could not be read"
      bk_sql -e "DROP DATABASE \`$name\`; CREATE DATABASE \`$name\` CHARACTER SET $charset COLLATE $collation"
      ;;
    postgresql)
      # The statements that make it again, built by the server (%I, %L) before the drop.
      settings=$(bk_psql -v name="$name" <<'SQL'
SELECT format('CREATE DATABASE %I OWNER %I ENCODING %L LC_COLLATE %L LC_CTYPE %L TEMPLATE template0;', datname,
  pg_get_userbyid(datdba), pg_encoding_to_char(encoding), datcollate, datctype)
  || CASE WHEN datacl IS NULL THEN '' ELSE format(' REVOKE ALL ON DATABASE %I FROM PUBLIC, %I;', datname,
  pg_get_userbyid(datdba)) || (SELECT string_agg(format(' GRANT %s ON DATABASE %I TO %s%s;', a.privilege_type,
  datname, CASE a.grantee WHEN 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END,
  CASE WHEN a.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END), '') FROM aclexplode(datacl) a) END
FROM pg_database WHERE datname = :'name'
SQL
      )
      [[ $settings == CREATE* ]] || hd_fail "the settings of $name could not be read"
      bk_drop_database postgresql "$name"
      # From stdin psql sends each statement alone: CREATE DATABASE runs outside a transaction.
      bk_psql <<<"$settings" >/dev/null
      ;;
  esac
  hd_log change "dropped and created the database $name again, empty"
}

# ---------------------------------------------------------------------------------------------
# backup-download, step `download`: `restic dump` of the snapshot, or of one folder (a tar) or one
# .sql file (a dump, as it is) in it, into /var/backups/hostdeck/downloads/ (0700, file 0600,
# temporary name then rename). Files older than 3 hours are removed here and every 10 minutes by
# /etc/cron.d/hostdeck-backup-downloads (spec §9). Prints `download<TAB><file><TAB><size>`.
# Input: HD_BACKUP_CONFIG_ID, HD_BACKUP_SNAPSHOT, HD_DOWNLOAD_PATH (optional).
step_download() {
  config_id=${HD_BACKUP_CONFIG_ID:?HD_BACKUP_CONFIG_ID is required}
  wanted=${HD_BACKUP_SNAPSHOT:?HD_BACKUP_SNAPSHOT is required}
  path=${HD_DOWNLOAD_PATH:-/}
  bk_check_id "$config_id" "config id"
  bk_check_snapshot "$wanted"
  [[ $path == / ]] || bk_check_path "$path" "path"
  cd /
  bk_require_tools
  bk_use_config "$config_id"
  snapshot=""
  bk_snapshot snapshot "$config_id" "$wanted" || hd_fail "$wanted is not a snapshot of this backup"

  folder=/var/backups/hostdeck/downloads
  file_pattern='backup-[0-9]+-[0-9a-f]{8}-[0-9]{8}T[0-9]{6}Z-[a-z0-9]{6}\.(tar|sql)'
  bk_root_folder /var/backups/hostdeck 0700
  bk_root_folder "$folder" 0700
  removed=$(find "$folder" -mindepth 1 -maxdepth 1 -type f -mmin +180 -regextype posix-extended \
    -regex ".*/$file_pattern" -print -delete | wc -l)
  ((removed == 0)) || hd_log change "removed $removed backup downloads older than 3 hours"
  cron_file=/etc/cron.d/hostdeck-backup-downloads
  cron_text="# Managed by HostDeck (backup-download): deletes backup downloads older than 3 hours.
*/10 * * * * root find $folder -mindepth 1 -maxdepth 1 -type f -mmin +180 -regextype posix-extended -regex '.*/$file_pattern' -delete
"
  if ! printf '%s' "$cron_text" | cmp -s -- - "$cron_file"; then
    if [[ -d /etc/cron.d ]]; then
      printf '%s' "$cron_text" | hd_write_atomic "$cron_file" 0644 root:root
      hd_log change "installed $cron_file (downloads are deleted after 3 hours)"
    else
      hd_log warn "cron is not installed: old downloads are deleted only when a new one is made"
    fi
  fi

  archive=(-a tar)
  extension=tar
  if [[ $path != / ]]; then
    type=$(bk_node_type "$snapshot" "$path")
    case $type in
      dir) ;;
      file)
        [[ $path == *.sql ]] || hd_fail "only folders and database dumps (.sql) are downloaded on their own"
        archive=()
        extension=sql
        ;;
      '') hd_fail "$path is not in snapshot ${snapshot:0:8}" ;;
      *) hd_fail "$path is not a folder or a file" ;;
    esac
  fi
  suffix=$(tr -dc 'a-z0-9' </dev/urandom | head -c 6 || true)
  file="backup-$config_id-${snapshot:0:8}-$(date -u +%Y%m%dT%H%M%SZ)-$suffix.$extension"
  temp=""
  hd_temp_beside temp "$folder/$file"
  chmod 0600 -- "$temp"
  bk_progress 5 "writing $path of snapshot ${snapshot:0:8}"
  started=$SECONDS
  bk_restic dump "${archive[@]}" "$snapshot" "$path" >"$temp" || hd_fail "restic could not write the archive"
  mv -f -- "$temp" "$folder/$file"
  size=$(stat -c %s -- "$folder/$file")
  hd_log change "wrote $folder/$file ($size bytes in $((SECONDS - started)) s)"
  printf 'download\t%s\t%s\n' "$file" "$size"
}

# ---------------------------------------------------------------------------------------------
case ${HD_RECIPE_ID:-} in
  backup-verify) step_verify ;;
  backup-restore) step_restore ;;
  backup-download) step_download ;;
  *) hd_fail "unknown backup recipe" ;;
esac
