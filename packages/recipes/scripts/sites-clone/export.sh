#!/usr/bin/env bash
# site-files-export, step `export`: the source side of cloning a site's files.
# Input: HD_SITE (domain), HD_LINUX_USER, HD_TOKEN (32 hex), HD_ACTION (pack|read|clean),
# HD_OFFSET and HD_LENGTH (bytes, for read), all validated by the panel.
set -euo pipefail

home=/home/$HD_LINUX_USER/$HD_SITE
workdir=/var/tmp/hostdeck-clone
archive=$workdir/$HD_TOKEN.tar.gz

case $HD_ACTION in
  pack)
    [[ -d $home && ! -L $home ]] || hd_fail "the site has no home at $home"
    id -u -- "$HD_LINUX_USER" >/dev/null 2>&1 || hd_fail "the user $HD_LINUX_USER does not exist"
    install -d -m 0700 -o root -g root -- "$workdir"
    rm -f -- "$archive"
    hd_cleanup_paths+=("$archive.part")
    # tar runs as the site's user: a link swapped in during the run cannot make it read what the
    # user could not. Root only receives the stream into its own file.
    status=0
    (cd / && runuser -u "$HD_LINUX_USER" -- tar -C "$home" --ignore-failed-read -czf - -- .) >"$archive.part" || status=$?
    # 1: some file changed while it was read (a live site); the copy is still usable.
    if ((status > 1)); then hd_fail "tar could not archive $home (exit $status)"; fi
    chmod 0600 -- "$archive.part"
    mv -f -- "$archive.part" "$archive"
    printf 'size=%s\n' "$(stat -c %s -- "$archive")"
    ;;
  read)
    [[ -f $archive ]] || hd_fail "the archive of this clone is missing"
    # dd stops after the chunk by itself (no reader closing a pipe early: no SIGPIPE).
    dd if="$archive" bs=64K iflag=skip_bytes,count_bytes skip="$HD_OFFSET" count="$HD_LENGTH" status=none | base64 -w 0
    ;;
  clean)
    rm -f -- "$archive" "$archive.part"
    ;;
  *) hd_fail "unknown action" ;;
esac
