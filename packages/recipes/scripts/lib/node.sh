# shellcheck shell=bash
# Node.js for the apps the panel runs on a server (n8n, site apps): a linux-x64 tarball
# (nodejs.org's, or a mirror of it) unpacked in a folder of its own, plus what native modules
# build with. Their prebuilt binaries come from GitHub, which a server may not reach, so npm builds
# them from source against that folder's own headers (npm_config_nodedir).

# hd_node_runtime URL DIR MIN_MAJOR WHO  Unpacks the Node.js tarball URL into DIR (skipped when DIR
# already holds the one unpacked from URL), refusing a major version below MIN_MAJOR ("WHO needs
# Node.js MIN_MAJOR or later"), then installs build-essential and python3 when missing.
hd_node_runtime() {
  local url=$1 dir=$2 min_major=$3 who=$4 marker work major package missing=()
  marker="$dir/.hostdeck-source"
  if [[ -x $dir/bin/node && -f $marker && $(cat -- "$marker") == "$url" ]]; then
    hd_log info "Node.js $("$dir/bin/node" --version) is in $dir"
  else
    hd_temp_dir work
    curl -fsSL --retry 2 -o "$work/node.tar.gz" -- "$url" || hd_fail "could not download Node.js from $url"
    mkdir -p -- "$work/node"
    tar -xzf "$work/node.tar.gz" -C "$work/node" --strip-components=1 --no-same-owner ||
      hd_fail "$url is not a Node.js tarball (tar.gz)"
    [[ -x $work/node/bin/node && -d $work/node/include/node ]] || hd_fail "$url has no bin/node and include/node"
    major=$("$work/node/bin/node" -p 'process.versions.node.split(".")[0]') || hd_fail "the downloaded Node.js does not run here"
    ((major >= min_major)) || hd_fail "$who needs Node.js $min_major or later; $url has $major"
    printf '%s\n' "$url" >"$work/node/.hostdeck-source"
    chmod -R go-w -- "$work/node"
    mkdir -p -- "$(dirname -- "$dir")"
    rm -rf -- "$dir.old"
    if [[ -e $dir ]]; then mv -T -- "$dir" "$dir.old"; fi
    mv -T -- "$work/node" "$dir"
    rm -rf -- "$dir.old"
    hd_log change "installed Node.js $("$dir/bin/node" --version) in $dir"
  fi

  for package in build-essential python3; do
    hd_apt_is_installed "$package" || missing+=("$package")
  done
  if ((${#missing[@]})); then
    hd_apt_update
    hd_apt_install "${missing[@]}"
  fi
}
