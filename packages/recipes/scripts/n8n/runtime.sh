#!/usr/bin/env bash
# n8n-install / n8n-upgrade, step `runtime`: the Node.js that n8n runs on, unpacked from
# HD_NODE_URL (a linux-x64 tarball: nodejs.org's, or a mirror of it) into HD_NODE_DIR, plus what
# n8n's native modules (sqlite3) build with: their prebuilt binaries come from GitHub, which a
# server may not reach, so npm builds them from source against HD_NODE_DIR's own headers.
# Skipped when HD_NODE_DIR already holds a Node.js 20 or later unpacked from the same URL.
# Input: HD_NODE_URL, HD_NODE_DIR.
set -euo pipefail

marker="$HD_NODE_DIR/.hostdeck-source"
if [[ -x $HD_NODE_DIR/bin/node && -f $marker && $(cat -- "$marker") == "$HD_NODE_URL" ]]; then
  hd_log info "Node.js $("$HD_NODE_DIR/bin/node" --version) is in $HD_NODE_DIR"
else
  hd_temp_dir work
  # shellcheck disable=SC2154 # set by hd_temp_dir (lib/common.sh).
  curl -fsSL --retry 2 -o "$work/node.tar.gz" -- "$HD_NODE_URL" || hd_fail "could not download Node.js from $HD_NODE_URL"
  mkdir -p -- "$work/node"
  tar -xzf "$work/node.tar.gz" -C "$work/node" --strip-components=1 --no-same-owner ||
    hd_fail "$HD_NODE_URL is not a Node.js tarball (tar.gz)"
  [[ -x $work/node/bin/node && -d $work/node/include/node ]] || hd_fail "$HD_NODE_URL has no bin/node and include/node"
  major=$("$work/node/bin/node" -p 'process.versions.node.split(".")[0]') || hd_fail "the downloaded Node.js does not run here"
  ((major >= 20)) || hd_fail "n8n needs Node.js 20 or later; $HD_NODE_URL has $major"
  printf '%s\n' "$HD_NODE_URL" >"$work/node/.hostdeck-source"
  chmod -R go-w -- "$work/node"
  mkdir -p -- "$(dirname -- "$HD_NODE_DIR")"
  rm -rf -- "$HD_NODE_DIR.old"
  if [[ -e $HD_NODE_DIR ]]; then mv -T -- "$HD_NODE_DIR" "$HD_NODE_DIR.old"; fi
  mv -T -- "$work/node" "$HD_NODE_DIR"
  rm -rf -- "$HD_NODE_DIR.old"
  hd_log change "installed Node.js $("$HD_NODE_DIR/bin/node" --version) in $HD_NODE_DIR"
fi

missing=()
for package in build-essential python3; do
  hd_apt_is_installed "$package" || missing+=("$package")
done
if ((${#missing[@]})); then
  hd_apt_update
  hd_apt_install "${missing[@]}"
fi
