#!/usr/bin/env bash
# site-database-drop, step `database`: drops the site's database and its user, each when it
# exists (a second run changes nothing). PostgreSQL connections to the database are closed first.
# Names match ^[A-Za-z][A-Za-z0-9_]*$ (the panel's grammars), safe as quoted identifiers.
# Input: HD_DATABASE_TYPE (mysql, mariadb, postgresql), HD_DATABASE_NAME, HD_DATABASE_USER.
set -euo pipefail

type=${HD_DATABASE_TYPE:?HD_DATABASE_TYPE is required}
name=${HD_DATABASE_NAME:?HD_DATABASE_NAME is required}
account=${HD_DATABASE_USER:?HD_DATABASE_USER is required}
[[ $name =~ ^[A-Za-z][A-Za-z0-9_]*$ && $account =~ ^[A-Za-z][A-Za-z0-9_]*$ ]] ||
  hd_fail "invalid database or user name"
cd /

mysql_drop() {
  local client
  client=$(hd_mysql_client)
  command -v "$client" >/dev/null || hd_fail "MySQL/MariaDB is not installed on this server"
  sql() { "$client" --batch --skip-column-names "$@"; }
  if (($(sql -e "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '$name'") > 0)); then
    sql -e "DROP DATABASE IF EXISTS \`$name\`"
    hd_log change "dropped the database $name"
  fi
  if (($(sql -e "SELECT COUNT(*) FROM mysql.user WHERE User = '$account' AND Host = 'localhost'") > 0)); then
    sql -e "DROP USER IF EXISTS '$account'@'localhost'"
    hd_log change "dropped the database user $account@localhost"
  fi
  hd_log info "no database $name and no user $account remain"
}

postgresql_drop() {
  command -v psql >/dev/null || hd_fail "PostgreSQL is not installed on this server"
  psql_run() { runuser -u postgres -- psql --no-psqlrc -X -q -v ON_ERROR_STOP=1 -tA "$@"; }
  if (($(psql_run -c "SELECT COUNT(*) FROM pg_database WHERE datname = '$name'") > 0)); then
    psql_run -c "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" >/dev/null
    hd_log change "dropped the database $name"
  fi
  if (($(psql_run -c "SELECT COUNT(*) FROM pg_roles WHERE rolname = '$account'") > 0)); then
    psql_run -c "DROP ROLE IF EXISTS \"$account\"" >/dev/null
    hd_log change "dropped the database user $account"
  fi
  hd_log info "no database $name and no user $account remain"
}

case $type in
  mysql | mariadb) mysql_drop ;;
  postgresql) postgresql_drop ;;
  *) hd_fail "unknown database type: $type" ;;
esac
