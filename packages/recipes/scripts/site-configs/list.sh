#!/usr/bin/env bash
# site-config-list, step `list`: prints the site's web server configs as one JSON array
# `[{"name","path","size","modified","main"}]`: the main vhost (named like the site) first, then
# the extra configs of its include directory. A file whose name is outside the config-name grammar
# (put there by hand) is left out, so every name printed is one the panel can ask for again. A
# symbolic link is listed as itself (reading it is refused) and never followed.
# Input: HD_SITE, HD_MAIN_FILE, HD_EXTRA_DIR.
set -euo pipefail
shopt -s nullglob

entries=()

# add PATH NAME MAIN  One entry; names and paths come from grammars, so they need no escaping.
add() {
  local size modified
  size=$(stat -c %s -- "$1")
  modified=$(stat -c %Y -- "$1")
  entries+=("{\"name\":\"$2\",\"path\":\"$1\",\"size\":$size,\"modified\":$modified,\"main\":$3}")
}

if [[ -f $HD_MAIN_FILE || -L $HD_MAIN_FILE ]]; then
  add "$HD_MAIN_FILE" "$HD_SITE" true
fi

# The include directory itself must be a real directory: a link could point anywhere.
if [[ -d $HD_EXTRA_DIR && ! -L $HD_EXTRA_DIR ]]; then
  for file in "$HD_EXTRA_DIR"/*.conf; do
    [[ -f $file || -L $file ]] || continue
    name=${file##*/}
    name=${name%.conf}
    [[ $name =~ ^[a-z0-9][a-z0-9._-]{0,62}$ && $name != *..* && $name != "$HD_SITE" ]] || continue
    add "$file" "$name" false
  done
fi

(
  IFS=,
  printf '[%s]\n' "${entries[*]}"
)
