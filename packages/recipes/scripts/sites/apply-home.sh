#!/usr/bin/env bash
# site-apply, step `home`: the site's home /home/USER/SITE (0755, owned by USER) and its web
# root: HOME{DIRECTORY}, or HOME/current{DIRECTORY} with releases (deployments manage `current`;
# HOME/releases and HOME/shared are created here). A new or empty web root gets a default page
# (index.php with PHP, else index.html). When the owner changed (HD_PREVIOUS_LINUX_USER), the home
# moves from /home/PREVIOUS/SITE first.
# Safety: the site user owns the tree and could swap any path in it for a symbolic link, so
# directories and files are made *as that user* (runuser); root only renames and chowns, with
# -h/-P, which never follow a link. A locked-down tree (owned by root, the user cannot write in
# it) is the exception: root creates what is missing there.
# Input: HD_SITE, HD_LINUX_USER, HD_DIRECTORY, HD_RELEASES, HD_PHP_VERSION (optional),
# HD_PREVIOUS_LINUX_USER (optional).
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}
user=${HD_LINUX_USER:?HD_LINUX_USER is required}
directory=${HD_DIRECTORY:-/}
releases=${HD_RELEASES:-0}
php_version=${HD_PHP_VERSION:-}
previous=${HD_PREVIOUS_LINUX_USER:-}

# runuser keeps the working directory; the site user may not be able to enter root's.
cd /
group=$(id -gn -- "$user")
home="/home/$user/$site"
suffix=${directory%/}
if ((releases)); then web_root="$home/current$suffix"; else web_root="$home$suffix"; fi

as_user() { runuser -u "$user" -- "$@"; }

move_from_previous_owner() {
  [[ -n $previous && $previous != "$user" ]] || return 0
  local source="/home/$previous/$site"
  [[ -e $source || -L $source ]] || return 0
  if [[ -e $home || -L $home ]]; then
    hd_log warn "$source and $home both exist; $source was left where it is"
    return 0
  fi
  [[ ! -L $source ]] || hd_fail "$source is a symbolic link; refusing to move it"
  mv -T -- "$source" "$home"
  if hd_site_is_locked "$home"; then
    chown -R -h -P -- "root:$group" "$home"
  else
    chown -R -h -P -- "$user:$group" "$home"
  fi
  hd_log change "moved $source to $home (now owned by $user)"
}

create_home() {
  if [[ -L $home ]]; then hd_fail "$home is a symbolic link; refusing to use it"; fi
  if [[ ! -d $home ]]; then
    # As the user: /home/USER is theirs. (Root only when it is not, and then with chown -h.)
    if ! as_user mkdir -- "$home" 2>/dev/null; then
      mkdir -- "$home"
      chown -h -- "$user:$group" "$home"
    fi
    hd_log change "created $home"
  fi
  local owner
  owner=$(stat -c %U -- "$home")
  if [[ $owner != root && $owner != "$user" ]]; then
    chown -R -h -P -- "$user:$group" "$home"
    hd_log change "gave $home to $user (was $owner)"
  fi
  if ! hd_site_is_locked "$home" && [[ $(stat -c %a -- "$home") != 755 ]]; then
    as_user chmod 0755 -- "$home"
    hd_log change "set the mode of $home to 0755"
  fi
}

# make_directory PATH  Creates PATH (and its parents) inside the home when missing.
make_directory() {
  [[ ! -d $1 ]] || return 0
  if hd_site_is_locked "$home"; then
    mkdir -p -- "$1"
    chown -R -h -P -- "root:$group" "$home"
  else
    as_user mkdir -p -- "$1"
  fi
  hd_log change "created $1"
}

default_page() {
  if [[ -n $php_version ]]; then
    printf '<?php /* HostDeck default page: replace it with your site. */ ?>\n'
  fi
  cat <<HTML
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>$site</title></head>
<body>
<h1>$site</h1>
<p>This site is hosted with HostDeck. Upload your files to replace this page.</p>
HTML
  if [[ -n $php_version ]]; then
    printf '<p>PHP <?php echo htmlspecialchars(PHP_VERSION); ?></p>\n'
  fi
  printf '</body>\n</html>\n'
}

write_default_page() {
  # Only into a web root that is empty: never over the site's own files.
  if hd_site_is_locked "$home" || [[ -n $(as_user find "$web_root" -mindepth 1 -maxdepth 1 -print -quit) ]]; then
    return 0
  fi
  local page="$web_root/index.html"
  if [[ -n $php_version ]]; then page="$web_root/index.php"; fi
  default_page | as_user tee -- "$page" >/dev/null
  hd_log change "wrote the default page $page"
}

move_from_previous_owner
create_home
if ((releases)); then
  make_directory "$home/releases"
  make_directory "$home/shared"
  hd_log info "web root: $web_root (releases switch $home/current)"
else
  make_directory "$web_root"
  write_default_page
  hd_log info "web root: $web_root"
fi
