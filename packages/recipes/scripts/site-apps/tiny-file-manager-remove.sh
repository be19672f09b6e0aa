#!/usr/bin/env bash
# site-tiny-file-manager-remove, step `remove`: removes Tiny File Manager from the site's web root
# (HOME{DIRECTORY}, or HOME/current{DIRECTORY} with releases) when the file there is the panel's:
# a regular file (not a link) whose first 512 bytes hold HD_MARKER. A file of that name the panel
# did not mark is the user's and stays (the step says so). Removal runs as the site user.
# Input: HD_SITE, HD_LINUX_USER, HD_DIRECTORY, HD_RELEASES, HD_FILE_NAME, HD_MARKER.
set -euo pipefail
cd /

home="/home/$HD_LINUX_USER/$HD_SITE"
suffix=${HD_DIRECTORY%/}
if ((HD_RELEASES)); then web_root="$home/current$suffix"; else web_root="$home$suffix"; fi
file="$web_root/$HD_FILE_NAME"
if [[ ! -e $file && ! -L $file ]]; then
  hd_log info "$file is not there: nothing to remove"
  exit 0
fi
resolved=$(realpath -e -- "$file" 2>/dev/null || true)
if [[ -L $file || ! -f $file || $resolved != "$home"/* ]]; then
  hd_log warn "$file is not a regular file inside the site: it is not the panel's and stays"
  exit 0
fi
if ! head -c 512 -- "$file" | grep -qF -- "$HD_MARKER"; then
  hd_log warn "$file was not installed by the panel (no $HD_MARKER mark): it stays"
  exit 0
fi
runuser -u "$HD_LINUX_USER" -- rm -f -- "$file"
hd_log change "removed $file"
