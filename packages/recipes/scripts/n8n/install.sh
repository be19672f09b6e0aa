#!/usr/bin/env bash
# n8n-install / n8n-upgrade, step `install`: n8n HD_VERSION as an npm project of its own,
# HD_HOME/.n8n-app/HD_VERSION, installed by the site's user (never root) from HD_NPM_REGISTRY.
# `xlsx` is overridden with the registry's last release: n8n names it by a URL outside the
# registry (cdn.sheetjs.com), which a mirror does not serve. Native modules build from source
# against HD_NODE_DIR's headers (npm_config_nodedir), so nothing is fetched from GitHub. Skipped
# when that version's n8n is complete there already.
# Input: HD_SITE, HD_LINUX_USER, HD_HOME, HD_VERSION, HD_NPM_REGISTRY, HD_NODE_DIR.
set -euo pipefail

id -u -- "$HD_LINUX_USER" >/dev/null 2>&1 || hd_fail "the site's user $HD_LINUX_USER does not exist"
[[ -d $HD_HOME && ! -L $HD_HOME ]] || hd_fail "the site's home $HD_HOME does not exist"
[[ $(stat -c %U -- "$HD_HOME") == "$HD_LINUX_USER" ]] || hd_fail "$HD_HOME is not owned by $HD_LINUX_USER"
[[ -x $HD_NODE_DIR/bin/node ]] || hd_fail "Node.js is missing from $HD_NODE_DIR"

app="$HD_HOME/.n8n-app/$HD_VERSION"
as_user() {
  runuser -u "$HD_LINUX_USER" -- env -i HOME="$HD_HOME" PATH="$HD_NODE_DIR/bin:/usr/bin:/bin" \
    npm_config_nodedir="$HD_NODE_DIR" npm_config_registry="$HD_NPM_REGISTRY" \
    npm_config_cache="$HD_HOME/.n8n-app/.npm-cache" npm_config_update_notifier=false "$@"
}

if [[ -f $app/.hostdeck-complete && -x $app/node_modules/.bin/n8n ]]; then
  hd_log info "n8n $HD_VERSION is installed in $app"
  exit 0
fi

as_user mkdir -p -- "$app"
# Written by the user: the folder is theirs, and the values passed their grammars.
printf '{"name":"hostdeck-n8n","private":true,"dependencies":{"n8n":"%s"},"overrides":{"xlsx":"0.18.5"}}\n' \
  "$HD_VERSION" | as_user tee -- "$app/package.json" >/dev/null
rm -f -- "$app/.hostdeck-complete"
hd_log info "installing n8n $HD_VERSION from $HD_NPM_REGISTRY (several minutes: native modules build from source)"
started=$SECONDS
log="$app/.hostdeck-npm.log"
# shellcheck disable=SC2016 # expanded by the inner shell.
as_user bash -c 'cd -- "$1" && exec npm install --omit=dev --no-audit --no-fund --loglevel=error >"$2" 2>&1' \
  _ "$app" "$log" &
npm_pid=$!
# A line every 30 s: the event shows progress, and the runner's idle limit is not reached.
while kill -0 "$npm_pid" 2>/dev/null; do
  sleep 30
  if kill -0 "$npm_pid" 2>/dev/null; then hd_log info "npm is installing n8n ($((SECONDS - started)) s)"; fi
done
if ! wait "$npm_pid"; then
  as_user tail -n 60 -- "$log" >&2 || true
  # Nothing half-installed stays behind (npm's cache keeps what it fetched for the next try).
  as_user rm -rf -- "$app"
  hd_fail "npm could not install n8n $HD_VERSION (its output is above)"
fi
[[ -x $app/node_modules/.bin/n8n ]] || hd_fail "npm did not install n8n $HD_VERSION (its output is above)"
installed=$(as_user "$HD_NODE_DIR/bin/node" -p 'require(process.argv[1]).version' "$app/node_modules/n8n/package.json")
[[ $installed == "$HD_VERSION" ]] || hd_fail "npm installed n8n $installed instead of $HD_VERSION"
as_user touch -- "$app/.hostdeck-complete"
hd_log change "installed n8n $HD_VERSION in $app in $((SECONDS - started)) s ($(du -sh -- "$app" | cut -f1))"
