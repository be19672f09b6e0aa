#!/usr/bin/env bash
# site-app-install, step `install`: puts the app of the template in HD_APP_ROOT/app (its data in
# HD_APP_ROOT/data), both the site user's and outside the site's web root, and writes its
# environment file HD_ENV_FILE (root's, 0600: it holds the generated secrets). Runtimes:
# - node: Node.js from the tarball HD_NODE_URL in HD_NODE_DIR (lib/node.sh, as n8n's), then the
#   npm package HD_ARTIFACT@HD_VERSION from the registry HD_SOURCE, installed as the site user;
#   native modules build from source against HD_NODE_DIR's headers (nothing from GitHub);
# - docker: the images of the app's containers pulled from the registry HD_SOURCE (the Docker
#   engine must be there), each volume a folder HD_APP_ROOT/data/FOLDER (root's, 0700);
# - installer: the vendor's script downloaded from HD_SOURCE, its SHA-256 checked when HD_SHA256
#   is set, the vendor's configuration file HD_CONFIG_PATH written first (HD_CONFIG_LINES; one
#   already there that the panel did not write is kept), then the script run once (bash SCRIPT).
# Idempotent: an installed package or image of the same version is kept.
# Input: HD_SITE, HD_LINUX_USER, HD_APP, HD_APP_ROOT, HD_ENV_FILE, HD_RUNTIME, HD_ARTIFACT,
# HD_VERSION, HD_SOURCE, HD_APP_ENVIRONMENT (NAME=VALUE lines), HD_NODE_URL, HD_NODE_DIR,
# HD_NODE_MAJOR, HD_SHA256, HD_CONFIG_PATH, HD_CONFIG_LINES (node, installer), HD_CONTAINERS and
# HD_C<i>_IMAGE, HD_C<i>_VOLUMES (docker); stdin after the frame: the generated secrets as
# NAME=HEX lines.
set -euo pipefail
cd /

user=$HD_LINUX_USER
as_user() { runuser -u "$user" -- "$@"; }
[[ $(realpath -m -- "$HD_APP_ROOT") == "$HD_APP_ROOT" ]] || hd_fail "$HD_APP_ROOT goes through a symbolic link; it is not followed"
parent=$(dirname -- "$HD_APP_ROOT")
for folder in "$parent" "$HD_APP_ROOT" "$HD_APP_ROOT/app" "$HD_APP_ROOT/data"; do
  [[ -L $folder ]] && hd_fail "$folder is a symbolic link; it is not followed"
  if [[ ! -d $folder ]]; then
    install -d -m 0700 -o "$user" -g "$(id -gn -- "$user")" -- "$folder"
    hd_log change "created $folder"
  fi
done
printf '%s\n' "$HD_APP" | as_user tee -- "$HD_APP_ROOT/app.id" >/dev/null

# The environment: the template's values, then the secrets (kept when already there, so a second
# run does not change the keys of the data the first one made).
secrets=$(cat)
install -d -m 0700 -- "$(dirname -- "$HD_ENV_FILE")"
{
  printf '# Managed by HostDeck (recipe site-app-install): %s of %s.\n' "$HD_APP" "$HD_SITE"
  if [[ -n $HD_APP_ENVIRONMENT ]]; then printf '%s\n' "$HD_APP_ENVIRONMENT"; fi
  while IFS='=' read -r name value; do
    [[ -n $name ]] || continue
    kept=$(grep -m1 "^$name=" -- "$HD_ENV_FILE" 2>/dev/null | cut -d= -f2- || true)
    printf '%s=%s\n' "$name" "${kept:-$value}"
  done <<<"$secrets"
} | hd_write_atomic "$HD_ENV_FILE" 0600 root:root
hd_log change "wrote $HD_ENV_FILE"

case $HD_RUNTIME in
  node)
    hd_node_runtime "$HD_NODE_URL" "$HD_NODE_DIR" "$HD_NODE_MAJOR" "$HD_APP"
    app="$HD_APP_ROOT/app"
    as_npm() {
      runuser -u "$user" -- env -i HOME="/home/$user" PATH="$HD_NODE_DIR/bin:/usr/bin:/bin" \
        npm_config_nodedir="$HD_NODE_DIR" npm_config_build_from_source=true npm_config_registry="$HD_SOURCE" \
        npm_config_cache="$HD_APP_ROOT/.npm-cache" npm_config_update_notifier=false "$@"
    }
    installed=$(as_npm node -e 'try { process.stdout.write(require(process.argv[1]).version) } catch { }' -- \
      "$app/node_modules/$HD_ARTIFACT/package.json" || true)
    if [[ $installed == "$HD_VERSION" && -f $app/.hostdeck-complete ]]; then
      hd_log info "$HD_ARTIFACT $HD_VERSION is already installed"
    else
      rm -f -- "$app/.hostdeck-complete"
      # Written by the user: the folder is theirs, and the values passed their grammars.
      printf '{"name":"hostdeck-site-app","private":true,"dependencies":{"%s":"%s"}}\n' "$HD_ARTIFACT" "$HD_VERSION" |
        as_user tee -- "$app/package.json" >/dev/null
      hd_log info "installing $HD_ARTIFACT $HD_VERSION from $HD_SOURCE (native modules build from source)"
      started=$SECONDS
      log="$HD_APP_ROOT/npm-install.log"
      # shellcheck disable=SC2016 # expanded by the inner shell.
      as_npm bash -c 'cd -- "$1" && exec npm install --omit=dev --no-audit --no-fund --legacy-peer-deps --loglevel=error >"$2" 2>&1' \
        _ "$app" "$log" &
      npm_pid=$!
      # A line every 30 s: the event shows progress, and the runner's idle limit is not reached.
      while kill -0 "$npm_pid" 2>/dev/null; do
        sleep 30
        if kill -0 "$npm_pid" 2>/dev/null; then hd_log info "npm is installing $HD_ARTIFACT ($((SECONDS - started)) s)"; fi
      done
      if ! wait "$npm_pid"; then
        as_user tail -n 60 -- "$log" >&2 || true
        hd_fail "npm could not install $HD_ARTIFACT $HD_VERSION (its output is above)"
      fi
      installed=$(as_npm node -p 'require(process.argv[1]).version' "$app/node_modules/$HD_ARTIFACT/package.json")
      [[ $installed == "$HD_VERSION" ]] || hd_fail "npm installed $HD_ARTIFACT $installed instead of $HD_VERSION"
      as_user touch -- "$app/.hostdeck-complete"
      hd_log change "installed $HD_ARTIFACT $HD_VERSION in $app in $((SECONDS - started)) s ($(du -sh -- "$app" | cut -f1))"
    fi
    ;;
  docker)
    # --- docker runtime (HD_CONTAINERS, HD_C<i>_*: the app's container first, then its companions) ---
    command -v docker >/dev/null || hd_fail "Docker is not installed on this server: install it from the server's Apps first"
    for ((i = 0; i < HD_CONTAINERS; i++)); do
      image_var="HD_C${i}_IMAGE" volumes_var="HD_C${i}_VOLUMES"
      image="$HD_SOURCE/${!image_var}"
      if docker image inspect -- "$image" >/dev/null 2>&1; then
        hd_log info "$image is already there"
      else
        docker pull -- "$image"
      fi
      # Each volume is a folder of the data dir, root's (the containers' own users own what is inside).
      [[ -n ${!volumes_var} ]] || continue
      while IFS=: read -r folder _; do
        [[ -L $HD_APP_ROOT/data/$folder ]] && hd_fail "$HD_APP_ROOT/data/$folder is a symbolic link; it is not followed"
        if [[ ! -d $HD_APP_ROOT/data/$folder ]]; then
          install -d -m 0700 -o root -g root -- "$HD_APP_ROOT/data/$folder"
          hd_log change "created $HD_APP_ROOT/data/$folder"
        fi
      done <<<"${!volumes_var}"
    done
    # --- end of the docker runtime ---
    ;;
  installer)
    installer="$HD_APP_ROOT/app/$HD_ARTIFACT"
    curl -fsSL --proto '=http,https' --max-time 300 -o "$installer.new" -- "$HD_SOURCE" ||
      hd_fail "could not download the installer from $HD_SOURCE"
    if [[ -n $HD_SHA256 ]]; then
      actual=$(sha256sum -- "$installer.new" | cut -d' ' -f1)
      if [[ $actual != "$HD_SHA256" ]]; then
        rm -f -- "$installer.new"
        hd_fail "the installer from $HD_SOURCE has SHA-256 $actual, not the expected $HD_SHA256; it was not run"
      fi
      hd_log info "the installer's SHA-256 is the expected $HD_SHA256"
    else
      hd_log info "the installer's SHA-256 is $(sha256sum -- "$installer.new" | cut -d' ' -f1) (not pinned)"
    fi
    mv -f -- "$installer.new" "$installer"
    hd_log change "downloaded $HD_SOURCE"
    if [[ -n $HD_CONFIG_PATH ]]; then
      mark="# Managed by HostDeck (recipe site-app-install): $HD_APP of $HD_SITE."
      [[ $(realpath -m -- "$HD_CONFIG_PATH") == "$HD_CONFIG_PATH" ]] || hd_fail "$HD_CONFIG_PATH goes through a symbolic link; it is not followed"
      if [[ -e $HD_CONFIG_PATH ]] && ! head -n 1 -- "$HD_CONFIG_PATH" | grep -q '^# Managed by HostDeck (recipe site-app-install)'; then
        hd_log warn "$HD_CONFIG_PATH was not written by the panel: it is kept as it is"
      else
        mkdir -p -- "$(dirname -- "$HD_CONFIG_PATH")"
        { printf '%s\n' "$mark"; printf '%s\n' "$HD_CONFIG_LINES"; } | hd_write_atomic "$HD_CONFIG_PATH" 0644 root:root
        hd_log change "wrote $HD_CONFIG_PATH"
      fi
    fi
    hd_log info "running $HD_ARTIFACT"
    (cd -- "$HD_APP_ROOT/app" && bash -- "$installer") || hd_fail "$HD_ARTIFACT failed (its output is above)"
    hd_log change "$HD_ARTIFACT finished"
    ;;
  *) hd_fail "unknown runtime $HD_RUNTIME" ;;
esac
