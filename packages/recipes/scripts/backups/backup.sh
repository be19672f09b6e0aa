#!/usr/bin/env bash
# The `backup-*` recipes of the engine (src/backups/backup-recipes.ts; docs/backups.md): one script
# for all of them, the step chosen by HD_RECIPE_ID. restic from Debian does the storage; this
# script writes a config's files, installs the run script and runs it. A config is:
#   /etc/hostdeck/backups/ID/{env,password,sftp_key,known_hosts,plan,token,panel_url}  (0700/0600)
#   /etc/cron.d/hostdeck-backup-ID                    one cron line calling the run script
#   /usr/local/lib/hostdeck/backup-run                the run script (the hd_br_* functions below,
#                                                     written with declare -f)
#   /var/lib/hostdeck/backups/ID/{lock,runs/,staging/} its runs and their staging folder
# Values come as HD_* variables, checked again here; secrets only as `name<TAB>hex` lines on stdin.
set -euo pipefail

hd_backup_etc=/etc/hostdeck/backups
hd_backup_runner=/usr/local/lib/hostdeck/backup-run

# =============================================================================================
# The run script. Everything below named hd_br_* is copied into /usr/local/lib/hostdeck/backup-run
# and must stand alone there: no lib/ helper, only coreutils, restic, the database clients, curl.

hd_br_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
hd_br_minimum_restic=0.14.0
# Patterns every stored value is checked against again when it is read back.
hd_br_id_re='^[1-9][0-9]{0,9}$'
hd_br_path_re='^/[A-Za-z0-9._@+=,:-]+(/[A-Za-z0-9._@+=,:-]+)*/?$'
hd_br_host_re='^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$'
hd_br_user_re='^[a-z_][a-z0-9_-]{0,31}$'
hd_br_port_re='^[1-9][0-9]{0,4}$'
hd_br_region_re='^[a-z0-9][a-z0-9-]{0,62}$'
hd_br_bucket_re='^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$'
hd_br_prefix_re='^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}(/[A-Za-z0-9_][A-Za-z0-9._-]{0,127})*$'
hd_br_endpoint_re='^https?://[a-z0-9.-]+(:[1-9][0-9]{0,4})?$'
hd_br_key_id_re='^[A-Za-z0-9_.]{3,128}$'
hd_br_secret_re='^[A-Za-z0-9/+=]{8,256}$'
hd_br_site_name_re='^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$'
hd_br_exclude_re='^/?[A-Za-z0-9._*?@+=,:-]+(/[A-Za-z0-9._*?@+=,:-]+)*$'
# A segment of only globs: never accepted (it would exclude a whole folder's content, or the site).
hd_br_glob_only_re='(^|/)[*?]+(/|$)'
hd_br_database_re='^[A-Za-z][A-Za-z0-9_]{0,63}$'
hd_br_time_re='^([0-9]{4}-[0-9]{2}-[0-9]{2})T([0-9]{2}:[0-9]{2}:[0-9]{2})Z$'

# hd_br_log LEVEL MESSAGE  A progress line as lib/common.sh's hd_log writes it (one line).
hd_br_log() {
  local level=$1 message
  shift
  message="$*"
  message=${message//[$'\001'-$'\037'$'\177']/ }
  printf '::hostdeck::%s::%s\n' "$level" "$message"
}

# hd_br_clean_path PATH  Succeeds for a rooted path of safe characters with no `.`/`..` segment.
hd_br_clean_path() {
  [[ $1 =~ $hd_br_path_re && /$1/ != */./* && /$1/ != */../* && ${#1} -le 4096 ]]
}

# hd_br_json TEXT  TEXT as a JSON string.
hd_br_json() {
  local text=$1
  text=${text//\\/\\\\}
  text=${text//\"/\\\"}
  text=${text//$'\n'/\\n}
  text=${text//$'\t'/\\t}
  text=${text//[$'\001'-$'\037']/ }
  printf '"%s"' "$text"
}

# hd_br_reason TEXT  TEXT as JSON, or null when empty.
hd_br_reason() {
  if [[ -z $1 ]]; then printf 'null'; else hd_br_json "$1"; fi
}

# hd_br_restic_version_ok  restic is installed and at least $hd_br_minimum_restic.
hd_br_restic_version_ok() {
  local version
  version=$(restic version 2>/dev/null | awk '{print $2; exit}') || return 1
  [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+ ]] || return 1
  [[ $(printf '%s\n%s\n' "$hd_br_minimum_restic" "${BASH_REMATCH[0]}" | sort -V | head -n 1) == "$hd_br_minimum_restic" ]]
}

# hd_br_folder PATH  Makes PATH a root-owned 0700 folder (not a link).
hd_br_folder() {
  if [[ -L $1 || (-e $1 && ! -d $1) ]]; then
    hd_br_log error "$1 is not a folder; refusing to use it"
    return 1
  fi
  mkdir -p -- "$1" || return 1
  chown root:root -- "$1" || return 1
  chmod 0700 -- "$1" || return 1
}

# hd_br_load_config ID  Reads /etc/hostdeck/backups/ID/env (line by line, never sourced; every
# key known and every value checked) and exports restic's environment; sets hd_br_conf and the
# restic options (sftp.command built here from the checked host, port and user).
hd_br_load_config() {
  local id=$1 line key value host="" port="" user=""
  hd_br_conf=/etc/hostdeck/backups/$id
  if [[ ! -d $hd_br_conf || -L $hd_br_conf || $(stat -c %u -- "$hd_br_conf") != 0 ]]; then
    hd_br_log error "backup configuration $id is not set up on this server"
    return 1
  fi
  [[ -f $hd_br_conf/env && -f $hd_br_conf/password ]] || {
    hd_br_log error "backup configuration $id is incomplete"
    return 1
  }
  unset RESTIC_REPOSITORY AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_DEFAULT_REGION
  while IFS= read -r line || [[ -n $line ]]; do
    [[ $line =~ ^([A-Z0-9_]+)=(.*)$ ]] || {
      hd_br_log error "$hd_br_conf/env has a line that is not KEY=value"
      return 1
    }
    key=${BASH_REMATCH[1]}
    value=${BASH_REMATCH[2]}
    case $key in
      RESTIC_REPOSITORY)
        [[ $value =~ ^s3:https?://[a-z0-9.:-]+/[a-z0-9.-]+/[A-Za-z0-9._/-]+$ ||
          $value =~ ^sftp:[a-z_][a-z0-9_-]{0,31}@[a-z0-9.-]+:/[A-Za-z0-9._@+=,:/-]+$ ]] ||
          hd_br_clean_path "$value" || {
          hd_br_log error "invalid repository in $hd_br_conf/env"
          return 1
        }
        [[ /$value/ != */../* ]] || return 1
        export RESTIC_REPOSITORY=$value
        ;;
      AWS_ACCESS_KEY_ID) [[ $value =~ $hd_br_key_id_re ]] && export AWS_ACCESS_KEY_ID=$value ;;
      AWS_SECRET_ACCESS_KEY) [[ $value =~ $hd_br_secret_re ]] && export AWS_SECRET_ACCESS_KEY=$value ;;
      AWS_DEFAULT_REGION) [[ $value =~ $hd_br_region_re ]] && export AWS_DEFAULT_REGION=$value ;;
      SFTP_HOST) [[ $value =~ $hd_br_host_re ]] && host=$value ;;
      SFTP_PORT) [[ $value =~ $hd_br_port_re ]] && ((value <= 65535)) && port=$value ;;
      SFTP_USER) [[ $value =~ $hd_br_user_re ]] && user=$value ;;
      *) false ;;
    esac || {
      hd_br_log error "invalid $key in $hd_br_conf/env"
      return 1
    }
  done <"$hd_br_conf/env"
  [[ -n ${RESTIC_REPOSITORY:-} ]] || {
    hd_br_log error "$hd_br_conf/env names no repository"
    return 1
  }
  export RESTIC_PASSWORD_FILE=$hd_br_conf/password
  export RESTIC_CACHE_DIR=/var/lib/hostdeck/backups/cache
  hd_br_restic_options=()
  if [[ $RESTIC_REPOSITORY == sftp:* ]]; then
    [[ -n $host && -n $port && -n $user && -f $hd_br_conf/sftp_key ]] || {
      hd_br_log error "backup configuration $id lacks its SFTP settings"
      return 1
    }
    hd_br_restic_options=(-o "sftp.command=ssh -i $hd_br_conf/sftp_key -p $port -o IdentitiesOnly=yes -o BatchMode=yes -o UserKnownHostsFile=$hd_br_conf/known_hosts -o StrictHostKeyChecking=accept-new -o ServerAliveInterval=30 -o ConnectTimeout=30 $user@$host -s sftp")
  fi
}

# hd_br_restic ARGUMENT...  restic with the config's options, from /.
hd_br_restic() {
  (cd / && restic "${hd_br_restic_options[@]}" "$@")
}

# hd_br_load_plan  Reads $hd_br_conf/plan (docs/backups.md) into the hd_br_* arrays, each field
# checked again.
hd_br_load_plan() {
  local kind a b c d
  hd_br_site_ids=()
  hd_br_site_names=()
  hd_br_site_roots=()
  hd_br_exclude_sites=()
  hd_br_exclude_patterns=()
  hd_br_db_engines=()
  hd_br_db_names=()
  hd_br_db_sites=()
  hd_br_keep=(0 0 0)
  [[ -f $hd_br_conf/plan ]] || return 0
  while IFS=$'\t' read -r kind a b c d || [[ -n $kind ]]; do
    case $kind in
      site)
        { [[ $a =~ $hd_br_id_re && $b =~ $hd_br_site_name_re && -z $d && $c != / ]] && hd_br_clean_path "$c"; } || {
          hd_br_log error "invalid site in the plan"
          return 1
        }
        hd_br_site_ids+=("$a")
        hd_br_site_names+=("$b")
        hd_br_site_roots+=("${c%/}")
        ;;
      exclude)
        [[ $a =~ $hd_br_id_re && $b =~ $hd_br_exclude_re && /$b/ != */../* && /$b/ != */./* && -z $c &&
          ! $b =~ $hd_br_glob_only_re ]] || {
          hd_br_log error "invalid exclude pattern in the plan"
          return 1
        }
        hd_br_exclude_sites+=("$a")
        hd_br_exclude_patterns+=("$b")
        ;;
      database)
        [[ $a =~ ^(mariadb|mysql|postgresql)$ && $b =~ $hd_br_database_re && ($c =~ $hd_br_id_re || $c == -) && -z $d ]] || {
          hd_br_log error "invalid database in the plan"
          return 1
        }
        hd_br_db_engines+=("$a")
        hd_br_db_names+=("$b")
        hd_br_db_sites+=("$c")
        ;;
      retention)
        [[ $a =~ ^[0-9]{1,4}$ && $b =~ ^[0-9]{1,4}$ && $c =~ ^[0-9]{1,4}$ && -z $d ]] || {
          hd_br_log error "invalid retention in the plan"
          return 1
        }
        hd_br_keep=("$a" "$b" "$c")
        ;;
      '') ;;
      *)
        hd_br_log error "unknown line in the plan"
        return 1
        ;;
    esac
  done <"$hd_br_conf/plan"
}

# hd_br_glob_regex PATTERN  A glob of the exclude grammar as a find -regex fragment (* and ?
# never cross a /, as in restic).
hd_br_glob_regex() {
  local pattern=$1 out="" char index
  for ((index = 0; index < ${#pattern}; index++)); do
    char=${pattern:index:1}
    case $char in
      '*') out+='[^/]*' ;;
      '?') out+='[^/]' ;;
      [.+]) out+="\\$char" ;;
      *) out+=$char ;;
    esac
  done
  printf '%s' "$out"
}

# hd_br_sha256 FILE  The SHA-256 of FILE (64 hex). hd_br_sha256_files NAMES  The SHA-256 of each
# file named in NAMES (NUL-separated, relative to the current folder), in order, NUL-terminated.
# openssl uses the CPU's SHA instructions: 4-7 times as fast as coreutils' sha256sum, which was
# most of a run's manifest pass (bench/backup.bench.ts). Its one line per file is unambiguous only
# when no name holds a newline; such a list, or a server without openssl, takes sha256sum -z.
hd_br_sha256() {
  if command -v openssl >/dev/null; then openssl dgst -sha256 -r <"$1" | cut -c1-64; else sha256sum <"$1" | cut -c1-64; fi
}
hd_br_sha256_files() {
  if command -v openssl >/dev/null && [[ $(tr -cd '\n' <"$1" | wc -c) == 0 ]]; then
    sed -z 's|^|./|' -- "$1" | xargs -0 -r openssl dgst -sha256 -r | cut -c1-64 | tr '\n' '\0'
  else
    xargs -0 -r sha256sum -z -- <"$1" | cut -z -c1-64
  fi
}

# hd_br_site_list ROOT SITE_ID OUT CACHE  The manifest list of a site (docs/backups.md, manifest.json):
# one `path<TAB>size<TAB>sha256` record a line, sorted bytewise, excludes left out. Prints
# `<files> <bytes> <hashed>` on success. CACHE holds the sums of the last successful run, one
# `size:inode:mtime:ctime<SOH>path<SOH>sha256` record per file (NUL-terminated, sorted by path),
# and CACHE.sum its SHA-256: a file whose path and key are unchanged keeps its sum and is not read
# (as git and restic decide what changed). A cache that is missing or does not match its sum means
# every file is hashed. The new cache is left in OUT.cache(.sum) for the run to keep once its
# snapshot is listed.
hd_br_site_list() {
  local root=$1 site=$2 out=$3 cache=$4 index pattern prune=() count bytes hashed since usable=0 marked=0
  local -x LC_ALL=C
  local soh=$'\001'
  for index in "${!hd_br_exclude_sites[@]}"; do
    [[ ${hd_br_exclude_sites[index]} == "$site" ]] || continue
    pattern=${hd_br_exclude_patterns[index]}
    ((${#prune[@]} == 0)) || prune+=(-o)
    if [[ $pattern == /* ]]; then
      prune+=(-regex "\./$(hd_br_glob_regex "${pattern#/}")")
    else
      prune+=(-regex "\./(.*/)?$(hd_br_glob_regex "$pattern")")
    fi
  done
  ((${#prune[@]} > 0)) || prune=(-false)
  # Timestamps move in clock ticks: a file changed in the last 2 seconds could change again with
  # the same key, so its key is never trusted next time (git's "racy" entries).
  since=$(($(date +%s) - 2))
  (
    cd -- "$root" || exit 1
    find . -mindepth 1 -regextype posix-extended \( "${prune[@]}" \) -prune -o -type f \
      \( -newerct "@$since" -printf "%s:racy$soh%P\\0" -o -printf "%s:%i:%T@:%C@$soh%P\\0" \) |
      sort -z -t "$soh" -k2
  ) >"$out.keys" || return 1
  # Streamed through files, never a bash array: a site may hold millions of files.
  sed -z "s/^[^$soh]*$soh//" -- "$out.keys" >"$out.names" || return 1
  count=$(tr -cd '\0' <"$out.names" | wc -c)
  # A name holding SOH (the cache's separator) cannot be matched: every file is hashed, no cache.
  [[ $(tr -cd "$soh" <"$out.keys" | wc -c) == "$count" ]] && usable=1
  if ((usable)) && [[ -f $cache && -f $cache.sum && $(hd_br_sha256 "$cache") == "$(head -c 64 -- "$cache.sum")" ]]; then
    # One mark a file, in path order: `h<sum>` (the key found now is the cached one) or `m`.
    join -z -t "$soh" -1 2 -2 2 -a 1 -- "$out.keys" "$cache" | sed -z "s/^[^$soh]*$soh//" | tr '\0' '\n' |
      awk -F "$soh" 'NF == 3 && $1 == $2 && $1 !~ /racy/ && length($3) == 64 && $3 !~ /[^0-9a-f]/ { print "h" $3; next }
        { print "m" }' >"$out.marks" && [[ $(wc -l <"$out.marks") == "$count" ]] && marked=1
  fi
  if ((marked)); then
    paste -z -d '\t' "$out.names" <(tr '\n' '\0' <"$out.marks") | sed -z -n 's/\tm$//p' >"$out.missed" || return 1
    hashed=$(tr -cd '\0' <"$out.missed" | wc -c)
    (cd -- "$root" && hd_br_sha256_files "$out.missed") | tr '\0' '\n' >"$out.missed.sums" || return 1
    awk -v sums="$out.missed.sums" '
      $0 == "m" { if ((getline sum < sums) <= 0) exit 1; print sum; next }
      { print substr($0, 2) }' "$out.marks" | tr '\n' '\0' >"$out.sums" || return 1
  else
    hashed=$count
    (cd -- "$root" && hd_br_sha256_files "$out.names") >"$out.sums" || return 1
  fi
  cut -z -d: -f1 -- "$out.keys" | tr '\0' '\n' >"$out.sizes" || return 1
  [[ $(wc -l <"$out.sizes") == "$count" && $(tr -cd '\0' <"$out.sums" | wc -c) == "$count" ]] || return 1
  paste -z -d '\t' "$out.names" <(tr '\n' '\0' <"$out.sizes") "$out.sums" | tr '\0' '\n' >"$out" || return 1
  bytes=$(awk '{ s += $1 } END { printf "%.0f\n", s }' "$out.sizes")
  if ((usable)); then
    paste -z -d "$soh" "$out.keys" "$out.sums" >"$out.cache" && hd_br_sha256 "$out.cache" >"$out.cache.sum" || return 1
  fi
  rm -f -- "$out.keys" "$out.names" "$out.sizes" "$out.sums" "$out.marks" "$out.missed" "$out.missed.sums"
  printf '%s %s %s\n' "$count" "$bytes" "$hashed"
}

# hd_br_mysql_client / hd_br_mysql_dumper  MariaDB's names where they exist, else MySQL's.
hd_br_mysql_client() {
  if command -v mariadb >/dev/null; then printf 'mariadb'; else printf 'mysql'; fi
}
hd_br_mysql_dumper() {
  if command -v mariadb-dump >/dev/null; then printf 'mariadb-dump'; else printf 'mysqldump'; fi
}

# hd_br_dump ENGINE NAME FILE  One database into FILE, one database per dump (never
# --databases). Sets hd_br_dump_reason ('' when the dump counts: exit 0, non-empty, ending with
# the engine's completion marker).
hd_br_dump() {
  local engine=$1 name=$2 file=$3 status=0 marker exists
  hd_br_dump_reason=""
  case $engine in
    mariadb | mysql)
      exists=$("$(hd_br_mysql_client)" --batch --skip-column-names -e \
        "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '$name'" 2>&1) || exists=error
      marker='-- Dump completed'
      ;;
    postgresql)
      exists=$(cd / && runuser -u postgres -- psql --no-psqlrc -X -tA -c \
        "SELECT COUNT(*) FROM pg_database WHERE datname = '$name'" 2>&1) || exists=error
      marker='-- PostgreSQL database dump complete'
      ;;
  esac
  if [[ $exists == error* || ! $exists =~ ^[0-9]+$ ]]; then
    hd_br_dump_reason="the database server did not answer"
    return 0
  fi
  if ((exists == 0)); then
    hd_br_dump_reason="the database does not exist"
    return 0
  fi
  case $engine in
    mariadb | mysql)
      "$(hd_br_mysql_dumper)" --single-transaction --quick --routines --triggers --events \
        --default-character-set=utf8mb4 "$name" >"$file" || status=$?
      ;;
    postgresql)
      (cd / && runuser -u postgres -- pg_dump -Fp -d "$name") >"$file" || status=$?
      ;;
  esac
  if ((status != 0)); then
    hd_br_dump_reason="the dump command failed (exit $status)"
  elif [[ ! -s $file ]]; then
    hd_br_dump_reason="empty dump"
  elif ! tail -n 5 -- "$file" | grep -qF -- "$marker"; then
    hd_br_dump_reason="truncated dump: no completion marker"
  fi
}

# hd_br_tables ENGINE NAME  Prints the manifest's `"tables": {…}` object of a database: per table
# its row count and checksum. Fails when a table cannot be read.
hd_br_tables() {
  local engine=$1 name=$2 table quoted shown rows sum first=1 line
  printf '{'
  case $engine in
    mariadb | mysql)
      local client
      client=$(hd_br_mysql_client)
      while IFS= read -r table; do
        [[ -n $table ]] || continue
        quoted="\`$name\`.\`${table//\`/\`\`}\`"
        rows=$("$client" --batch --skip-column-names -e "SELECT COUNT(*) FROM $quoted") || return 1
        line=$("$client" --batch --skip-column-names -e "CHECKSUM TABLE $quoted") || return 1
        sum=${line##*$'\t'}
        [[ $rows =~ ^[0-9]+$ && $sum =~ ^[0-9]+$|^NULL$ ]] || return 1
        ((first)) || printf ','
        first=0
        printf '%s:{"rows":%s,"checksum":%s}' "$(hd_br_json "$table")" "$rows" "$(hd_br_json "$sum")"
      done < <("$client" --batch --skip-column-names -e \
        "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$name' AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME")
      ;;
    postgresql)
      while IFS=$'\t' read -r quoted shown; do
        [[ -n $quoted ]] || continue
        line=$(cd / && runuser -u postgres -- psql --no-psqlrc -X -v ON_ERROR_STOP=1 -tA -F $'\t' -d "$name" -c \
          "SELECT count(*), coalesce(md5(string_agg(t::text, '' ORDER BY t::text)), '') FROM $quoted t") || return 1
        rows=${line%%$'\t'*}
        sum=${line#*$'\t'}
        [[ $rows =~ ^[0-9]+$ && $sum =~ ^[0-9a-f]{0,32}$ ]] || return 1
        ((first)) || printf ','
        first=0
        printf '%s:{"rows":%s,"checksum":%s}' "$(hd_br_json "$shown")" "$rows" "$(hd_br_json "$sum")"
      done < <(cd / && runuser -u postgres -- psql --no-psqlrc -X -v ON_ERROR_STOP=1 -tA -F $'\t' -d "$name" -c \
        "SELECT quote_ident(schemaname) || '.' || quote_ident(tablename), schemaname || '.' || tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 2")
      ;;
  esac
  printf '}'
}

# hd_br_summary_number FILE KEY  A number of restic's JSON summary line.
hd_br_summary_number() {
  local value
  value=$(grep -o "\"$2\":[0-9]*" -- "$1" | tail -n 1 | cut -d: -f2 || true)
  printf '%s' "${value:-0}"
}

# hd_br_fail_run MESSAGE / hd_br_finish STATE  The end of a run: result.json and the result line
# (they read hd_br_run's locals, bash's dynamic scope).
hd_br_fail_run() {
  error=$1
  hd_br_log error "$1"
  hd_br_finish failed
}
hd_br_finish() {
  state_word=$1
  rm -rf -- "$staging" "$summary" "$excludes_file" "${staging%/*}/backup.err" "${staging%/*}"/list-*
  mkdir -p -- "$staging" && chmod 0700 -- "$staging"
  printf '{"config_id":%s,"state":"%s","trigger":"%s","scope":%s,"started_at":"%s","ended_at":"%s","snapshot_id":%s,"size_bytes":%s,"added_bytes":%s,"files":%s,"sites":[%s],"databases":[%s],"error":%s}\n' \
    "$id" "$state_word" "$trigger" "$(hd_br_json "$scope")" "$started" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
    "$(if [[ -n $snapshot ]]; then hd_br_json "$snapshot"; else printf null; fi)" "$size" "$added" "$file_count" \
    "$sites_json" "$databases_json" "$(hd_br_reason "$error")" >"$run/result.json"
  printf 'result\t%s\n' "$(<"$run/result.json")"
}

# hd_br_run ID TRIGGER SCOPE TIME RUN_DIR  One run (docs/backups.md, A run). Writes
# RUN_DIR/result.json and prints `result<TAB><json>` last.
hd_br_run() {
  local id=$1 trigger=$2 scope=$3 when=$4 run=$5
  local state=/var/lib/hostdeck/backups/$id started staging excludes_file summary
  local index engine name site root pattern failed=() paths=() tags=() extra=()
  local sites_json="" databases_json="" manifest_sites="" manifest_databases="" reason list counts
  local snapshot="" file_count=0 size=0 added=0 state_word error="" status=0 upload_ok=0 incomplete=0
  started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  staging=$state/staging
  excludes_file=$state/excludes
  summary=$state/backup.json

  hd_br_load_config "$id" || {
    hd_br_fail_run "the backup configuration could not be read"
    return 0
  }
  hd_br_load_plan || {
    hd_br_fail_run "the backup plan could not be read"
    return 0
  }
  hd_br_restic_version_ok || {
    hd_br_fail_run "restic $hd_br_minimum_restic or newer is not installed"
    return 0
  }

  # The scope: every planned site and database, one site (with its databases), or one database.
  local want_site="" want_engine="" want_name=""
  case $scope in
    all) ;;
    site:*) want_site=${scope#site:} ;;
    database:*:*)
      want_engine=${scope#database:}
      want_name=${want_engine#*:}
      want_engine=${want_engine%%:*}
      ;;
  esac
  local use_sites=() use_dbs=()
  for index in "${!hd_br_site_ids[@]}"; do
    [[ -n $want_engine ]] && continue
    [[ -z $want_site || ${hd_br_site_ids[index]} == "$want_site" ]] && use_sites+=("$index")
  done
  for index in "${!hd_br_db_engines[@]}"; do
    if [[ -n $want_site ]]; then
      [[ ${hd_br_db_sites[index]} == "$want_site" ]] || continue
    elif [[ -n $want_engine ]]; then
      [[ ${hd_br_db_engines[index]} == "$want_engine" && ${hd_br_db_names[index]} == "$want_name" ]] || continue
    fi
    use_dbs+=("$index")
  done
  if [[ -n $want_site && ${#use_sites[@]} -eq 0 ]]; then
    hd_br_fail_run "site $want_site is not in this backup plan"
    return 0
  fi
  if [[ -n $want_engine && ${#use_dbs[@]} -eq 0 ]]; then
    hd_br_fail_run "database $want_name ($want_engine) is not in this backup plan"
    return 0
  fi

  rm -rf -- "$staging"
  mkdir -p -- "$staging/databases" && chmod 0700 -- "$staging" "$staging/databases"

  # 1. Dumps, one database per dump, each checked.
  for index in "${use_dbs[@]}"; do
    engine=${hd_br_db_engines[index]}
    name=${hd_br_db_names[index]}
    mkdir -p -- "$staging/databases/$engine" && chmod 0700 -- "$staging/databases/$engine"
    local file=$staging/databases/$engine/$name.sql tables=""
    hd_br_log info "dumping $name ($engine)"
    hd_br_dump "$engine" "$name" "$file"
    reason=$hd_br_dump_reason
    if [[ -z $reason ]] && ! tables=$(hd_br_tables "$engine" "$name"); then
      reason="the tables could not be counted and checksummed"
    fi
    [[ -z $databases_json ]] || databases_json+=','
    [[ -z $manifest_databases ]] || manifest_databases+=','
    # The site the database is backed up with, so a restore of a deleted site finds its databases.
    manifest_databases+=$(printf '{"site_id":%s,' "${hd_br_db_sites[index]/#-/null}")
    if [[ -z $reason ]]; then
      databases_json+=$(printf '{"engine":"%s","name":"%s","ok":true,"reason":null}' "$engine" "$name")
      manifest_databases+=$(printf '"engine":"%s","name":"%s","ok":true,"reason":null,"file":"databases/%s/%s.sql","bytes":%s,"sha256":"%s","tables":%s}' \
        "$engine" "$name" "$engine" "$name" "$(stat -c %s -- "$file")" "$(hd_br_sha256 "$file")" "$tables")
      hd_br_log info "dumped $name ($engine): $(stat -c %s -- "$file") bytes"
    else
      rm -f -- "$file"
      failed+=("database $name: $reason")
      databases_json+=$(printf '{"engine":"%s","name":"%s","ok":false,"reason":%s}' "$engine" "$name" "$(hd_br_json "$reason")")
      manifest_databases+=$(printf '"engine":"%s","name":"%s","ok":false,"reason":%s}' "$engine" "$name" "$(hd_br_json "$reason")")
      hd_br_log error "database $name ($engine): $reason"
    fi
  done

  # 2. The sites' file lists, and the manifest.
  : >"$excludes_file"
  rm -f -- "$state"/list-*
  local files bytes hashed
  for index in "${use_sites[@]}"; do
    site=${hd_br_site_ids[index]}
    name=${hd_br_site_names[index]}
    root=${hd_br_site_roots[index]}
    reason=""
    if [[ -L $root || ! -d $root ]]; then
      reason="the site's folder $root does not exist"
    elif ! counts=$(hd_br_site_list "$root" "$site" "$state/list-$site" "$state/hashes-$site"); then
      reason="the site's files could not be read"
    fi
    [[ -z $sites_json ]] || sites_json+=','
    if [[ -n $reason ]]; then
      failed+=("site $name: $reason")
      sites_json+=$(printf '{"id":%s,"name":"%s","ok":false,"reason":%s}' "$site" "$name" "$(hd_br_json "$reason")")
      hd_br_log error "site $name: $reason"
      continue
    fi
    read -r files bytes hashed <<<"$counts"
    list=$(sha256sum -- "$state/list-$site" | cut -c1-64)
    rm -f -- "$state/list-$site"
    sites_json+=$(printf '{"id":%s,"name":"%s","ok":true,"reason":null}' "$site" "$name")
    [[ -z $manifest_sites ]] || manifest_sites+=','
    manifest_sites+=$(printf '{"id":%s,"name":"%s","root":"%s","files":%s,"bytes":%s,"sha256":"%s"}' \
      "$site" "$name" "$root" "$files" "$bytes" "$list")
    paths+=("$root")
    for pattern in "${!hd_br_exclude_sites[@]}"; do
      [[ ${hd_br_exclude_sites[pattern]} == "$site" ]] || continue
      pattern=${hd_br_exclude_patterns[pattern]}
      if [[ $pattern == /* ]]; then
        printf '%s%s\n' "$root" "$pattern" >>"$excludes_file"
      else
        printf '%s/%s\n%s/**/%s\n' "$root" "$pattern" "$root" "$pattern" >>"$excludes_file"
      fi
    done
    hd_br_log info "site $name: $files files, $bytes bytes; hashed $hashed of $files files (the others unchanged since the last run)"
  done
  printf '{"format":1,"config_id":%s,"created_at":"%s","trigger":"%s","scope":%s,"sites":[%s],"databases":[%s]}\n' \
    "$id" "${when:-$started}" "$trigger" "$(hd_br_json "$scope")" "$manifest_sites" "$manifest_databases" \
    >"$staging/manifest.json"

  # 3. The upload: sites, staging, the panel's configs that exist.
  paths+=("$staging")
  local config
  shopt -s nullglob
  for config in /etc/nginx/sites-available/hostdeck-* /etc/php/*/fpm/pool.d/*.conf /etc/cron.d/hostdeck-* \
    /etc/supervisor/conf.d/hostdeck-*; do
    [[ -f $config && ! -L $config ]] && paths+=("$config")
  done
  shopt -u nullglob
  tags=(--tag hostdeck --tag "config-$id" --tag "trigger-$trigger" --tag "scope-${scope//:/-}")
  if [[ -n $when && $when =~ $hd_br_time_re ]]; then
    extra=(--time "${BASH_REMATCH[1]} ${BASH_REMATCH[2]}")
  fi
  hd_br_log info "uploading to $RESTIC_REPOSITORY"
  hd_br_restic backup --json "${tags[@]}" "${extra[@]}" --exclude-file "$excludes_file" -- "${paths[@]}" \
    >"$summary" 2> >(tee "$state/backup.err" >&2) || status=$?
  if [[ $status == 0 || $status == 3 ]]; then
    # restic 0.14 names the snapshot by its short id here; forget's answer below gives the full one.
    snapshot=$(grep -o '"snapshot_id":"[0-9a-f]\{8,64\}"' -- "$summary" | tail -n 1 | cut -d'"' -f4 || true)
    file_count=$(hd_br_summary_number "$summary" total_files_processed)
    size=$(hd_br_summary_number "$summary" total_bytes_processed)
    added=$(hd_br_summary_number "$summary" data_added)
    ((status == 3)) && incomplete=1
  fi
  # 4. Retention, then the listing: a run is never succeeded unless the repository itself lists
  # its snapshot after the retention ran (forget's own answer names the snapshots it removes as
  # well as the ones it keeps, so it cannot stand for the listing). restic runs the prune of
  # `--prune` only when forget removed a snapshot (a prune reads every index: slow on S3).
  if [[ -n $snapshot ]]; then
    local keep=(--keep-daily "${hd_br_keep[0]}" --keep-weekly "${hd_br_keep[1]}" --keep-monthly "${hd_br_keep[2]}")
    local listed=""
    if [[ ${hd_br_keep[*]} == '0 0 0' ]]; then keep=(--keep-last 1); fi
    hd_br_log info "retention: restic forget ${keep[*]}"
    if ! hd_br_restic forget --tag "config-$id" "${keep[@]}" --prune >/dev/null; then
      failed+=("retention: restic forget failed")
      hd_br_log error "the retention (restic forget --prune) failed"
    fi
    listed=$(hd_br_restic snapshots --json -- "$snapshot" 2>/dev/null | grep -o '"id":"[0-9a-f]\{64\}"' |
      cut -d'"' -f4 | grep -m1 "^$snapshot" || true)
    snapshot=$listed
  fi
  if [[ $snapshot =~ ^[0-9a-f]{64}$ ]]; then
    upload_ok=1
    # This run's sums become the next run's cache: only a run whose snapshot is listed keeps them.
    local kept
    for kept in "$state"/list-*.cache; do
      [[ -f $kept && -f $kept.sum ]] || continue
      site=${kept##*/list-}
      site=${site%.cache}
      mv -f -- "$kept" "$state/hashes-$site" && mv -f -- "$kept.sum" "$state/hashes-$site.sum"
    done
    hd_br_log info "snapshot ${snapshot:0:8} is in the repository: $file_count files, $size bytes, $added bytes added"
  else
    snapshot=""
    file_count=0
    size=0
    added=0
    error="the upload failed (restic exit $status): no snapshot is in the repository"
    reason=$(grep -v '^\s*$' -- "$state/backup.err" 2>/dev/null | tail -n 1 | head -c 500 || true)
    [[ -z $reason ]] || error+=" ($reason)"
    hd_br_log error "$error"
  fi
  ((incomplete == 0)) || failed+=("some files could not be read (restic exit 3)")

  # 5. The result.
  if ((upload_ok == 0)); then
    hd_br_finish failed
  elif ((${#failed[@]} > 0)); then
    error=$(printf '%s; ' "${failed[@]}")
    error=${error%; }
    hd_br_finish partial
  else
    hd_br_finish succeeded
  fi
}

# hd_br_post RUN_DIR  Sends a cron run's result to the panel (best effort: the panel also reads
# the runs folder). The token goes to curl in a config on its stdin, never in its arguments.
hd_br_post() {
  local url token
  [[ -f $hd_br_conf/panel_url && -f $hd_br_conf/token && -f $1/result.json ]] || return 0
  url=$(head -c 2048 -- "$hd_br_conf/panel_url")
  token=$(head -c 2048 -- "$hd_br_conf/token")
  [[ $url =~ $hd_br_endpoint_re && $token =~ ^[A-Za-z0-9_.~-]{16,256}$ ]] || return 0
  printf 'header = "Authorization: Bearer %s"\n' "$token" |
    curl -sS --fail --max-time 60 -K - -H 'Content-Type: application/json' \
      --data-binary "@$1/result.json" -- "$url/api/backup-history" >/dev/null ||
    hd_br_log warn "the result could not be sent to the panel; it reads it from this server later"
}

# hd_br_main ID [cron|manual] [SCOPE] [TIME]  The run script's entry: one run at a time per
# config (flock -n; a second start is refused with status 75), its output kept (first 256 KiB)
# with its result in /var/lib/hostdeck/backups/ID/runs/<start>/, 50 runs kept. `manual` also
# copies the output to stdout, live. Exit: 0 succeeded or partial, 1 failed, 2 bad arguments.
hd_br_main() {
  local id=${1:-} trigger=${2:-cron} scope=${3:-all} when=${4:-}
  PATH=$hd_br_path
  export PATH LANG=C.UTF-8 LC_ALL=C.UTF-8
  umask 077
  [[ $id =~ $hd_br_id_re ]] || { echo "backup-run: invalid configuration id" >&2; return 2; }
  [[ $trigger == cron || $trigger == manual ]] || { echo "backup-run: invalid trigger" >&2; return 2; }
  [[ $scope == all || $scope =~ ^site:[1-9][0-9]{0,9}$ || $scope =~ ^database:(mariadb|mysql|postgresql):[A-Za-z][A-Za-z0-9_]{0,63}$ ]] ||
    { echo "backup-run: invalid scope" >&2; return 2; }
  [[ -z $when || $when =~ $hd_br_time_re ]] || { echo "backup-run: invalid snapshot time" >&2; return 2; }
  local state=/var/lib/hostdeck/backups/$id runs run status
  mkdir -p -- /var/lib/hostdeck
  hd_br_folder /var/lib/hostdeck/backups || return 1
  hd_br_folder "$state" || return 1
  runs=$state/runs
  hd_br_folder "$runs" || return 1
  exec 9>"$state/lock"
  if ! flock -n 9; then
    hd_br_log error "a backup of this configuration is still running; this run is skipped"
    return 75
  fi
  run=$runs/$(date +%s)
  local tries=0
  while ! mkdir -m 0700 -- "$run" 2>/dev/null; do
    # A runs folder that cannot take a new entry (full disk, read-only) must not loop forever.
    ((++tries < 5)) || { hd_br_log error "cannot create $run"; return 1; }
    sleep 1
    run=$runs/$(date +%s)
  done
  if [[ $trigger == manual ]]; then exec 3>&1; else exec 3>/dev/null; fi
  (
    set -Eeuo pipefail
    hd_br_run "$id" "$trigger" "$scope" "$when" "$run"
  ) 2>&1 | tee /dev/fd/3 | {
    head -c 262144 >"$run/output"
    cat >/dev/null
  }
  status=${PIPESTATUS[0]}
  if [[ ! -f $run/result.json ]]; then
    printf '{"config_id":%s,"state":"failed","trigger":"%s","scope":"%s","started_at":"%s","ended_at":"%s","snapshot_id":null,"size_bytes":0,"added_bytes":0,"files":0,"sites":[],"databases":[],"error":"the run stopped unexpectedly (exit %s); see its output"}\n' \
      "$id" "$trigger" "$scope" "$(date -u -d "@${run##*/}" +%Y-%m-%dT%H:%M:%SZ)" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$status" \
      >"$run/result.json"
    printf 'result\t%s\n' "$(<"$run/result.json")" | tee -a "$run/output" >&3
    rm -rf -- "$state/staging"
  fi
  exec 3>&-
  local old
  while IFS= read -r old; do
    [[ $old =~ ^[0-9]+$ ]] && rm -rf -- "${runs:?}/$old"
  done < <(find "$runs" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -n | head -n -50)
  if [[ $trigger == cron ]]; then
    hd_br_conf=/etc/hostdeck/backups/$id
    hd_br_post "$run"
  fi
  grep -q '"state":"failed"' -- "$run/result.json" && return 1
  return 0
}

# =============================================================================================
# Steps

# hd_backup_check_id  HD_BACKUP_CONFIG_ID is a row id.
hd_backup_check_id() {
  [[ ${HD_BACKUP_CONFIG_ID:-} =~ $hd_br_id_re ]] || hd_fail "invalid backup configuration id"
}

# hd_backup_require_restic  restic is installed and recent enough.
hd_backup_require_restic() {
  command -v restic >/dev/null || hd_fail "restic is not installed on this server (run backup-install)"
  hd_br_restic_version_ok || hd_fail "restic $hd_br_minimum_restic or newer is required; this server has $(restic version | awk '{print $2}')"
}

# hd_backup_check_drive  The HD_BACKUP_* drive variables, checked again; sets hd_backup_repository
# (without the server's own folder, which configure adds).
hd_backup_check_drive() {
  case ${HD_BACKUP_DRIVE_KIND:-} in
    s3)
      [[ ${HD_BACKUP_S3_ENDPOINT:-} =~ $hd_br_endpoint_re ]] || hd_fail "invalid S3 endpoint"
      [[ ${HD_BACKUP_S3_REGION:-} =~ $hd_br_region_re ]] || hd_fail "invalid S3 region"
      [[ ${HD_BACKUP_S3_BUCKET:-} =~ $hd_br_bucket_re && $HD_BACKUP_S3_BUCKET != *..* ]] || hd_fail "invalid S3 bucket"
      [[ ${HD_BACKUP_S3_ACCESS_KEY_ID:-} =~ $hd_br_key_id_re ]] || hd_fail "invalid S3 access key id"
      [[ -z ${HD_BACKUP_DRIVE_PATH:-} || ($HD_BACKUP_DRIVE_PATH =~ $hd_br_prefix_re && /$HD_BACKUP_DRIVE_PATH/ != */../* && /$HD_BACKUP_DRIVE_PATH/ != */./*) ]] ||
        hd_fail "invalid S3 path"
      hd_backup_repository=s3:$HD_BACKUP_S3_ENDPOINT/$HD_BACKUP_S3_BUCKET${HD_BACKUP_DRIVE_PATH:+/$HD_BACKUP_DRIVE_PATH}
      ;;
    sftp | server)
      [[ ${HD_BACKUP_SFTP_HOST:-} =~ $hd_br_host_re ]] || hd_fail "invalid SFTP host"
      { [[ ${HD_BACKUP_SFTP_PORT:-} =~ $hd_br_port_re ]] && ((HD_BACKUP_SFTP_PORT <= 65535)); } || hd_fail "invalid SFTP port"
      [[ ${HD_BACKUP_SFTP_USER:-} =~ $hd_br_user_re ]] || hd_fail "invalid SFTP user"
      { [[ ${HD_BACKUP_DRIVE_PATH:-} != / ]] && hd_br_clean_path "${HD_BACKUP_DRIVE_PATH:-}"; } || hd_fail "invalid SFTP path"
      [[ -z ${HD_BACKUP_SFTP_HOST_KEY:-} || $HD_BACKUP_SFTP_HOST_KEY =~ ^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521)\ [A-Za-z0-9+/]{16,1024}={0,2}$ ]] ||
        hd_fail "invalid SFTP host key"
      hd_backup_repository=sftp:$HD_BACKUP_SFTP_USER@$HD_BACKUP_SFTP_HOST:${HD_BACKUP_DRIVE_PATH%/}
      ;;
    local)
      { [[ ${HD_BACKUP_DRIVE_PATH:-} != / ]] && hd_br_clean_path "${HD_BACKUP_DRIVE_PATH:-}"; } || hd_fail "invalid folder"
      hd_backup_repository=${HD_BACKUP_DRIVE_PATH%/}
      ;;
    *) hd_fail "unknown drive kind" ;;
  esac
}

# hd_backup_read_secrets  stdin's `name<TAB>hex` lines into hd_backup_secret_<name> (password,
# secret, token), each decoded and checked.
hd_backup_read_secrets() {
  local name hex value lines=0
  hd_backup_secret_password=""
  hd_backup_secret_secret=""
  hd_backup_secret_token=""
  # Bounded (line length, line count, time): a stream without newlines, or one that never ends,
  # must not grow this shell.
  while IFS=$'\t' read -t 300 -r -n 33000 name hex; do
    # (A bounded repetition such as ([0-9a-f]{2}){1,16384} makes glibc's regex engine crawl.)
    { ((++lines <= 8)) && [[ $name =~ ^(password|secret|token)$ && $hex =~ ^[0-9a-f]+$ ]] && ((${#hex} % 2 == 0 && ${#hex} <= 32768)); } ||
      hd_fail "invalid secret on stdin"
    printf -v value '%b' "$(printf '%s' "$hex" | sed 's/../\\x&/g')"
    printf -v "hd_backup_secret_$name" '%s' "$value"
  done
}

# hd_backup_secret_fits  The decoded secrets have the shapes the drive kind needs.
hd_backup_secret_fits() {
  case $HD_BACKUP_DRIVE_KIND in
    s3) [[ $hd_backup_secret_secret =~ $hd_br_secret_re ]] || hd_fail "invalid S3 secret key" ;;
    sftp | server)
      local pem=$'^-----BEGIN [A-Z ]+PRIVATE KEY-----\n[A-Za-z0-9+/=\n]+\n-----END [A-Z ]+PRIVATE KEY-----\n?$'
      [[ $hd_backup_secret_secret =~ $pem ]] || hd_fail "invalid SSH private key"
      ;;
    local) [[ -z $hd_backup_secret_secret ]] || hd_fail "a local drive has no secret" ;;
  esac
}

# hd_backup_write FILE MODE  stdin to FILE (atomically, root) when it differs; logs a change.
hd_backup_write() {
  local target=$1 mode=$2 temp
  hd_temp_beside temp "$target"
  cat >"$temp"
  if [[ -f $target && ! -L $target ]] && cmp -s -- "$temp" "$target" &&
    [[ $(stat -c %a:%u -- "$target") == "${mode#0}:0" ]]; then
    return 0
  fi
  chmod -- "$mode" "$temp"
  chown root:root -- "$temp"
  mv -f -- "$temp" "$target"
  hd_log change "Wrote $target"
}

# hd_backup_remove_file FILE  Removes FILE when it exists; logs a change.
hd_backup_remove_file() {
  if [[ -e $1 || -L $1 ]]; then
    rm -rf -- "$1"
    hd_log change "Removed $1"
  fi
}

# hd_backup_install_runner  Writes /usr/local/lib/hostdeck/backup-run when it differs.
hd_backup_install_runner() {
  local text function
  text=$(
    printf '#!/bin/bash\n# Managed by HostDeck: runs a backup of the panel (docs/backups.md).\n'
    printf '# Usage: backup-run CONFIG-ID [cron|manual] [all|site:ID|database:ENGINE:NAME] [YYYY-MM-DDTHH:MM:SSZ]\n'
    printf 'set -uo pipefail\n'
    declare -p hd_br_path hd_br_minimum_restic hd_br_id_re hd_br_path_re hd_br_host_re hd_br_user_re \
      hd_br_port_re hd_br_region_re hd_br_bucket_re hd_br_prefix_re hd_br_endpoint_re hd_br_key_id_re \
      hd_br_secret_re hd_br_site_name_re hd_br_exclude_re hd_br_glob_only_re hd_br_database_re hd_br_time_re
    while read -r _ _ function; do
      [[ $function == hd_br_* ]] && declare -f "$function"
    done < <(declare -F)
    printf 'hd_br_main "$@"\n'
  )
  mkdir -p -- "$(dirname -- "$hd_backup_runner")"
  if ! printf '%s\n' "$text" | cmp -s -- - "$hd_backup_runner"; then
    printf '%s\n' "$text" | hd_write_atomic "$hd_backup_runner" 0755 root:root
    hd_log change "Installed the backup run script $hd_backup_runner"
  fi
}

# backup-install, step `install`: Debian's restic (+ curl and the SSH client), at least 0.14.0.
step_install() {
  hd_apt_install restic curl ca-certificates openssh-client
  hd_backup_require_restic
  hd_log info "$(restic version)"
}

# backup-configure, step `configure` (idempotent): the config's files, its cron line, the run
# script, and `restic init` when the repository does not exist yet.
step_configure() {
  hd_backup_check_id
  [[ ${HD_BACKUP_SERVER_ID:-} =~ $hd_br_id_re ]] || hd_fail "invalid server id"
  hd_backup_check_drive
  [[ ${HD_BACKUP_RETENTION:-} =~ ^[0-9]{1,4}\ [0-9]{1,4}\ [0-9]{1,4}$ ]] || hd_fail "invalid retention"
  [[ -z ${HD_BACKUP_SCHEDULE:-} || $HD_BACKUP_SCHEDULE =~ ^(@(yearly|annually|monthly|weekly|daily|hourly)|[0-9A-Za-z*/,-]+( [0-9A-Za-z*/,-]+){4})$ ]] ||
    hd_fail "value is not a valid cron expression"
  [[ -z ${HD_BACKUP_PANEL_URL:-} || $HD_BACKUP_PANEL_URL =~ $hd_br_endpoint_re ]] || hd_fail "invalid panel URL"
  hd_backup_read_secrets
  [[ $hd_backup_secret_password =~ ^[\ -~]{16,256}$ ]] || hd_fail "invalid repository password"
  hd_backup_secret_fits
  [[ -z $hd_backup_secret_token || $hd_backup_secret_token =~ ^[A-Za-z0-9_.~-]{16,256}$ ]] || hd_fail "invalid callback token"
  hd_backup_require_restic

  # The plan, built from the checked variables and checked again line by line by the run.
  local plan line id name root engine site
  plan=""
  while IFS=$'\t' read -r id name root; do
    [[ -n $id ]] || continue
    { [[ $id =~ $hd_br_id_re && $name =~ $hd_br_site_name_re && $root != / ]] && hd_br_clean_path "$root"; } ||
      hd_fail "invalid site"
    plan+=$(printf 'site\t%s\t%s\t%s' "$id" "$name" "${root%/}")$'\n'
  done <<<"${HD_BACKUP_SITES:-}"
  while IFS=$'\t' read -r site name; do
    [[ -n $site ]] || continue
    [[ $site =~ $hd_br_id_re && $name =~ $hd_br_exclude_re && /$name/ != */../* && /$name/ != */./* &&
      ! $name =~ $hd_br_glob_only_re ]] ||
      hd_fail "invalid exclude pattern"
    plan+=$(printf 'exclude\t%s\t%s' "$site" "$name")$'\n'
  done <<<"${HD_BACKUP_EXCLUDES:-}"
  while IFS=$'\t' read -r engine name site; do
    [[ -n $engine ]] || continue
    [[ $engine =~ ^(mariadb|mysql|postgresql)$ && $name =~ $hd_br_database_re && ($site =~ $hd_br_id_re || $site == -) ]] ||
      hd_fail "invalid database"
    plan+=$(printf 'database\t%s\t%s\t%s' "$engine" "$name" "$site")$'\n'
  done <<<"${HD_BACKUP_DATABASES:-}"
  read -r -a line <<<"$HD_BACKUP_RETENTION"
  plan+=$(printf 'retention\t%s\t%s\t%s' "${line[0]}" "${line[1]}" "${line[2]}")$'\n'

  # The files.
  local conf=$hd_backup_etc/$HD_BACKUP_CONFIG_ID env repository
  [[ -e /etc/hostdeck || -L /etc/hostdeck ]] || mkdir -m 0755 -- /etc/hostdeck
  [[ -d /etc/hostdeck && ! -L /etc/hostdeck ]] || hd_fail "/etc/hostdeck is not a folder"
  hd_br_folder "$hd_backup_etc" || hd_fail "$hd_backup_etc is not a folder"
  hd_br_folder "$conf" || hd_fail "$conf is not a folder"
  repository=$hd_backup_repository/hostdeck-$HD_BACKUP_SERVER_ID
  env="RESTIC_REPOSITORY=$repository"$'\n'
  case $HD_BACKUP_DRIVE_KIND in
    s3)
      env+="AWS_ACCESS_KEY_ID=$HD_BACKUP_S3_ACCESS_KEY_ID"$'\n'
      env+="AWS_SECRET_ACCESS_KEY=$hd_backup_secret_secret"$'\n'
      env+="AWS_DEFAULT_REGION=$HD_BACKUP_S3_REGION"$'\n'
      ;;
    sftp | server)
      env+="SFTP_HOST=$HD_BACKUP_SFTP_HOST"$'\n'"SFTP_PORT=$HD_BACKUP_SFTP_PORT"$'\n'"SFTP_USER=$HD_BACKUP_SFTP_USER"$'\n'
      ;;
  esac
  printf '%s' "$env" | hd_backup_write "$conf/env" 0600
  printf '%s\n' "$hd_backup_secret_password" | hd_backup_write "$conf/password" 0600
  printf '%s' "$plan" | hd_backup_write "$conf/plan" 0600
  case $HD_BACKUP_DRIVE_KIND in
    sftp | server)
      printf '%s\n' "${hd_backup_secret_secret%$'\n'}" | hd_backup_write "$conf/sftp_key" 0600
      local known=$HD_BACKUP_SFTP_HOST
      [[ $HD_BACKUP_SFTP_PORT == 22 ]] || known="[$HD_BACKUP_SFTP_HOST]:$HD_BACKUP_SFTP_PORT"
      if [[ -n ${HD_BACKUP_SFTP_HOST_KEY:-} ]]; then
        printf '%s %s\n' "$known" "$HD_BACKUP_SFTP_HOST_KEY" | hd_backup_write "$conf/known_hosts" 0600
      elif [[ ! -f $conf/known_hosts ]]; then
        # No pinned key: the first connection below learns it (accept-new), then it is pinned.
        : | hd_backup_write "$conf/known_hosts" 0600
      fi
      ;;
    *)
      hd_backup_remove_file "$conf/sftp_key"
      hd_backup_remove_file "$conf/known_hosts"
      ;;
  esac
  if [[ -n ${HD_BACKUP_PANEL_URL:-} && -n $hd_backup_secret_token ]]; then
    printf '%s\n' "$HD_BACKUP_PANEL_URL" | hd_backup_write "$conf/panel_url" 0600
    printf '%s\n' "$hd_backup_secret_token" | hd_backup_write "$conf/token" 0600
  else
    hd_backup_remove_file "$conf/panel_url"
    hd_backup_remove_file "$conf/token"
  fi
  hd_backup_install_runner
  local cron_file=/etc/cron.d/hostdeck-backup-$HD_BACKUP_CONFIG_ID
  if [[ -n ${HD_BACKUP_SCHEDULE:-} ]]; then
    {
      printf '# Managed by HostDeck (backup configuration %s): change it in the panel.\n' "$HD_BACKUP_CONFIG_ID"
      printf 'SHELL=/bin/sh\nPATH=%s\n' "$hd_br_path"
      printf '%s root %s %s cron >/dev/null 2>&1\n' "$HD_BACKUP_SCHEDULE" "$hd_backup_runner" "$HD_BACKUP_CONFIG_ID"
    } | hd_backup_write "$cron_file" 0644
  else
    hd_backup_remove_file "$cron_file"
  fi

  # The repository: created only when it does not exist yet; any other error fails the step.
  hd_br_folder /var/lib/hostdeck/backups || hd_fail "/var/lib/hostdeck/backups is not a folder"
  hd_br_load_config "$HD_BACKUP_CONFIG_ID" || hd_fail "the configuration could not be read back"
  local errors
  hd_temp_file errors
  if hd_br_restic cat config >/dev/null 2>"$errors"; then
    hd_log info "the repository $repository exists and opens with this password"
  elif grep -q 'unable to open config file' -- "$errors"; then
    hd_br_restic init --repository-version 2 >/dev/null 2>"$errors" || {
      tail -n 20 -- "$errors" >&2
      hd_fail "the repository $repository could not be created"
    }
    hd_log change "Created the repository $repository"
  else
    tail -n 20 -- "$errors" >&2
    hd_fail "the repository $repository could not be opened: $({ grep -m1 -i 'fatal' -- "$errors" || tail -n 1 -- "$errors"; } | head -c 500 || true)"
  fi
}

# backup-run, step `run`: the run script now, its output live (docs/backups.md, A run).
step_run() {
  hd_backup_check_id
  [[ ${HD_BACKUP_SCOPE:-all} == all || $HD_BACKUP_SCOPE =~ ^site:[1-9][0-9]{0,9}$ ||
    $HD_BACKUP_SCOPE =~ ^database:(mariadb|mysql|postgresql):[A-Za-z][A-Za-z0-9_]{0,63}$ ]] || hd_fail "invalid scope"
  [[ -z ${HD_BACKUP_TIME:-} || $HD_BACKUP_TIME =~ $hd_br_time_re ]] || hd_fail "invalid snapshot time"
  hd_backup_require_restic
  hd_backup_install_runner
  local status=0
  "$hd_backup_runner" "$HD_BACKUP_CONFIG_ID" manual "${HD_BACKUP_SCOPE:-all}" "${HD_BACKUP_TIME:-}" || status=$?
  case $status in
    0) ;;
    75) hd_fail "a backup of this configuration is still running" ;;
    *) exit 1 ;;
  esac
}

# backup-runs, step `read` (read-only): the config's runs, newest first:
#   run<TAB>START<TAB>BASE64(result.json or '')<TAB>BASE64(last 4 KiB of the output)
#   done
step_runs() {
  hd_backup_check_id
  local runs=/var/lib/hostdeck/backups/$HD_BACKUP_CONFIG_ID/runs run result output
  if [[ -d $runs && ! -L $runs ]]; then
    while IFS= read -r run; do
      [[ $run =~ ^[0-9]+$ ]] || continue
      result=""
      [[ -f $runs/$run/result.json ]] && result=$(head -c 1048576 -- "$runs/$run/result.json" | base64 -w0)
      output=$(tail -c 4096 -- "$runs/$run/output" 2>/dev/null | base64 -w0)
      printf 'run\t%s\t%s\t%s\n' "$run" "$result" "$output"
    done < <(find "$runs" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -rn)
  fi
  printf 'done\n'
}

# backup-snapshots, step `list` (read-only): `snapshots<TAB>BASE64(restic snapshots --json)`, done.
step_snapshots() {
  hd_backup_check_id
  hd_backup_require_restic
  hd_br_load_config "$HD_BACKUP_CONFIG_ID" || exit 1
  local list
  list=$(hd_br_restic snapshots --json --tag "config-$HD_BACKUP_CONFIG_ID") || hd_fail "the snapshots could not be listed"
  printf 'snapshots\t%s\n' "$(printf '%s' "$list" | base64 -w0)"
  printf 'done\n'
}

# backup-manifest, step `read` (read-only): the manifest.json of one snapshot of the config (the
# snapshot must carry the tag config-<id>): `manifest<TAB>BASE64(manifest.json)`, then done.
step_manifest() {
  hd_backup_check_id
  hd_backup_require_restic
  [[ ${HD_BACKUP_SNAPSHOT:-} =~ ^[0-9a-f]{8,64}$ ]] || hd_fail "invalid snapshot id"
  hd_br_load_config "$HD_BACKUP_CONFIG_ID" || exit 1
  local id=$HD_BACKUP_CONFIG_ID listed manifest
  # restic applies --tag to `latest` only: the tag is checked in the listed snapshot itself.
  listed=$(hd_br_restic snapshots --json -- "$HD_BACKUP_SNAPSHOT" 2>/dev/null) ||
    hd_fail "the snapshot $HD_BACKUP_SNAPSHOT could not be read"
  [[ $listed == *"\"config-$id\""* ]] || hd_fail "the snapshot $HD_BACKUP_SNAPSHOT is not one of this backup configuration"
  manifest=$(hd_br_restic dump -- "$HD_BACKUP_SNAPSHOT" "/var/lib/hostdeck/backups/$id/staging/manifest.json") ||
    hd_fail "the snapshot $HD_BACKUP_SNAPSHOT holds no manifest"
  printf 'manifest\t%s\n' "$(printf '%s' "$manifest" | base64 -w0)"
  printf 'done\n'
}

# backup-remove, step `remove`: the config's files, state and cron line. The repository stays.
step_remove() {
  hd_backup_check_id
  hd_backup_remove_file "/etc/cron.d/hostdeck-backup-$HD_BACKUP_CONFIG_ID"
  hd_backup_remove_file "$hd_backup_etc/$HD_BACKUP_CONFIG_ID"
  hd_backup_remove_file "/var/lib/hostdeck/backups/$HD_BACKUP_CONFIG_ID"
}

# backup-probe, step `probe`: writes, reads back and deletes a probe object on the drive. Prints
# `hostkey<TAB><type> <key>` for each host key an SFTP server showed, then `probe<TAB>ok`.
step_probe() {
  hd_backup_check_drive
  hd_backup_read_secrets
  hd_backup_secret_fits
  local name sample got work
  name=hostdeck-probe-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')
  hd_temp_dir work
  sample=$work/sample
  got=$work/got
  printf 'HostDeck drive check %s\n' "$name" >"$sample"
  case $HD_BACKUP_DRIVE_KIND in
    s3)
      command -v curl >/dev/null || hd_apt_install curl ca-certificates
      local url config
      url=$HD_BACKUP_S3_ENDPOINT/$HD_BACKUP_S3_BUCKET/${HD_BACKUP_DRIVE_PATH:+$HD_BACKUP_DRIVE_PATH/}$name
      # S3 wants the payload's hash header with SigV4; curl signs it as given.
      config=$(printf 'user = "%s:%s"\naws-sigv4 = "aws:amz:%s:s3"\nheader = "x-amz-content-sha256: UNSIGNED-PAYLOAD"\nsilent\nshow-error\nmax-time = 60\n' \
        "$HD_BACKUP_S3_ACCESS_KEY_ID" "$hd_backup_secret_secret" "$HD_BACKUP_S3_REGION")
      curl -K - --fail-with-body -o "$work/put" -T "$sample" -- "$url" <<<"$config" ||
        hd_fail "could not write $name to the bucket: $(head -c 500 -- "$work/put" 2>/dev/null)"
      curl -K - --fail -o "$got" -- "$url" <<<"$config" || hd_fail "could not read $name back from the bucket"
      cmp -s -- "$sample" "$got" || hd_fail "$name read back from the bucket differs from what was written"
      curl -K - --fail -o /dev/null -X DELETE -- "$url" <<<"$config" || hd_fail "could not delete $name from the bucket"
      ;;
    sftp | server)
      command -v sftp >/dev/null || hd_apt_install openssh-client
      local key=$work/key known=$work/known_hosts batch=$work/batch folder="" segment
      printf '%s\n' "${hd_backup_secret_secret%$'\n'}" >"$key"
      chmod 0600 -- "$key"
      : >"$known"
      if [[ -n ${HD_BACKUP_SFTP_HOST_KEY:-} ]]; then
        if [[ $HD_BACKUP_SFTP_PORT == 22 ]]; then
          printf '%s %s\n' "$HD_BACKUP_SFTP_HOST" "$HD_BACKUP_SFTP_HOST_KEY" >"$known"
        else
          printf '[%s]:%s %s\n' "$HD_BACKUP_SFTP_HOST" "$HD_BACKUP_SFTP_PORT" "$HD_BACKUP_SFTP_HOST_KEY" >"$known"
        fi
      fi
      local remote part
      {
        IFS=/ read -r -a segment <<<"${HD_BACKUP_DRIVE_PATH#/}"
        for part in "${segment[@]}"; do
          [[ -n $part ]] || continue
          folder+=/$part
          printf -- '-mkdir %s\n' "$folder"
        done
        remote=$folder/$name
        printf 'put %s %s\n' "$sample" "$remote"
        printf 'get %s %s\n' "$remote" "$got"
        printf 'rm %s\n' "$remote"
      } >"$batch"
      sftp -b "$batch" -i "$key" -P "$HD_BACKUP_SFTP_PORT" -o IdentitiesOnly=yes -o BatchMode=yes \
        -o UserKnownHostsFile="$known" -o StrictHostKeyChecking=accept-new -o ConnectTimeout=30 \
        "$HD_BACKUP_SFTP_USER@$HD_BACKUP_SFTP_HOST" >"$work/sftp.log" 2>&1 || {
        tail -n 20 -- "$work/sftp.log" >&2
        hd_fail "the SFTP check failed: $(grep -v '^sftp>' -- "$work/sftp.log" | tail -n 1 | head -c 500 || true)"
      }
      cmp -s -- "$sample" "$got" || hd_fail "the probe read back over SFTP differs from what was written"
      awk 'NF >= 3 { printf "hostkey\t%s %s\n", $2, $3 }' "$known"
      ;;
    local)
      local folder=${HD_BACKUP_DRIVE_PATH%/}
      if [[ ! -d $folder ]]; then
        { mkdir -p -- "$folder" && chmod 0700 -- "$folder"; } || hd_fail "could not create $folder"
        hd_log change "Created $folder"
      fi
      [[ ! -L $folder ]] || hd_fail "$folder is a link; refusing to use it"
      cp -- "$sample" "$folder/$name" || hd_fail "could not write to $folder"
      cmp -s -- "$sample" "$folder/$name" || hd_fail "the probe read back from $folder differs"
      rm -f -- "$folder/$name" || hd_fail "could not delete the probe from $folder"
      hd_log warn "a folder on the server itself is not a backup of this server"
      ;;
  esac
  printf 'probe\tok\n'
}

case ${HD_RECIPE_ID:-} in
  backup-install) step_install ;;
  backup-configure) step_configure ;;
  backup-run) step_run ;;
  backup-runs) step_runs ;;
  backup-snapshots) step_snapshots ;;
  backup-manifest) step_manifest ;;
  backup-remove) step_remove ;;
  backup-probe) step_probe ;;
  *) hd_fail "unknown recipe ${HD_RECIPE_ID:-}" ;;
esac
