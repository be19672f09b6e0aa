#!/usr/bin/env bash
# The `database-*` recipes (src/databases/): one script for all of them, the step chosen by
# HD_RECIPE_ID (set by the builder), so their shared functions are sent only with these steps
# (a helper of lib/ would travel with every step of every recipe).
set -euo pipefail

# ---------------------------------------------------------------------------------------------
# Shared functions
# The `database-*` recipes (scripts/databases/): checks of their inputs, the local administrator
# of each engine and the password read from stdin. Administration never uses a password on a
# command line: MySQL/MariaDB through root on the unix socket, PostgreSQL through peer as
# postgres, MongoDB as the panel's admin user `hostdeck_admin` whose password stays in
# /etc/hostdeck/mongodb-admin (0600 root) and is read by mongosh itself.

# hd_db_check_engine ENGINE  One of mysql, mariadb, postgresql, mongod.
hd_db_check_engine() {
  case $1 in
    mysql | mariadb | postgresql | mongod) ;;
    *) hd_fail "unknown database engine" ;;
  esac
}

# hd_db_check_name ENGINE NAME  A database name of the panel's grammar, not a system database.
hd_db_check_name() {
  [[ $2 =~ ^[A-Za-z][A-Za-z0-9_]{0,63}$ ]] || hd_fail "invalid database name"
  case ${2,,} in
    mysql | information_schema | performance_schema | sys | postgres | template0 | template1)
      hd_fail "$2 is a system database"
      ;;
    admin | local | config) [[ $1 != mongod ]] || hd_fail "$2 is a system database" ;;
  esac
}

# hd_db_check_user NAME  A database user of the panel's grammar, not a system account.
hd_db_check_user() {
  [[ $1 =~ ^[A-Za-z][A-Za-z0-9_]{0,31}$ ]] || hd_fail "invalid database user name"
  case ${1,,} in
    root | mysql | mariadb | postgres | sys | hostdeck_admin | pg_*) hd_fail "$1 is a system account" ;;
  esac
}

# hd_db_check_host ENGINE HOST  MySQL/MariaDB: localhost, % or an IP address; other engines: empty.
hd_db_check_host() {
  case $1 in
    mysql | mariadb)
      [[ $2 == localhost || $2 == % || $2 =~ ^[0-9]{1,3}(\.[0-9]{1,3}){3}$ ||
        ($2 =~ ^[0-9A-Fa-f:.]{2,45}$ && $2 == *:*) ]] || hd_fail "invalid database user host"
      ;;
    *) [[ -z $2 ]] || hd_fail "a $1 user has no host" ;;
  esac
}

# hd_db_label ENGINE  The engine's name for messages.
hd_db_label() {
  case $1 in
    mysql) printf 'MySQL' ;;
    mariadb) printf 'MariaDB' ;;
    postgresql) printf 'PostgreSQL' ;;
    mongod) printf 'MongoDB' ;;
  esac
}

# hd_db_service ENGINE  The systemd unit of ENGINE.
hd_db_service() {
  case $1 in
    mongod) printf 'mongod' ;;
    *) hd_database_service "$1" ;;
  esac
}

# hd_db_installed ENGINE  Succeeds when the engine's server package is installed.
hd_db_installed() {
  case $1 in
    mariadb) hd_apt_is_installed mariadb-server ;;
    mysql)
      hd_apt_is_installed mysql-server || hd_apt_is_installed mysql-community-server ||
        hd_apt_is_installed mysql-server-8.0
      ;;
    postgresql) command -v pg_lsclusters >/dev/null && [[ -n $(pg_lsclusters --no-header 2>/dev/null) ]] ;;
    mongod) hd_apt_is_installed mongodb-org-server || command -v mongod >/dev/null ;;
    *) return 1 ;;
  esac
}

# hd_db_active ENGINE  Succeeds when the engine's service is running.
hd_db_active() {
  local service
  service=$(hd_db_service "$1") || return 1
  systemctl is-active --quiet -- "$service"
}

# hd_db_require ENGINE  Fails with a clear message unless ENGINE is installed and running.
hd_db_require() {
  local label
  label=$(hd_db_label "$1")
  hd_db_installed "$1" || hd_fail "$label is not installed on this server"
  hd_db_active "$1" || hd_fail "$label is installed but not running on this server"
  if [[ $1 == mongod ]]; then
    command -v mongosh >/dev/null || hd_fail "mongosh is not installed on this server"
  fi
}

# hd_db_read_password VARIABLE HEX_VARIABLE  Reads the password from stdin (all of it) into
# VARIABLE, and its bytes as lowercase hex into HEX_VARIABLE (both empty when none was given).
hd_db_read_password() {
  local hd_rp_password="" hd_rp_hex
  IFS= read -r -d '' hd_rp_password || true
  hd_rp_hex=$(printf '%s' "$hd_rp_password" | od -An -v -tx1 | tr -d ' \n') || return 1
  printf -v "$1" '%s' "$hd_rp_password"
  printf -v "$2" '%s' "$hd_rp_hex"
}

# hd_db_sql ARGUMENT...  The MySQL/MariaDB client as root on the local socket, batch output.
hd_db_sql() {
  "$(hd_mysql_client)" --batch --skip-column-names --default-character-set=utf8mb4 "$@"
}

# hd_db_psql ARGUMENT...  psql as postgres (peer), stopping at the first error, bare output.
hd_db_psql() {
  runuser -u postgres -- psql --no-psqlrc -X -q -v ON_ERROR_STOP=1 -tA "$@"
}

hd_db_mongo_admin_file=/etc/hostdeck/mongodb-admin

# hd_db_mongo_admin  Makes the panel's MongoDB admin user when /etc/hostdeck/mongodb-admin is
# missing: a random password in that file (0600 root), the user created through the localhost
# exception (or with no authorization enabled). mongosh reads the password from the file.
hd_db_mongo_admin() {
  [[ -s $hd_db_mongo_admin_file ]] && return 0
  local script
  mkdir -p -- /etc/hostdeck || return 1
  chmod 0755 -- /etc/hostdeck || return 1
  (umask 077 && od -An -N24 -v -tx1 /dev/urandom | tr -d ' \n' >"$hd_db_mongo_admin_file") || return 1
  chmod 0600 -- "$hd_db_mongo_admin_file" || return 1
  hd_temp_file script || return 1
  cat >"$script" <<'JS'
const admin = db.getSiblingDB('admin');
if (admin.getUser('hostdeck_admin') !== null) {
  print('hostdeck_admin exists already');
  quit(3);
}
admin.createUser({
  user: 'hostdeck_admin',
  pwd: require('fs').readFileSync('/etc/hostdeck/mongodb-admin', 'utf8').trim(),
  roles: ['root'],
});
JS
  if ! mongosh --quiet --norc mongodb://127.0.0.1:27017/admin "$script" >/dev/null; then
    rm -f -- "$hd_db_mongo_admin_file"
    hd_log error "the MongoDB admin user hostdeck_admin could not be created (it may exist already with another password)"
    return 1
  fi
  hd_log change "created the MongoDB admin user hostdeck_admin"
}

# hd_db_mongo JAVASCRIPT  Runs JAVASCRIPT (our text: names checked, passwords as hex only) in
# mongosh as hostdeck_admin, from a 0600 file; `admin` is the admin database, authenticated.
hd_db_mongo() {
  local script
  hd_db_mongo_admin || return 1
  hd_temp_file script || return 1
  {
    printf '%s\n' "const admin = db.getSiblingDB('admin');" \
      "admin.auth('hostdeck_admin', require('fs').readFileSync('$hd_db_mongo_admin_file', 'utf8').trim());" \
      "$1"
  } >"$script" || return 1
  mongosh --quiet --norc mongodb://127.0.0.1:27017/admin "$script"
}

# hd_db_mysql_account USER HOST  The account as SQL text ('user'@'host'; both checked already).
hd_db_mysql_account() {
  printf "'%s'@'%s'" "$1" "$2"
}

# hd_db_dump_folder ENGINE  Where the engine's dumps are kept (0700 root).
hd_db_dump_folder() {
  printf '/var/backups/hostdeck/databases/%s' "$1"
}

# hd_db_is_mariadb  Succeeds when the MySQL-family server is MariaDB.
hd_db_is_mariadb() {
  [[ $(hd_db_sql -e 'SELECT VERSION()') == *MariaDB* ]]
}

# hd_db_exists ENGINE NAME  Succeeds when the database exists.
hd_db_exists() {
  case $1 in
    mysql | mariadb)
      (($(hd_db_sql -e "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '$2'") > 0))
      ;;
    postgresql) (($(hd_db_psql -c "SELECT COUNT(*) FROM pg_database WHERE datname = '$2'") > 0)) ;;
    mongod)
      [[ $(hd_db_mongo "print(admin.adminCommand({ listDatabases: 1, nameOnly: true }).databases.some((d) => d.name === '$2') ? 'yes' : 'no');") == yes ]]
      ;;
  esac
}

# hd_db_user_exists ENGINE USER HOST  Succeeds when the account exists.
hd_db_user_exists() {
  case $1 in
    mysql | mariadb)
      (($(hd_db_sql -e "SELECT COUNT(*) FROM mysql.user WHERE User = '$2' AND Host = '$3'") > 0))
      ;;
    postgresql) (($(hd_db_psql -c "SELECT COUNT(*) FROM pg_roles WHERE rolname = '$2'") > 0)) ;;
    mongod) [[ $(hd_db_mongo "print(admin.getUser('$2') === null ? 'no' : 'yes');") == yes ]] ;;
  esac
}

# hd_db_account ENGINE USER HOST  The account as messages name it (user@host for MySQL/MariaDB).
hd_db_account() {
  case $1 in
    mysql | mariadb) printf '%s@%s' "$2" "$3" ;;
    *) printf '%s' "$2" ;;
  esac
}

# hd_db_password_matches ENGINE USER HOST PASSWORD PASSWORD_HEX  Succeeds when the account's
# password is already this one. MariaDB: its hash, compared by the server (the hex digits on the
# client's stdin, never its arguments). MySQL and PostgreSQL: a login over TCP on 127.0.0.1 with
# the password in the client's environment (readable by root only), never its arguments; an
# account whose host refuses that login reads as a difference. MongoDB always reads as one.
hd_db_password_matches() {
  case $1 in
    mariadb | mysql)
      if hd_db_is_mariadb; then
        local matches
        matches=$(hd_db_sql <<SQL
SELECT COUNT(*) FROM mysql.user WHERE User = '$2' AND Host = '$3'
  AND authentication_string = PASSWORD(CONVERT(X'$5' USING utf8mb4));
SQL
        ) || return 1
        ((matches > 0))
      else
        MYSQL_PWD=$4 "$(hd_mysql_client)" --no-defaults --protocol=TCP --host=127.0.0.1 --user="$2" \
          --connect-timeout=10 --batch -e 'SELECT 1' >/dev/null 2>&1
      fi
      ;;
    postgresql)
      PGPASSWORD=$4 PGCONNECT_TIMEOUT=10 psql --no-psqlrc -X -q -tA -h 127.0.0.1 -U "$2" -d postgres \
        -c 'SELECT 1' >/dev/null 2>&1
      ;;
    *) return 1 ;;
  esac
}

# hd_db_set_password ENGINE USER HOST PASSWORD_HEX CREATE(0|1)  Creates the account with the
# password (CREATE=1) or sets it. The password reaches the server as hex digits the server
# itself decodes and quotes (QUOTE, format %L), as scripts/sites/database-create.sh does.
hd_db_set_password() {
  local engine=$1 user=$2 host=$3 hex=$4 create=$5
  case $engine in
    mysql | mariadb)
      local verb="ALTER USER"
      ((create == 0)) || verb="CREATE USER IF NOT EXISTS"
      # sql_mode '': QUOTE escapes with backslashes, which NO_BACKSLASH_ESCAPES would not read.
      hd_db_sql <<SQL || return 1
SET SESSION sql_mode = '';
SET @hostdeck_password = CONVERT(X'$hex' USING utf8mb4);
SET @hostdeck_sql = CONCAT('$verb ''$user''@''$host'' IDENTIFIED BY ', QUOTE(@hostdeck_password));
PREPARE hostdeck_statement FROM @hostdeck_sql;
EXECUTE hostdeck_statement;
DEALLOCATE PREPARE hostdeck_statement;
SQL
      ;;
    postgresql)
      # format(%I, %L) quotes on the server; \gexec runs the statement it built.
      hd_db_psql <<SQL || return 1
SELECT format('CREATE ROLE %I LOGIN', '$user') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$user') \\gexec
SELECT format('ALTER ROLE %I WITH LOGIN PASSWORD %L', '$user', convert_from(decode('$hex', 'hex'), 'UTF8')) \\gexec
SQL
      ;;
    mongod)
      if ((create == 1)); then
        hd_db_mongo "admin.createUser({ user: '$user', pwd: Buffer.from('$hex', 'hex').toString('utf8'), roles: [] });" >/dev/null || return 1
      else
        hd_db_mongo "admin.updateUser('$user', { pwd: Buffer.from('$hex', 'hex').toString('utf8') });" >/dev/null || return 1
      fi
      ;;
  esac
}

# hd_db_user_ensure ENGINE USER HOST PASSWORD PASSWORD_HEX  Creates the account when missing
# (a password is then required); an existing one gets the password when one is given and it
# differs. `change` lines only for what changed.
hd_db_user_ensure() {
  local engine=$1 user=$2 host=$3 password=$4 hex=$5 account
  account=$(hd_db_account "$engine" "$user" "$host")
  if ! hd_db_user_exists "$engine" "$user" "$host"; then
    [[ -n $hex ]] || hd_fail "a password is required to create the database user $account"
    hd_db_set_password "$engine" "$user" "$host" "$hex" 1 || hd_fail "the database user $account could not be created"
    hd_log change "created the database user $account"
  elif [[ -z $hex ]]; then
    hd_log info "the database user $account exists"
  elif hd_db_password_matches "$engine" "$user" "$host" "$password" "$hex"; then
    hd_log info "the database user $account exists; its password is up to date"
  else
    hd_db_set_password "$engine" "$user" "$host" "$hex" 0 || hd_fail "the password of $account could not be set"
    hd_log change "set the password of $account"
  fi
}

# hd_db_current_access ENGINE USER HOST DATABASE  Prints all, read or none.
hd_db_current_access() {
  local engine=$1 user=$2 host=$3 database=$4 escaped
  case $engine in
    mysql | mariadb)
      escaped=${database//_/\\\\_}
      hd_db_sql -e "SELECT COALESCE(MAX(IF(Insert_priv = 'Y', 'all', IF(Select_priv = 'Y', 'read', 'none'))), 'none')
        FROM mysql.db WHERE User = '$user' AND Host = '$host' AND Db IN ('$escaped', '$database')"
      ;;
    postgresql)
      hd_db_psql -c "SELECT CASE WHEN d.datdba = r.oid OR bool_or(a.privilege_type = 'CREATE') THEN 'all'
          WHEN bool_or(a.privilege_type = 'CONNECT') THEN 'read' ELSE 'none' END
        FROM pg_database d CROSS JOIN pg_roles r LEFT JOIN LATERAL aclexplode(d.datacl) a ON a.grantee = r.oid
        WHERE d.datname = '$database' AND r.rolname = '$user' GROUP BY r.oid, d.datdba"
      ;;
    mongod)
      hd_db_mongo "
const u = admin.getUser('$user');
let access = 'none';
for (const r of (u ? u.roles : [])) {
  if (r.db !== '$database') continue;
  if (r.role === 'read' && access === 'none') access = 'read';
  if (r.role === 'readWrite' || r.role === 'dbAdmin' || r.role === 'dbOwner') access = 'all';
}
print(access);"
      ;;
  esac
}

# hd_db_grant ENGINE USER HOST DATABASE ACCESS  Gives the account ACCESS (all, read, none) on
# the database, replacing what it had there. Nothing changes when it already has it.
hd_db_grant() {
  local engine=$1 user=$2 host=$3 database=$4 access=$5 current account
  account=$(hd_db_account "$engine" "$user" "$host")
  current=$(hd_db_current_access "$engine" "$user" "$host" "$database") || return 1
  current=${current:-none}
  if [[ $current == "$access" ]]; then
    hd_log info "$account has $access access to $database"
    return 0
  fi
  case $engine in
    mysql | mariadb)
      # In a grant, _ matches any character: escaped, the grant covers this database only.
      local grant_name=${database//_/\\_} row account_sql
      account_sql=$(hd_db_mysql_account "$user" "$host")
      while IFS= read -r row; do
        hd_db_sql -e "REVOKE ALL PRIVILEGES ON \`$row\`.* FROM $account_sql" || return 1
      done < <(hd_db_sql -e "SELECT Db FROM mysql.db WHERE User = '$user' AND Host = '$host'
        AND Db IN ('${grant_name//\\/\\\\}', '$database')")
      case $access in
        all) hd_db_sql -e "GRANT ALL PRIVILEGES ON \`$grant_name\`.* TO $account_sql" || return 1 ;;
        read) hd_db_sql -e "GRANT SELECT, SHOW VIEW ON \`$grant_name\`.* TO $account_sql" || return 1 ;;
      esac
      ;;
    postgresql)
      if [[ $(hd_db_psql -c "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '$database'") == "$user" ]]; then
        hd_fail "$user owns the database $database: its access cannot be reduced"
      fi
      local statements
      statements="EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA public FROM %I', '$user');
  EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM %I', '$user');
  EXECUTE format('REVOKE ALL ON SCHEMA public FROM %I', '$user');
  EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public REVOKE ALL ON TABLES FROM %I', owner, '$user');
  EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public REVOKE ALL ON SEQUENCES FROM %I', owner, '$user');"
      case $access in
        read)
          statements+="
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', '$database', '$user');
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', '$user');
  EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA public TO %I', '$user');
  EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public GRANT SELECT ON TABLES TO %I', owner, '$user');"
          ;;
        all)
          statements+="
  EXECUTE format('GRANT ALL PRIVILEGES ON DATABASE %I TO %I', '$database', '$user');
  EXECUTE format('GRANT ALL ON SCHEMA public TO %I', '$user');
  EXECUTE format('GRANT ALL ON ALL TABLES IN SCHEMA public TO %I', '$user');
  EXECUTE format('GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO %I', '$user');
  EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public GRANT ALL ON TABLES TO %I', owner, '$user');
  EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public GRANT ALL ON SEQUENCES TO %I', owner, '$user');"
          ;;
      esac
      hd_db_psql -c "REVOKE ALL ON DATABASE \"$database\" FROM \"$user\"" || return 1
      hd_db_psql -d "$database" <<SQL || return 1
DO \$hostdeck\$
DECLARE owner text := (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database());
BEGIN
  $statements
END
\$hostdeck\$;
SQL
      ;;
    mongod)
      local roles="[]"
      case $access in
        all) roles="[{ role: 'readWrite', db: '$database' }, { role: 'dbAdmin', db: '$database' }]" ;;
        read) roles="[{ role: 'read', db: '$database' }]" ;;
      esac
      hd_db_mongo "
const u = admin.getUser('$user');
const kept = u.roles.filter((r) => r.db !== '$database').map((r) => ({ role: r.role, db: r.db }));
admin.updateUser('$user', { roles: kept.concat($roles) });" >/dev/null || return 1
      ;;
  esac
  if [[ $access == none ]]; then
    hd_log change "revoked the access of $account to $database"
  else
    hd_log change "granted $account $access access to $database"
  fi
}

# ---------------------------------------------------------------------------------------------
# database-inventory, step `read` (read-only): what one engine holds, one tab-separated line per
# fact (`-` for empty), for parseDatabaseInventory (src/databases/database-inventory.ts):
#   engine <installed 0|1> <active 0|1> <version|->
#   database <name> <size_bytes> <owner|->
#   user <name> <host|->
#   grant <user> <host|-> <database> <all|read>
#   dump <database> <file> <size_bytes> <mtime>
# System databases and accounts are left out, and so are names the panel's grammars do not
# accept (they cannot be managed through the panel). Input: HD_DATABASE_ENGINE.
step_inventory() {
engine=${HD_DATABASE_ENGINE:?HD_DATABASE_ENGINE is required}
hd_db_check_engine "$engine"
cd /

name_pattern='^[A-Za-z][A-Za-z0-9_]{0,63}$'
user_pattern='^[A-Za-z][A-Za-z0-9_]{0,31}$'
declare -A listed=()

is_system_user() {
  case ${1,,} in
    root | mysql | mariadb | postgres | sys | hostdeck_admin | debian-sys-maint | pg_*) return 0 ;;
  esac
  return 1
}

database_line() { # NAME SIZE OWNER
  [[ $1 =~ $name_pattern && $2 =~ ^[0-9]+$ ]] || return 0
  case ${1,,} in
    information_schema | performance_schema | mysql | sys | postgres | template0 | template1) return 0 ;;
    admin | local | config) [[ $engine != mongod ]] || return 0 ;;
  esac
  local owner=$3
  [[ $owner =~ $user_pattern ]] || owner=-
  listed[$1]=1
  printf 'database\t%s\t%s\t%s\n' "$1" "$2" "$owner"
}

host_ok() {
  [[ $1 == localhost || $1 == % || $1 =~ ^[0-9]{1,3}(\.[0-9]{1,3}){3}$ ||
    ($1 =~ ^[0-9A-Fa-f:.]{2,45}$ && $1 == *:*) ]]
}

user_line() { # NAME HOST
  [[ $1 =~ $user_pattern ]] && ! is_system_user "$1" || return 0
  if [[ $engine == mysql || $engine == mariadb ]]; then host_ok "$2" || return 0; fi
  printf 'user\t%s\t%s\n' "$1" "${2:--}"
}

grant_line() { # USER HOST DATABASE ACCESS
  [[ $1 =~ $user_pattern ]] && ! is_system_user "$1" || return 0
  [[ -n ${listed[$3]:-} ]] || return 0
  if [[ $engine == mysql || $engine == mariadb ]]; then host_ok "$2" || return 0; fi
  printf 'grant\t%s\t%s\t%s\t%s\n' "$1" "${2:--}" "$3" "$4"
}

clean_version() {
  local version=${1%% *}
  version=${version//[^A-Za-z0-9.+:~_-]/}
  printf '%s' "${version:0:100}"
}

mysql_inventory() {
  local version name size user host database access
  version=$(clean_version "$(hd_db_sql -e 'SELECT VERSION()')")
  printf 'engine\t1\t1\t%s\n' "${version:--}"
  while IFS=$'\t' read -r name size; do
    database_line "$name" "$size" -
  done < <(hd_db_sql -e "SELECT s.SCHEMA_NAME, COALESCE(SUM(t.DATA_LENGTH + t.INDEX_LENGTH), 0)
    FROM information_schema.SCHEMATA s LEFT JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = s.SCHEMA_NAME
    GROUP BY s.SCHEMA_NAME ORDER BY s.SCHEMA_NAME")
  while IFS=$'\t' read -r user host; do
    user_line "$user" "$host"
  done < <(hd_db_sql -e "SELECT User, Host FROM mysql.user ORDER BY User, Host")
  # In mysql.db, `_` and `%` of a name are escaped with a backslash when the grant was for that
  # one database (the panel always escapes them).
  while IFS=$'\t' read -r user host database access; do
    grant_line "$user" "$host" "$database" "$access"
  done < <(hd_db_sql -e "SELECT User, Host, REPLACE(REPLACE(Db, '\\\\_', '_'), '\\\\%', '%'),
    IF(Insert_priv = 'Y', 'all', 'read') FROM mysql.db WHERE Select_priv = 'Y' ORDER BY User, Host, Db")
}

postgresql_inventory() {
  local version name size owner user database access
  version=$(clean_version "$(hd_db_psql -c 'SHOW server_version')")
  printf 'engine\t1\t1\t%s\n' "${version:--}"
  while IFS=$'\t' read -r name size owner; do
    database_line "$name" "$size" "$owner"
  done < <(hd_db_psql -F $'\t' -c "SELECT datname, pg_database_size(oid), pg_get_userbyid(datdba)
    FROM pg_database WHERE NOT datistemplate ORDER BY datname")
  while IFS= read -r user; do
    user_line "$user" ""
  done < <(hd_db_psql -c "SELECT rolname FROM pg_roles WHERE rolname !~ '^pg_' ORDER BY rolname")
  # The owner has everything; others: CREATE granted on the database means all, CONNECT alone
  # (granted to the role itself, not through PUBLIC) read-only.
  while IFS=$'\t' read -r user database access; do
    grant_line "$user" "" "$database" "$access"
  done < <(hd_db_psql -F $'\t' -c "SELECT r.rolname, d.datname,
      CASE WHEN d.datdba = r.oid OR bool_or(a.privilege_type = 'CREATE') THEN 'all' ELSE 'read' END
    FROM pg_database d
    CROSS JOIN pg_roles r
    LEFT JOIN LATERAL aclexplode(d.datacl) a ON a.grantee = r.oid
    WHERE NOT d.datistemplate AND r.rolname !~ '^pg_'
    GROUP BY r.rolname, r.oid, d.datname, d.datdba
    HAVING d.datdba = r.oid OR bool_or(a.privilege_type IN ('CREATE', 'CONNECT'))
    ORDER BY r.rolname, d.datname")
}

mongod_inventory() {
  local report kind first second third fourth version=""
  report=$(hd_db_mongo "
const out = [];
out.push(['version', db.version()]);
for (const d of admin.adminCommand({ listDatabases: 1 }).databases) out.push(['database', d.name, String(d.sizeOnDisk || 0)]);
for (const u of admin.getUsers().users || []) {
  if (u.db !== 'admin') continue;
  out.push(['user', u.user]);
  const access = {};
  for (const r of u.roles) {
    if (r.role === 'read' && !access[r.db]) access[r.db] = 'read';
    if (r.role === 'readWrite' || r.role === 'dbAdmin' || r.role === 'dbOwner') access[r.db] = 'all';
  }
  for (const [database, level] of Object.entries(access)) out.push(['grant', u.user, database, level]);
}
for (const line of out) print(line.join('\t'));
")
  version=$(clean_version "$(grep -m1 -P '^version\t' <<<"$report" | cut -f2)")
  printf 'engine\t1\t1\t%s\n' "${version:--}"
  while IFS=$'\t' read -r kind first second third fourth; do
    case $kind in
      database) database_line "$first" "$second" - ;;
    esac
  done <<<"$report"
  while IFS=$'\t' read -r kind first second third fourth; do
    case $kind in
      user) user_line "$first" "" ;;
      grant) grant_line "$first" "" "$second" "$third" ;;
    esac
  done <<<"$report"
  : "${fourth:-}"
}

if ! hd_db_installed "$engine"; then
  printf 'engine\t0\t0\t-\n'
elif ! hd_db_active "$engine"; then
  printf 'engine\t1\t0\t-\n'
else
  case $engine in
    mysql | mariadb) mysql_inventory ;;
    *) "${engine}_inventory" ;;
  esac
fi

folder=$(hd_db_dump_folder "$engine")
if [[ -d $folder && ! -L $folder ]]; then
  while IFS=$'\t' read -r file size mtime; do
    [[ $file =~ ^([A-Za-z0-9_]+)--[0-9]{8}T[0-9]{6}Z\.(sql\.gz|dump|archive\.gz)$ ]] || continue
    printf 'dump\t%s\t%s\t%s\t%s\n' "${BASH_REMATCH[1]}" "$file" "$size" "${mtime%.*}"
  done < <(find "$folder" -mindepth 1 -maxdepth 1 -type f -printf '%f\t%s\t%T@\n' | sort)
fi
}

# ---------------------------------------------------------------------------------------------
# database-create, step `create`: the database (utf8mb4 / UTF8) and, when HD_DATABASE_USER is
# given, its user (created when missing, with the password of stdin; an existing one gets that
# password when it differs) with all privileges on it. PostgreSQL: a new database is owned by the
# user. Idempotent: what exists is kept, and a second run prints no `change` line.
# Input: HD_DATABASE_ENGINE, HD_DATABASE_NAME, HD_DATABASE_USER (optional), HD_DATABASE_HOST
# (MySQL/MariaDB: localhost, % or an IP; empty otherwise); stdin: the password (optional).
step_create() {
engine=${HD_DATABASE_ENGINE:?HD_DATABASE_ENGINE is required}
name=${HD_DATABASE_NAME:?HD_DATABASE_NAME is required}
user=${HD_DATABASE_USER:-}
host=${HD_DATABASE_HOST:-}
hd_db_check_engine "$engine"
hd_db_check_name "$engine" "$name"
if [[ -n $user ]]; then
  if [[ $engine == mysql || $engine == mariadb ]]; then host=${host:-localhost}; fi
  hd_db_check_user "$user"
  hd_db_check_host "$engine" "$host"
fi
cd /
password=""
password_hex=""
hd_db_read_password password password_hex
hd_db_require "$engine"

if [[ -n $user ]]; then
  hd_db_user_ensure "$engine" "$user" "$host" "$password" "$password_hex"
fi

if hd_db_exists "$engine" "$name"; then
  hd_log info "the database $name exists"
else
  case $engine in
    mysql | mariadb)
      hd_db_sql -e "CREATE DATABASE IF NOT EXISTS \`$name\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
      ;;
    postgresql)
      if [[ -n $user ]]; then
        hd_db_psql -c "CREATE DATABASE \"$name\" OWNER \"$user\" ENCODING 'UTF8' TEMPLATE template0"
      else
        hd_db_psql -c "CREATE DATABASE \"$name\" ENCODING 'UTF8' TEMPLATE template0"
      fi
      ;;
    mongod)
      # A MongoDB database exists once it holds something: an empty collection of the panel's.
      hd_db_mongo "db.getSiblingDB('$name').createCollection('hostdeck');" >/dev/null
      ;;
  esac
  if [[ $engine == postgresql && -n $user ]]; then
    hd_log change "created the database $name (owner $user)"
  else
    hd_log change "created the database $name"
  fi
fi

if [[ -n $user ]]; then
  hd_db_grant "$engine" "$user" "$host" "$name" all
fi
}

# ---------------------------------------------------------------------------------------------
# database-drop, step `drop`: drops the database only, never a user (their grants on it go with
# it). PostgreSQL connections to it are closed first. Idempotent: a missing database is fine.
# Input: HD_DATABASE_ENGINE, HD_DATABASE_NAME.
step_drop() {
engine=${HD_DATABASE_ENGINE:?HD_DATABASE_ENGINE is required}
name=${HD_DATABASE_NAME:?HD_DATABASE_NAME is required}
hd_db_check_engine "$engine"
hd_db_check_name "$engine" "$name"
cd /
hd_db_require "$engine"

if ! hd_db_exists "$engine" "$name"; then
  hd_log info "there is no database $name"
  exit 0
fi
case $engine in
  mysql | mariadb)
    hd_db_sql -e "DROP DATABASE IF EXISTS \`$name\`"
    # Grants on it stay in mysql.db otherwise, and would cover a new database of the same name.
    grant_name=${name//_/\\_}
    while IFS=$'\t' read -r grant_user grant_host; do
      hd_db_sql -e "REVOKE ALL PRIVILEGES ON \`$grant_name\`.* FROM $(hd_db_mysql_account "$grant_user" "$grant_host")" ||
        hd_log warn "the grant of $grant_user@$grant_host on $name could not be removed"
    done < <(hd_db_sql -e "SELECT User, Host FROM mysql.db WHERE Db = '${grant_name//\\/\\\\}'
      AND User REGEXP '^[A-Za-z][A-Za-z0-9_]*\$' AND Host REGEXP '^[A-Za-z0-9.:%]+\$'")
    ;;
  postgresql)
    hd_db_psql -c "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" >/dev/null
    ;;
  mongod)
    hd_db_mongo "db.getSiblingDB('$name').dropDatabase();" >/dev/null
    ;;
esac
hd_log change "dropped the database $name (its users are kept)"
}

# ---------------------------------------------------------------------------------------------
# database-user-create, step `create`: the account with the password of stdin. An existing one
# keeps its grants and gets the password when it differs (no `change` line when it does not).
# Input: HD_DATABASE_ENGINE, HD_DATABASE_USER, HD_DATABASE_HOST (MySQL/MariaDB: localhost, % or
# an IP; empty otherwise); stdin: the password.
step_user_create() {
engine=${HD_DATABASE_ENGINE:?HD_DATABASE_ENGINE is required}
user=${HD_DATABASE_USER:?HD_DATABASE_USER is required}
host=${HD_DATABASE_HOST:-}
hd_db_check_engine "$engine"
hd_db_check_user "$user"
hd_db_check_host "$engine" "$host"
cd /
password=""
password_hex=""
hd_db_read_password password password_hex
[[ -n $password_hex ]] || hd_fail "a database password is required"
hd_db_require "$engine"
hd_db_user_ensure "$engine" "$user" "$host" "$password" "$password_hex"
}

# ---------------------------------------------------------------------------------------------
# database-user-password, step `password`: sets the account's password to the one of stdin (no
# `change` line when it already is). The password reaches the server as hex digits on stdin of
# the client, never a command line.
# Input: HD_DATABASE_ENGINE, HD_DATABASE_USER, HD_DATABASE_HOST; stdin: the password.
step_user_password() {
engine=${HD_DATABASE_ENGINE:?HD_DATABASE_ENGINE is required}
user=${HD_DATABASE_USER:?HD_DATABASE_USER is required}
host=${HD_DATABASE_HOST:-}
hd_db_check_engine "$engine"
hd_db_check_user "$user"
hd_db_check_host "$engine" "$host"
cd /
password=""
password_hex=""
hd_db_read_password password password_hex
[[ -n $password_hex ]] || hd_fail "a database password is required"
hd_db_require "$engine"
account=$(hd_db_account "$engine" "$user" "$host")
hd_db_user_exists "$engine" "$user" "$host" || hd_fail "there is no database user $account"
if hd_db_password_matches "$engine" "$user" "$host" "$password" "$password_hex"; then
  hd_log info "the password of $account is up to date"
else
  hd_db_set_password "$engine" "$user" "$host" "$password_hex" 0 || hd_fail "the password of $account could not be set"
  hd_log change "set the password of $account"
fi
}

# ---------------------------------------------------------------------------------------------
# database-user-drop, step `drop`: drops the account (its grants go with it); databases stay.
# PostgreSQL: what it owns is given to postgres first (a role owning objects cannot be dropped),
# and its connections are closed. Idempotent: a missing account is fine.
# Input: HD_DATABASE_ENGINE, HD_DATABASE_USER, HD_DATABASE_HOST.
step_user_drop() {
engine=${HD_DATABASE_ENGINE:?HD_DATABASE_ENGINE is required}
user=${HD_DATABASE_USER:?HD_DATABASE_USER is required}
host=${HD_DATABASE_HOST:-}
hd_db_check_engine "$engine"
hd_db_check_user "$user"
hd_db_check_host "$engine" "$host"
cd /
hd_db_require "$engine"
account=$(hd_db_account "$engine" "$user" "$host")
if ! hd_db_user_exists "$engine" "$user" "$host"; then
  hd_log info "there is no database user $account"
  exit 0
fi
case $engine in
  mysql | mariadb)
    hd_db_sql -e "DROP USER IF EXISTS $(hd_db_mysql_account "$user" "$host")"
    ;;
  postgresql)
    hd_db_psql -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '$user'" >/dev/null
    # REASSIGN/DROP OWNED act in the current database: run them in every one that accepts connections.
    while IFS= read -r database; do
      hd_db_psql -d "$database" -c "REASSIGN OWNED BY \"$user\" TO postgres" -c "DROP OWNED BY \"$user\"" >/dev/null
    done < <(hd_db_psql -c "SELECT datname FROM pg_database WHERE datallowconn AND datname ~ '^[A-Za-z0-9_]+\$'")
    hd_db_psql -c "DROP ROLE IF EXISTS \"$user\"" >/dev/null
    ;;
  mongod)
    hd_db_mongo "admin.dropUser('$user');" >/dev/null
    ;;
esac
hd_log change "dropped the database user $account"
}

# ---------------------------------------------------------------------------------------------
# database-grant, step `grant`: gives the account `all` or `read` access to the database, or
# revokes it (`none`), replacing what it had there. Idempotent.
# read = MySQL/MariaDB SELECT, SHOW VIEW; PostgreSQL CONNECT, USAGE on public, SELECT on its
# tables now and later; MongoDB `read`. all = every privilege (MongoDB readWrite + dbAdmin).
# Input: HD_DATABASE_ENGINE, HD_DATABASE_USER, HD_DATABASE_HOST, HD_DATABASE_NAME, HD_DATABASE_ACCESS.
step_grant() {
engine=${HD_DATABASE_ENGINE:?HD_DATABASE_ENGINE is required}
user=${HD_DATABASE_USER:?HD_DATABASE_USER is required}
host=${HD_DATABASE_HOST:-}
name=${HD_DATABASE_NAME:?HD_DATABASE_NAME is required}
access=${HD_DATABASE_ACCESS:?HD_DATABASE_ACCESS is required}
hd_db_check_engine "$engine"
hd_db_check_user "$user"
hd_db_check_host "$engine" "$host"
hd_db_check_name "$engine" "$name"
[[ $access == all || $access == read || $access == none ]] || hd_fail "invalid access level"
cd /
hd_db_require "$engine"
account=$(hd_db_account "$engine" "$user" "$host")
hd_db_user_exists "$engine" "$user" "$host" || hd_fail "there is no database user $account"
if [[ $access != none ]]; then
  hd_db_exists "$engine" "$name" || hd_fail "there is no database $name"
fi
hd_db_grant "$engine" "$user" "$host" "$name" "$access"
}

# ---------------------------------------------------------------------------------------------
# database-dump, step `dump`: a compressed dump of one database in the engine's dump folder,
# /var/backups/hostdeck/databases/<engine>/<name>--<YYYYmmddTHHMMSSZ>.<ext> (folder 0700, file
# 0600, root): `.sql.gz` (mysqldump --single-transaction --quick | gzip), `.dump` (pg_dump -Fc),
# `.archive.gz` (mongodump --archive --gzip). Written to a temporary name and renamed when
# complete, so a failed dump leaves nothing. Prints `dump<TAB><file><TAB><size>`.
# Dumps are removed after 3 hours (spec §9): here, and by /etc/cron.d/hostdeck-database-dumps.
# Input: HD_DATABASE_ENGINE, HD_DATABASE_NAME.
step_dump() {
engine=${HD_DATABASE_ENGINE:?HD_DATABASE_ENGINE is required}
name=${HD_DATABASE_NAME:?HD_DATABASE_NAME is required}
hd_db_check_engine "$engine"
hd_db_check_name "$engine" "$name"
cd /
hd_db_require "$engine"
hd_db_exists "$engine" "$name" || hd_fail "there is no database $name"

dump_pattern='[A-Za-z0-9_]+--[0-9]{8}T[0-9]{6}Z\.(sql\.gz|dump|archive\.gz)'
root=/var/backups/hostdeck/databases
folder=$(hd_db_dump_folder "$engine")
for directory in /var/backups/hostdeck "$root" "$folder"; do
  if [[ -L $directory || (-e $directory && ! -d $directory) ]]; then
    hd_fail "$directory is not a folder; refusing to write dumps there"
  fi
  if [[ ! -d $directory ]]; then
    mkdir -m 0700 -- "$directory"
  fi
  chown root:root -- "$directory"
  chmod 0700 -- "$directory"
done

# Old dumps: removed here, and every 10 minutes by cron.
removed=$(find "$root" -mindepth 2 -maxdepth 2 -type f -mmin +180 -regextype posix-extended \
  -regex ".*/$dump_pattern" -print -delete | wc -l)
((removed == 0)) || hd_log change "removed $removed database dumps older than 3 hours"
cron_file=/etc/cron.d/hostdeck-database-dumps
cron_text="# Managed by HostDeck (database-dump): deletes database dumps older than 3 hours.
*/10 * * * * root find $root -mindepth 2 -maxdepth 2 -type f -mmin +180 -regextype posix-extended -regex '.*/$dump_pattern' -delete
"
if [[ ! -f $cron_file || $(<"$cron_file")$'\n' != "$cron_text" ]]; then
  if [[ -d /etc/cron.d ]]; then
    printf '%s' "$cron_text" | hd_write_atomic "$cron_file" 0644 root:root
    hd_log change "installed $cron_file (dumps are deleted after 3 hours)"
  else
    hd_log warn "cron is not installed: old dumps are deleted only when a new one is made"
  fi
fi

stamp=$(date -u +%Y%m%dT%H%M%SZ)
case $engine in
  mysql | mariadb) extension=sql.gz ;;
  postgresql) extension=dump ;;
  mongod) extension=archive.gz ;;
esac
file="$name--$stamp.$extension"
target="$folder/$file"
temp=""
hd_temp_beside temp "$target"
chmod 0600 -- "$temp"
started=$SECONDS
case $engine in
  mysql | mariadb)
    client=$(hd_mysql_client)
    dumper=mysqldump
    if [[ $client == mariadb ]] && command -v mariadb-dump >/dev/null; then dumper=mariadb-dump; fi
    "$dumper" --single-transaction --quick --routines --triggers --events --default-character-set=utf8mb4 \
      "$name" | gzip -6 >"$temp" || hd_fail "the dump of $name failed"
    ;;
  postgresql)
    runuser -u postgres -- pg_dump -Fc -d "$name" >"$temp" || hd_fail "the dump of $name failed"
    ;;
  mongod)
    command -v mongodump >/dev/null || hd_fail "mongodump is not installed on this server (MongoDB database tools)"
    hd_db_mongo_admin
    config=""
    hd_temp_file config
    printf 'password: %s\n' "$(</etc/hostdeck/mongodb-admin)" >"$config"
    mongodump --quiet --config="$config" --uri=mongodb://127.0.0.1:27017 --username=hostdeck_admin \
      --authenticationDatabase=admin --db="$name" --archive="$temp" --gzip || hd_fail "the dump of $name failed"
    ;;
esac
mv -f -- "$temp" "$target"
size=$(stat -c %s -- "$target")
hd_log change "dumped $name to $target ($size bytes in $((SECONDS - started)) s)"
printf 'dump\t%s\t%s\n' "$file" "$size"
}

# ---------------------------------------------------------------------------------------------
# database-dump-delete, step `delete`: removes one dump file of the engine's dump folder.
# Idempotent: a missing file is fine. Input: HD_DATABASE_ENGINE, HD_DUMP_FILE (a name of the
# dump grammar, never a path).
step_dump_delete() {
engine=${HD_DATABASE_ENGINE:?HD_DATABASE_ENGINE is required}
file=${HD_DUMP_FILE:?HD_DUMP_FILE is required}
hd_db_check_engine "$engine"
[[ $file =~ ^[A-Za-z0-9_]+--[0-9]{8}T[0-9]{6}Z\.(sql\.gz|dump|archive\.gz)$ ]] || hd_fail "invalid dump file name"
cd /
folder=$(hd_db_dump_folder "$engine")
path="$folder/$file"
if [[ -L $folder || -L $path ]]; then
  hd_fail "$path is a link; refusing to delete it"
fi
if [[ -f $path ]]; then
  rm -f -- "$path"
  hd_log change "deleted the dump $file"
else
  hd_log info "there is no dump $file"
fi
}

# ---------------------------------------------------------------------------------------------
# database-settings, step `read` (read-only): the MySQL/MariaDB settings users change in practice,
# as the running server has them, one `setting<TAB><key><TAB><value>` line each: max_connections,
# innodb_buffer_pool_size (bytes), bind_address, remote_access (1 unless the server listens on
# 127.0.0.1, localhost or ::1 only). Input: HD_DATABASE_ENGINE (mysql or mariadb).
step_settings() {
engine=${HD_DATABASE_ENGINE:?HD_DATABASE_ENGINE is required}
[[ $engine == mysql || $engine == mariadb ]] || hd_fail "settings are read for MySQL and MariaDB only"
cd /
hd_db_require "$engine"

IFS=$'\t' read -r max_connections buffer_pool bind_address < <(hd_db_sql -e \
  "SELECT @@max_connections, @@innodb_buffer_pool_size, COALESCE(@@bind_address, '')")
[[ $max_connections =~ ^[0-9]+$ && $buffer_pool =~ ^[0-9]+$ ]] || hd_fail "the server's settings could not be read"
bind_address=${bind_address%%,*}
case $bind_address in
  '' | '*' | NULL) bind_address=0.0.0.0 ;;
esac
[[ $bind_address =~ ^[0-9A-Fa-f:.]{2,45}$ || $bind_address == localhost ]] || bind_address=0.0.0.0
case $bind_address in
  127.0.0.1 | localhost | ::1) remote_access=0 ;;
  *) remote_access=1 ;;
esac
printf 'setting\t%s\t%s\n' max_connections "$max_connections" innodb_buffer_pool_size "$buffer_pool" \
  bind_address "$bind_address" remote_access "$remote_access"
}

# ---------------------------------------------------------------------------------------------
# database-settings-apply, step `apply`: writes the panel's own option file (MariaDB:
# /etc/mysql/mariadb.conf.d/99-hostdeck.cnf, MySQL: /etc/mysql/mysql.conf.d/99-hostdeck.cnf, read
# after the distribution's), keeping the previous one; checks it with the server's own option
# parser (--validate-config where the server has it), restarts the service and waits, bounded,
# until it is active and answers `SELECT 1`. Otherwise the previous file is put back, the service
# restarted, and the step fails. Nothing happens when the file already says the same.
# Input: HD_DATABASE_ENGINE (mysql, mariadb), HD_MAX_CONNECTIONS (10..100000),
# HD_INNODB_BUFFER_POOL_SIZE (bytes, 5 MiB..1 TiB), HD_BIND_ADDRESS (an IP address),
# HD_REMOTE_ACCESS (0: listen on 127.0.0.1 only, whatever the bind address; 1: on the bind address).
step_settings_apply() {
engine=${HD_DATABASE_ENGINE:?HD_DATABASE_ENGINE is required}
max_connections=${HD_MAX_CONNECTIONS:?HD_MAX_CONNECTIONS is required}
buffer_pool=${HD_INNODB_BUFFER_POOL_SIZE:?HD_INNODB_BUFFER_POOL_SIZE is required}
bind_address=${HD_BIND_ADDRESS:?HD_BIND_ADDRESS is required}
remote_access=${HD_REMOTE_ACCESS:?HD_REMOTE_ACCESS is required}
[[ $engine == mysql || $engine == mariadb ]] || hd_fail "settings are applied for MySQL and MariaDB only"
if ! [[ $max_connections =~ ^[1-9][0-9]{1,5}$ ]] || ((max_connections < 10 || max_connections > 100000)); then
  hd_fail "max_connections must be between 10 and 100000"
fi
if ! [[ $buffer_pool =~ ^[1-9][0-9]{6,12}$ ]] || ((buffer_pool < 5242880 || buffer_pool > 1099511627776)); then
  hd_fail "innodb_buffer_pool_size must be between 5 MiB and 1 TiB"
fi
[[ $bind_address =~ ^[0-9]{1,3}(\.[0-9]{1,3}){3}$ || ($bind_address =~ ^[0-9A-Fa-f:.]{2,45}$ && $bind_address == *:*) ]] ||
  hd_fail "invalid bind address"
[[ $remote_access == 0 || $remote_access == 1 ]] || hd_fail "invalid remote access flag"
((remote_access == 1)) || bind_address=127.0.0.1
cd /
label=$(hd_db_label "$engine")
hd_db_installed "$engine" || hd_fail "$label is not installed on this server"
service=$(hd_db_service "$engine")

case $engine in
  mariadb)
    folder=/etc/mysql/mariadb.conf.d
    daemon=mariadbd
    command -v mariadbd >/dev/null || daemon=mysqld
    ;;
  mysql)
    folder=/etc/mysql/mysql.conf.d
    daemon=mysqld
    ;;
esac
[[ -d $folder ]] || hd_fail "$folder does not exist: this $label server does not read option files from it"
target="$folder/99-hostdeck.cnf"

validate_config() {
  if "$daemon" --verbose --help 2>/dev/null | grep -q -- '--validate-config'; then
    "$daemon" --validate-config
  else
    "$daemon" --verbose --help >/dev/null
  fi
}

# Bounded: 90 s for the service to be active and to answer.
answers() {
  local attempt
  for ((attempt = 0; attempt < 90; attempt++)); do
    if systemctl is-active --quiet -- "$service" && hd_db_sql -e 'SELECT 1' >/dev/null 2>&1; then
      return 0
    fi
    sleep 1
  done
  return 1
}

restart() {
  timeout 180 systemctl restart -- "$service" && answers
}

hd_apply_config "$target" validate_config <<EOF_CNF || hd_fail "the new settings were refused by $label; nothing was changed"
# Managed by HostDeck (database-settings-apply): edits here are replaced.
[mysqld]
max_connections = $max_connections
innodb_buffer_pool_size = $buffer_pool
bind-address = $bind_address
EOF_CNF
if ! hd_config_was_changed; then
  hd_log info "the $label settings are up to date"
  exit 0
fi
if restart; then
  hd_log change "restarted $service with the new settings"
  exit 0
fi
hd_log error "$label did not start with the new settings; restoring the previous ones"
journalctl -u "$service" -n 20 --no-pager >&2 2>/dev/null || true
# shellcheck disable=SC2154 # set by hd_apply_config (lib/files.sh).
hd_restore_config "$target" "$hd_config_backup" || hd_fail "the previous $target could not be restored"
if restart; then
  hd_fail "$label did not start with the new settings; the previous settings were restored and it runs again"
fi
hd_fail "$label did not start with the new settings, nor after the previous ones were restored"
}

# ---------------------------------------------------------------------------------------------
case ${HD_RECIPE_ID:-} in
  database-inventory) step_inventory ;;
  database-create) step_create ;;
  database-drop) step_drop ;;
  database-user-create) step_user_create ;;
  database-user-password) step_user_password ;;
  database-user-drop) step_user_drop ;;
  database-grant) step_grant ;;
  database-dump) step_dump ;;
  database-dump-delete) step_dump_delete ;;
  database-settings) step_settings ;;
  database-settings-apply) step_settings_apply ;;
  *) hd_fail "unknown database recipe" ;;
esac
