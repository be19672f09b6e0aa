#!/usr/bin/env bash
# site-database-create, step `database`: a database and a user of the site, the user granted
# everything on that database only, on the local MySQL/MariaDB or PostgreSQL server (as its
# administrator over the local socket). Idempotent: what exists is kept; the password is set to
# the given one (a change only when it differs).
# The password (stdin) never reaches a command line or the SQL text as such: the SQL carries it
# as hexadecimal digits and the server itself turns them into a quoted literal (QUOTE, format
# %L). Names match ^[A-Za-z][A-Za-z0-9_]*$ (the panel's grammars), safe as quoted identifiers.
# Input: HD_DATABASE_TYPE (mysql, mariadb, postgresql), HD_DATABASE_NAME, HD_DATABASE_USER;
# stdin: the password.
set -euo pipefail

type=${HD_DATABASE_TYPE:?HD_DATABASE_TYPE is required}
name=${HD_DATABASE_NAME:?HD_DATABASE_NAME is required}
account=${HD_DATABASE_USER:?HD_DATABASE_USER is required}
[[ $name =~ ^[A-Za-z][A-Za-z0-9_]*$ && $account =~ ^[A-Za-z][A-Za-z0-9_]*$ ]] ||
  hd_fail "invalid database or user name"

cd /
password=""
IFS= read -r -d '' password || true
[[ -n $password ]] || hd_fail "a database password is required"
password_hex=$(printf '%s' "$password" | od -An -v -tx1 | tr -d ' \n')

mysql_create() {
  local client
  client=$(hd_mysql_client)
  command -v "$client" >/dev/null || hd_fail "MySQL/MariaDB is not installed on this server"
  sql() { "$client" --batch --skip-column-names --default-character-set=utf8mb4 "$@"; }
  # In a grant, _ matches any character: escaped, the grant covers this database only.
  local grant_name=${name//_/\\_}
  local had_database had_user had_grant
  had_database=$(sql -e "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '$name'")
  had_user=$(sql -e "SELECT COUNT(*) FROM mysql.user WHERE User = '$account' AND Host = 'localhost'")
  had_grant=$(sql -e "SELECT COUNT(*) FROM mysql.db WHERE User = '$account' AND Host = 'localhost' AND Db = '${grant_name//\\/\\\\}'")
  # The password: its bytes as a hex literal, quoted by the server, run as a prepared statement.
  # sql_mode '': QUOTE escapes with backslashes, which NO_BACKSLASH_ESCAPES would not read as such.
  sql <<SQL
SET SESSION sql_mode = '';
CREATE DATABASE IF NOT EXISTS \`$name\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
SET @hostdeck_password = CONVERT(X'$password_hex' USING utf8mb4);
SET @hostdeck_sql = CONCAT('CREATE USER IF NOT EXISTS ''$account''@''localhost'' IDENTIFIED BY ', QUOTE(@hostdeck_password));
PREPARE hostdeck_statement FROM @hostdeck_sql;
EXECUTE hostdeck_statement;
DEALLOCATE PREPARE hostdeck_statement;
GRANT ALL PRIVILEGES ON \`$grant_name\`.* TO '$account'@'localhost';
SQL
  ((had_database > 0)) || hd_log change "created the database $name"
  ((had_user > 0)) || hd_log change "created the database user $account@localhost"
  ((had_grant > 0)) || hd_log change "granted $account@localhost all privileges on $name"
  # The user's own login tells whether the password is already this one (MYSQL_PWD: the
  # client's environment, readable by root only, never its arguments).
  if ((had_user > 0)) && MYSQL_PWD=$password "$client" --no-defaults --user="$account" --batch \
    -e 'SELECT 1' >/dev/null 2>&1; then
    hd_log info "the password of $account@localhost is up to date"
    return 0
  fi
  sql <<SQL
SET SESSION sql_mode = '';
SET @hostdeck_password = CONVERT(X'$password_hex' USING utf8mb4);
SET @hostdeck_sql = CONCAT('ALTER USER ''$account''@''localhost'' IDENTIFIED BY ', QUOTE(@hostdeck_password));
PREPARE hostdeck_statement FROM @hostdeck_sql;
EXECUTE hostdeck_statement;
DEALLOCATE PREPARE hostdeck_statement;
SQL
  ((had_user == 0)) || hd_log change "set the password of $account@localhost"
}

postgresql_create() {
  command -v psql >/dev/null || hd_fail "PostgreSQL is not installed on this server"
  psql_run() { runuser -u postgres -- psql --no-psqlrc -X -q -v ON_ERROR_STOP=1 -tA "$@"; }
  local had_database had_user
  had_database=$(psql_run -c "SELECT COUNT(*) FROM pg_database WHERE datname = '$name'")
  had_user=$(psql_run -c "SELECT COUNT(*) FROM pg_roles WHERE rolname = '$account'")
  if ((had_user > 0)) && PGPASSWORD=$password psql --no-psqlrc -X -q -tA -h 127.0.0.1 -U "$account" \
    -d "$name" -c 'SELECT 1' >/dev/null 2>&1; then
    hd_log info "the password of $account is up to date"
  else
    # format(%I, %L) quotes on the server; \gexec runs the statement it built.
    psql_run <<SQL
SELECT format('CREATE ROLE %I LOGIN', '$account') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$account') \\gexec
SELECT format('ALTER ROLE %I WITH LOGIN PASSWORD %L', '$account', convert_from(decode('$password_hex', 'hex'), 'UTF8')) \\gexec
SQL
    if ((had_user > 0)); then
      hd_log change "set the password of $account"
    else
      hd_log change "created the database user $account"
    fi
  fi
  if ((had_database == 0)); then
    psql_run <<SQL
SELECT format('CREATE DATABASE %I OWNER %I ENCODING %L TEMPLATE template0', '$name', '$account', 'UTF8') \\gexec
SQL
    hd_log change "created the database $name (owner $account)"
  fi
  local granted
  granted=$(psql_run -c "SELECT has_database_privilege('$account', '$name', 'CREATE, CONNECT, TEMPORARY')")
  if [[ $granted != t ]]; then
    psql_run -c "GRANT ALL PRIVILEGES ON DATABASE \"$name\" TO \"$account\"" >/dev/null
    hd_log change "granted $account all privileges on $name"
  fi
}

case $type in
  mysql | mariadb) mysql_create ;;
  postgresql) postgresql_create ;;
  *) hd_fail "unknown database type: $type" ;;
esac
