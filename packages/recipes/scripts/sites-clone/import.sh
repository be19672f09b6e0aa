#!/usr/bin/env bash
# site-files-import, step `import`: the target side of cloning a site's files.
# The archive grows in /var/lib/hostdeck/clone (root only), never in a shared temporary folder.
# Input: HD_SITE (domain), HD_LINUX_USER, HD_TOKEN (32 hex), HD_ACTION (append|extract|clean),
# validated by the panel; stdin (append): one chunk of the archive as base64.
set -euo pipefail

home=/home/$HD_LINUX_USER/$HD_SITE
workdir=""
hd_private_dir workdir clone || hd_fail "no private folder for the clone's archive"
archive=$workdir/$HD_TOKEN.tar.gz

case $HD_ACTION in
  append)
    (umask 077 && base64 -d >>"$archive")
    ;;
  extract)
    [[ -f $archive ]] || hd_fail "the archive of this clone is missing"
    [[ -d $home && ! -L $home ]] || hd_fail "the site has no home at $home"
    # tar runs as this user: never as root or another system account, which could write anywhere.
    hd_site_owner_check "$HD_LINUX_USER"
    hd_cleanup_paths+=("$archive")
    # As the site's user, from stdin: entries can only land where that user may write, and tar
    # itself refuses absolute names and `..`.
    (cd / && runuser -u "$HD_LINUX_USER" -- tar -C "$home" --no-same-owner -xzf -) <"$archive" ||
      hd_fail "tar could not unpack the files into $home"
    hd_log change "copied the files into $home"
    ;;
  clean)
    rm -f -- "$archive"
    ;;
  *) hd_fail "unknown action" ;;
esac
