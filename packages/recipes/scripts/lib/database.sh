# shellcheck shell=bash
# Database servers: MariaDB and PostgreSQL from the distribution, MySQL from Ubuntu or, on
# Debian (which has no MySQL), from repo.mysql.com. Administration stays on the local socket:
# root@localhost (MySQL, MariaDB) and postgres authenticate by socket only, and nothing listens
# beyond localhost.

# hd_database_service ENGINE  Prints the systemd unit of ENGINE.
hd_database_service() {
  case $1 in
    mariadb) printf 'mariadb' ;;
    mysql) printf 'mysql' ;;
    postgresql) printf 'postgresql' ;;
    *) return 1 ;;
  esac
}

# hd_mysql_client  Prints the client of the installed MySQL or MariaDB server.
hd_mysql_client() {
  if command -v mariadb >/dev/null; then printf 'mariadb'; else printf 'mysql'; fi
}

# hd_mysql_add_repository  repo.mysql.com (MySQL 8.4 LTS) on Debian, once.
hd_mysql_add_repository() {
  local codename keyring=/usr/share/keyrings/mysql.gpg
  codename=$(hd_os_codename)
  hd_apt_install curl ca-certificates gnupg || return 1
  hd_apt_keyring "$keyring" https://repo.mysql.com/RPM-GPG-KEY-mysql-2023 || return 1
  hd_apt_source /etc/apt/sources.list.d/mysql.list <<<"deb [signed-by=$keyring] http://repo.mysql.com/apt/debian/ $codename mysql-8.4-lts"
}

# hd_mysql_secure  Removes what a fresh MySQL or MariaDB may hold beyond local root: anonymous
# accounts, root accounts for other hosts and the `test` database. Each only when present.
hd_mysql_secure() {
  local client statements
  client=$(hd_mysql_client)
  # The statements are built by the server itself (QUOTE), so no name is parsed by the shell.
  statements=$("$client" --batch --skip-column-names -e \
    "SELECT CONCAT('DROP USER ', QUOTE(User), '@', QUOTE(Host), ';') FROM mysql.user
     WHERE User = '' OR (User = 'root' AND Host NOT IN ('localhost', '127.0.0.1', '::1'))") || return 1
  if [[ -n $statements ]]; then
    "$client" --batch -e "$statements" || return 1
    hd_log change "removed anonymous and remote root accounts"
  fi
  if [[ -n $("$client" --batch --skip-column-names -e "SHOW DATABASES LIKE 'test'") ]]; then
    "$client" --batch -e 'DROP DATABASE test' || return 1
    hd_log change "dropped the test database"
  fi
  # root must not log in with a password (an empty one would let any local user in over TCP).
  if "$client" --no-defaults --protocol=TCP --host=127.0.0.1 --user=root --password= \
    --batch -e 'SELECT 1' >/dev/null 2>&1; then
    if "$client" --version | grep -q MariaDB; then
      "$client" --batch -e "ALTER USER 'root'@'localhost' IDENTIFIED VIA unix_socket" || return 1
    else
      "$client" --batch -e "ALTER USER 'root'@'localhost' IDENTIFIED WITH auth_socket" || return 1
    fi
    hd_log change "root@localhost had an empty password; it now authenticates on the local socket only"
  fi
  hd_log info "root@localhost: local socket only (a password login is refused)"
}

# hd_database_install ENGINE  Installs mariadb, mysql or postgresql, enables and starts it, and
# checks the administrator answers on the local socket. Refuses MySQL beside MariaDB (and the
# reverse): their packages replace each other.
hd_database_install() {
  local engine=$1 service
  service=$(hd_database_service "$engine") || hd_fail "unknown database engine: $engine"
  case $engine in
    mariadb)
      if hd_apt_is_installed mysql-server || hd_apt_is_installed mysql-community-server; then
        hd_fail "MySQL is installed on this server; MariaDB cannot be installed beside it"
      fi
      hd_apt_install mariadb-server mariadb-client || return 1
      ;;
    mysql)
      if hd_apt_is_installed mariadb-server; then
        hd_fail "MariaDB is installed on this server; MySQL cannot be installed beside it"
      fi
      if hd_os_is_ubuntu; then
        hd_apt_install mysql-server || return 1
      else
        if ! hd_apt_is_installed mysql-community-server; then
          hd_mysql_add_repository || return 1
        fi
        hd_apt_install mysql-community-server mysql-community-client || return 1
      fi
      ;;
    postgresql)
      hd_apt_install postgresql || return 1
      ;;
  esac
  hd_enable_service "$service" || return 1
  case $engine in
    mariadb | mysql)
      hd_mysql_secure || return 1
      hd_log info "$("$(hd_mysql_client)" --version)"
      ;;
    postgresql)
      hd_postgresql_check || return 1
      ;;
  esac
}

# hd_postgresql_check  Every cluster is online (started when it is not) and postgres answers on
# the local socket.
hd_postgresql_check() {
  local version cluster status
  while read -r version cluster _ status _; do
    [[ -n $version && $status != online* ]] || continue
    systemctl start -- "postgresql@$version-$cluster" || return 1
    hd_log change "started the PostgreSQL cluster $version/$cluster"
  done < <(pg_lsclusters --no-header 2>/dev/null)
  local answer
  answer=$(runuser -u postgres -- psql --no-psqlrc -tAc 'SELECT version()') || {
    hd_log error "PostgreSQL does not answer on its local socket"
    return 1
  }
  hd_log info "$answer"
}
