#!/usr/bin/env bash
# site-app-install, step `install`: puts the app of the template in HD_APP_ROOT/app (its data in
# HD_APP_ROOT/data), both the site user's and outside the site's web root, and writes its
# environment file HD_ENV_FILE (root's, 0600: it holds the generated secrets). Runtimes:
# - node: the npm package HD_ARTIFACT@HD_VERSION from the registry HD_SOURCE, installed as the
#   site user (Debian's nodejs and npm are installed first when missing; native modules build
#   from source, so build-essential and python3 too);
# - docker: the images of the app's containers pulled from the registry HD_SOURCE (the Docker
#   engine must be there), each volume a folder HD_APP_ROOT/data/FOLDER (root's, 0700);
# - installer: the vendor's installer script downloaded from HD_SOURCE and run once.
# Idempotent: an installed package or image of the same version is kept.
# Input: HD_SITE, HD_LINUX_USER, HD_APP, HD_APP_ROOT, HD_ENV_FILE, HD_RUNTIME, HD_ARTIFACT,
# HD_VERSION, HD_SOURCE, HD_APP_ENVIRONMENT (NAME=VALUE lines), HD_CONTAINERS and HD_C<i>_IMAGE,
# HD_C<i>_VOLUMES (docker); stdin after the frame: the
# generated secrets as NAME=HEX lines.
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
    if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
      hd_apt_install nodejs npm build-essential python3
    fi
    package_dir="$HD_APP_ROOT/app/node_modules/$HD_ARTIFACT"
    installed=$(as_user node -e 'try { process.stdout.write(require(process.argv[1]).version) } catch { }' -- "$package_dir/package.json" || true)
    if [[ $installed == "$HD_VERSION" ]]; then
      hd_log info "$HD_ARTIFACT $HD_VERSION is already installed"
    else
      hd_log change "installing $HD_ARTIFACT $HD_VERSION from $HD_SOURCE"
      as_user env HOME="/home/$user" npm_config_registry="$HD_SOURCE" npm install --prefix "$HD_APP_ROOT/app" \
        --omit=dev --no-audit --no-fund --legacy-peer-deps --build-from-source --no-save -- "$HD_ARTIFACT@$HD_VERSION"
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
    curl -fsSL --proto '=http,https' --max-time 300 -o "$installer.new" -- "$HD_SOURCE"
    mv -f -- "$installer.new" "$installer"
    hd_log change "downloaded $HD_SOURCE"
    bash -- "$installer"
    ;;
  *) hd_fail "unknown runtime $HD_RUNTIME" ;;
esac
