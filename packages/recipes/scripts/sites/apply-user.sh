#!/usr/bin/env bash
# site-apply, step `user`: the site's Unix user.
# - Isolated site: the user is created when missing (home /home/USER, bash, a group of its own)
#   and gets the password read from stdin when one is given (none: the password stays as it is,
#   locked for a new user). The password never appears in a command line: chpasswd and the
#   comparison with the current hash read it from stdin.
# - Otherwise the user (the server's default user) must exist already.
# Either way the user must be a regular account (never root, www-data, nobody or a daemon:
# hd_site_owner_check), and /home/USER becomes the gate of its sites (hd_site_home_gate: 0710,
# group www-data), so no other user can read them and the web server still serves them.
# Input: HD_LINUX_USER, HD_ISOLATED (1/0); stdin: the password (optional).
set -euo pipefail

user=${HD_LINUX_USER:?HD_LINUX_USER is required}
isolated=${HD_ISOLATED:-0}
home_root="/home/$user"

create_user() {
  local group_option=(--user-group)
  # A group of that name without its user (left by an earlier deletion) becomes the user's.
  if getent group -- "$user" >/dev/null; then group_option=(--gid "$user"); fi
  useradd --create-home --home-dir "$home_root" --shell /bin/bash "${group_option[@]}" -- "$user"
  hd_log change "created the user $user (home $home_root)"
}

# password_matches PASSWORD  Succeeds when PASSWORD is the user's current password. The hash and
# the password reach perl on stdin (crypt(3) knows yescrypt, Debian's default, and the others).
password_matches() {
  local hash
  hash=$(getent shadow -- "$user" | cut -d: -f2)
  [[ $hash == \$* ]] || return 1
  printf '%s\n%s' "$hash" "$1" | perl -e '
    my $hash = <STDIN>; chomp $hash;
    my $password = do { local $/; <STDIN> };
    exit((defined $password && crypt($password, $hash) eq $hash) ? 0 : 1);'
}

set_password() {
  local password=""
  IFS= read -r -d '' password || true
  [[ -n $password ]] || return 0
  [[ $password != *[$'\n\r']* ]] || hd_fail "the password may not contain a line break"
  if password_matches "$password"; then
    hd_log info "the password of $user is up to date"
    return 0
  fi
  # printf is a shell builtin: the password goes to chpasswd's stdin, never to an argument list.
  printf '%s:%s\n' "$user" "$password" | chpasswd
  hd_log change "set the password of $user"
}

if ((isolated)); then
  if ! id -u -- "$user" >/dev/null 2>&1; then create_user; fi
  # A system account is never given a password or a site of its own.
  hd_site_owner_check "$user"
  set_password
else
  hd_site_owner_check "$user"
  hd_log info "the site runs as $user"
fi
hd_site_home_gate "$user"
