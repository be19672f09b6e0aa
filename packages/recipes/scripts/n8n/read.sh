#!/usr/bin/env bash
# n8n-read, step `read` (read-only, run while the user waits): prints on stdout what HD_WHAT
# asks for, and nothing else (n8n's own log lines go to stderr):
# - info: one JSON object {installed, version, status} (no CLI call, so it is quick);
# - workflows: a JSON array of {id, name, active}; credentials: of {id, name, type} (no secret);
# - export-workflows: n8n's export of every workflow, or of HD_WORKFLOW_ID, as a JSON array;
# - export-credentials: n8n's export of the credentials (their data stays encrypted with the
#   site's key);
# - license-info: the text of `n8n license:info`.
# Input: HD_SITE, HD_LINUX_USER, HD_HOME, HD_PORT, HD_UNIT, HD_ENV_FILE, HD_NODE_DIR, HD_WHAT,
# HD_WORKFLOW_ID (export-workflows, optional).
set -euo pipefail

if [[ $HD_WHAT == info ]]; then
  status=$(systemctl is-active -- "$HD_UNIT" 2>/dev/null || true)
  if [[ ! -f $HD_ENV_FILE ]]; then
    printf '{"installed":false,"version":null,"status":"%s"}\n' "${status:-inactive}"
    exit 0
  fi
  app=$(hd_n8n_app)
  version=$(sed -n 's/^  "version": "\([0-9.]*\)",$/\1/p' -- "$app/node_modules/n8n/package.json" | head -n 1)
  if [[ -n $version ]]; then version="\"$version\""; else version=null; fi
  printf '{"installed":true,"version":%s,"status":"%s"}\n' "$version" "${status:-unknown}"
  exit 0
fi

[[ -f $HD_ENV_FILE ]] || hd_fail "n8n is not installed on $HD_SITE"
hd_n8n_user_temp work
# shellcheck disable=SC2154 # set by hd_n8n_user_temp (n8n/lib/n8n.sh).
out="$work/export.json"

# Prints FILE (n8n's export: an array, or nothing when there was nothing to export) reduced to
# the fields FIELDS (comma separated), as a JSON array.
summarize() {
  runuser -u "$HD_LINUX_USER" -- "$HD_NODE_DIR/bin/node" -e '
    const fs = require("fs");
    const [file, fields] = process.argv.slice(1);
    const items = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : [];
    const list = Array.isArray(items) ? items : [items];
    const keys = fields.split(",");
    process.stdout.write(JSON.stringify(list.map((item) =>
      Object.fromEntries(keys.map((key) => [key, key === "active" ? Boolean(item[key]) : String(item[key] ?? "")])))) + "\n");
  ' "$1" "$2"
}

# Prints the export as the site's user reads it (never root: the folder is the user's).
print_export() {
  # shellcheck disable=SC2016 # expanded by the inner shell.
  runuser -u "$HD_LINUX_USER" -- bash -c '[[ -s $1 ]] && cat -- "$1" || printf "[]\n"' _ "$out"
}

# n8n ends with an error when there is nothing to export: an empty list then.
case $HD_WHAT in
  workflows)
    hd_n8n_cli export:workflow --all "--output=$out" || [[ ! -e $out ]] || hd_fail "n8n could not list the workflows"
    summarize "$out" id,name,active
    ;;
  credentials)
    hd_n8n_cli export:credentials --all "--output=$out" || [[ ! -e $out ]] || hd_fail "n8n could not list the credentials"
    summarize "$out" id,name,type
    ;;
  export-workflows)
    if [[ -n ${HD_WORKFLOW_ID:-} ]]; then
      hd_n8n_cli export:workflow "--id=$HD_WORKFLOW_ID" "--output=$out" || hd_fail "n8n could not export workflow $HD_WORKFLOW_ID"
    else
      hd_n8n_cli export:workflow --all "--output=$out" || [[ ! -e $out ]] || hd_fail "n8n could not export the workflows"
    fi
    print_export
    ;;
  export-credentials)
    hd_n8n_cli export:credentials --all "--output=$out" || [[ ! -e $out ]] || hd_fail "n8n could not export the credentials"
    print_export
    ;;
  license-info)
    # Root's own file (the user's folder could hold a link planted under the name).
    hd_temp_file license
    # shellcheck disable=SC2154 # set by hd_temp_file (lib/common.sh).
    hd_n8n_cli license:info 2>"$license" || hd_fail "n8n could not read its licence"
    grep -v '^::hostdeck::' -- "$license" || true
    ;;
  *) hd_fail "unknown read $HD_WHAT" ;;
esac
