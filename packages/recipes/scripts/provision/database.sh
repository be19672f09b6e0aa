#!/usr/bin/env bash
# server-provision, step `database`: the chosen database server installed, enabled and running,
# administered on the local socket only (see lib/database.sh).
# Input: HD_DATABASE (mysql, mariadb, postgresql or none).
set -euo pipefail

database=${HD_DATABASE:?HD_DATABASE is required}
case $database in
  none) hd_log info "no database server requested" ;;
  mysql | mariadb | postgresql) hd_database_install "$database" ;;
  *) hd_fail "unknown database engine: $database" ;;
esac
