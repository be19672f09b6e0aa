#!/usr/bin/env bash
# site-files-export, step `export`: the source side of cloning a site's files.
# The archive lives in /var/lib/hostdeck/clone (root only) between the calls of one clone, never
# in a shared temporary folder where a site user could plant a link under its name. `pack` builds
# it in a folder of its own run first (hd_temp_dir), so a failed run leaves nothing behind.
# Input: HD_SITE (domain), HD_LINUX_USER, HD_TOKEN (32 hex), HD_ACTION (pack|read|clean),
# HD_OFFSET and HD_LENGTH (bytes, for read), all validated by the panel.
set -euo pipefail

home=/home/$HD_LINUX_USER/$HD_SITE
workdir=""
hd_private_dir workdir clone || hd_fail "no private folder for the clone's archive"
archive=$workdir/$HD_TOKEN.tar.gz

case $HD_ACTION in
  pack)
    [[ -d $home && ! -L $home ]] || hd_fail "the site has no home at $home"
    # tar runs as this user: never as root or another system account, which could read anything.
    hd_site_owner_check "$HD_LINUX_USER"
    # Archives of clones the panel gave up more than a day ago (it stopped between pack and clean).
    find "$workdir" -maxdepth 1 -type f -name '*.tar.gz' -mmin +1440 -delete
    run=""
    hd_temp_dir run || hd_fail "no private folder for this run"
    part=$run/archive.tar.gz
    # tar runs as the site's user: a link swapped in during the run cannot make it read what the
    # user could not. Root only receives the stream into its own file.
    status=0
    (cd / && runuser -u "$HD_LINUX_USER" -- tar -C "$home" --ignore-failed-read -czf - -- .) >"$part" || status=$?
    # 1: some file changed while it was read (a live site); the copy is still usable.
    if ((status > 1)); then hd_fail "tar could not archive $home (exit $status)"; fi
    chmod 0600 -- "$part"
    mv -f -- "$part" "$archive"
    printf 'size=%s\n' "$(stat -c %s -- "$archive")"
    ;;
  read)
    [[ -f $archive ]] || hd_fail "the archive of this clone is missing"
    # dd stops after the chunk by itself (no reader closing a pipe early: no SIGPIPE).
    dd if="$archive" bs=64K iflag=skip_bytes,count_bytes skip="$HD_OFFSET" count="$HD_LENGTH" status=none | base64 -w 0
    ;;
  clean)
    rm -f -- "$archive"
    ;;
  *) hd_fail "unknown action" ;;
esac
