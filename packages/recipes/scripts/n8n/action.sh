#!/usr/bin/env bash
# n8n-action, step `action`: one §7 call that changes n8n (spec/000 §7; docs/n8n.md), through the
# unit or n8n's own CLI as the site's user. Commands that change what the running n8n holds in
# memory (users, licence, LDAP, MFA, workflows, activation) are followed by a restart, as n8n's
# CLI asks. An import reads the uploaded JSON from stdin into a file of the site's user.
# Input: HD_SITE, HD_LINUX_USER, HD_HOME, HD_PORT, HD_UNIT, HD_ENV_FILE, HD_NODE_DIR, HD_ACTION, HD_WORKFLOW_ID
# (activate, deactivate), HD_EMAIL (mfa-disable); stdin: the file (import-*).
set -euo pipefail

[[ -f $HD_ENV_FILE ]] || hd_fail "n8n is not installed on $HD_SITE"

restart() {
  systemctl restart -- "$HD_UNIT"
  hd_n8n_wait || hd_fail "n8n did not start again"
  hd_log change "restarted n8n of $HD_SITE"
}

import_file() {
  local kind=$1 work
  hd_n8n_user_temp work
  # shellcheck disable=SC2154 # set by hd_n8n_user_temp (n8n/lib/n8n.sh).
  runuser -u "$HD_LINUX_USER" -- tee -- "$work/import.json" >/dev/null
  [[ -s $work/import.json ]] || hd_fail "the file to import is empty"
  hd_n8n_cli "import:$kind" "--input=$work/import.json" || hd_fail "n8n could not import the $kind (its output is above)"
  hd_log change "imported the ${kind}s of the file"
}

case $HD_ACTION in
  start)
    systemctl enable --quiet -- "$HD_UNIT"
    systemctl start -- "$HD_UNIT"
    hd_n8n_wait || hd_fail "n8n did not start"
    hd_log change "started n8n of $HD_SITE"
    ;;
  stop)
    systemctl stop -- "$HD_UNIT"
    hd_log change "stopped n8n of $HD_SITE"
    ;;
  restart) restart ;;
  user-reset)
    hd_n8n_cli user-management:reset || hd_fail "n8n could not reset its owner (its output is above)"
    hd_log change "reset the user management of n8n: the editor asks for a new owner"
    restart
    ;;
  license-clear)
    hd_n8n_cli license:clear || hd_fail "n8n could not clear its licence (its output is above)"
    hd_log change "cleared the licence of n8n"
    restart
    ;;
  ldap-reset)
    # The LDAP users' workflows and credentials go to the instance owner (never deleted): n8n
    # wants to be told whom. The owner is read from n8n's SQLite database, as the site's user.
    app=$(hd_n8n_app)
    # shellcheck disable=SC2016 # JavaScript, not shell.
    owner=$(cd -- "$HD_HOME" && runuser -u "$HD_LINUX_USER" -- "$HD_NODE_DIR/bin/node" -e '
      const sqlite3 = require(process.argv[1] + "/node_modules/sqlite3");
      const db = new sqlite3.Database(process.argv[2], sqlite3.OPEN_READONLY);
      // The owner'"'"'s role column is `role` in older 1.x schemas and `roleSlug` in later ones.
      const ask = (column, next) =>
        db.get(`SELECT id FROM user WHERE ${column} = ? ORDER BY createdAt LIMIT 1`, ["global:owner"], (error, row) => {
          if (row) process.stdout.write(String(row.id));
          else if (next) next();
          else process.exit(1);
        });
      ask("role", () => ask("roleSlug"));
    ' "$app" "$HD_HOME/.n8n/database.sqlite") || hd_fail "n8n has no owner to give the LDAP users' workflows to"
    [[ $owner =~ ^[A-Za-z0-9-]{1,64}$ ]] || hd_fail "n8n's owner id is not readable"
    hd_n8n_cli ldap:reset "--userId=$owner" || hd_fail "n8n could not reset LDAP (its output is above)"
    hd_log change "reset the LDAP settings of n8n (LDAP users' workflows and credentials now belong to the owner)"
    restart
    ;;
  mfa-disable)
    [[ -n ${HD_EMAIL:-} ]] || hd_fail "an email is needed"
    # n8n's command ends well also when it changed nothing: its words say which.
    output=$(hd_n8n_cli mfa:disable "--email=$HD_EMAIL" 2>&1) || {
      printf '%s\n' "$output" >&2
      hd_fail "n8n could not disable MFA for $HD_EMAIL (its output is above)"
    }
    printf '%s\n' "$output" >&2
    grep -qF 'Successfully disabled MFA' <<<"$output" ||
      hd_fail "n8n has no user $HD_EMAIL with MFA enabled; nothing changed"
    hd_log change "disabled MFA for $HD_EMAIL"
    ;;
  activate | deactivate)
    [[ -n ${HD_WORKFLOW_ID:-} ]] || hd_fail "a workflow id is needed"
    active=true
    if [[ $HD_ACTION == deactivate ]]; then active=false; fi
    hd_n8n_cli update:workflow "--id=$HD_WORKFLOW_ID" "--active=$active" ||
      hd_fail "n8n could not change workflow $HD_WORKFLOW_ID (its output is above)"
    hd_log change "workflow $HD_WORKFLOW_ID: active=$active"
    restart
    ;;
  import-workflows)
    import_file workflow
    restart
    ;;
  import-credentials)
    import_file credentials
    ;;
  *) hd_fail "unknown action $HD_ACTION" ;;
esac
