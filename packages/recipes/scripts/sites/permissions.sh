#!/usr/bin/env bash
# site-permissions, step `permissions`: repairs the site's home /home/USER/SITE.
# - chown: everything in it belongs to USER (and USER's group) again; links are changed
#   themselves, never followed (-h -P).
# - chmod: directories 0755, files 0644, files with an execute bit 0755.
# Both also repair the gate of the user's sites, /home/USER (0710, group www-data): the modes
# inside let the web server read the files, the gate keeps every other user out.
# Only what differs is changed; a second run changes nothing. chmod runs as the site user when the
# user owns the home (so a link placed in the tree can only lead to the user's own files); in a
# locked-down home (owned by root, not writable by the user) root runs it with find -execdir.
# Input: HD_SITE, HD_LINUX_USER, HD_ACTION (chown or chmod).
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
user=${HD_LINUX_USER:?HD_LINUX_USER is required}
action=${HD_ACTION:?HD_ACTION is required}

cd /
# Never hand a site's files to a system account, whatever the panel sent.
hd_site_owner_check "$user"
group=$(id -gn -- "$user")
home="/home/$user/$site"
[[ -d $home && ! -L $home ]] || hd_fail "$home is missing or not a directory"
hd_site_home_gate "$user"

# count COMMAND... Prints how many paths `find` lists (find -P: links are never followed).
count() { "$@" -print | wc -l; }

case $action in
  chown)
    wrong=$(count find -P "$home" \( ! -user "$user" -o ! -group "$group" \))
    if ((wrong == 0)); then
      hd_log info "everything in $home belongs to $user:$group"
      exit 0
    fi
    chown -R -h -P -- "$user:$group" "$home"
    hd_log change "gave $wrong files and folders in $home to $user:$group"
    ;;
  chmod)
    run=()
    if ! hd_site_is_locked "$home"; then run=(runuser -u "$user" --); fi
    wrong=$(count "${run[@]}" find -P "$home" \( -type d ! -perm 0755 \) -o \
      \( -type f -perm /111 ! -perm 0755 \) -o \( -type f ! -perm /111 ! -perm 0644 \))
    if ((wrong == 0)); then
      hd_log info "the modes in $home are already 0755 for folders and 0644 for files"
      exit 0
    fi
    "${run[@]}" find -P "$home" -type d ! -perm 0755 -execdir chmod 0755 -- {} +
    "${run[@]}" find -P "$home" -type f -perm /111 ! -perm 0755 -execdir chmod 0755 -- {} +
    "${run[@]}" find -P "$home" -type f ! -perm /111 ! -perm 0644 -execdir chmod 0644 -- {} +
    hd_log change "set the modes of $wrong files and folders in $home (folders 0755, files 0644)"
    ;;
  *) hd_fail "unknown action: $action" ;;
esac
