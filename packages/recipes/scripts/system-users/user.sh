#!/usr/bin/env bash
# system-user-create, step `user`: the account itself. A new one gets /home/NAME (0750), a group of
# its own and the shell asked for; an existing regular account (uid >= UID_MIN) keeps its home and
# files and only gets that shell. A password read from stdin is set with chpasswd (its stdin, never
# an argument); none leaves it as it is (locked for a new account: key or su only).
# Input: HD_USER, HD_SHELL (/bin/bash, /bin/sh or /usr/sbin/nologin); stdin: the password (optional).
set -euo pipefail

user=${HD_USER:?HD_USER is required}
shell=${HD_SHELL:?HD_SHELL is required}
home="/home/$user"

case $shell in
  /bin/bash | /bin/sh | /usr/sbin/nologin) ;;
  *) hd_fail "unsupported shell $shell" ;;
esac
[[ -x $shell ]] || hd_fail "$shell does not exist on this server"

uid_min=$(awk '$1 == "UID_MIN" { print $2 }' /etc/login.defs 2>/dev/null || true)
[[ $uid_min =~ ^[0-9]+$ ]] || uid_min=1000

if uid=$(id -u -- "$user" 2>/dev/null); then
  ((uid >= uid_min && uid != 65534)) || hd_fail "$user is a system account (uid $uid); the panel does not change it"
  current=$(getent passwd -- "$user" | cut -d: -f7)
  if [[ $current != "$shell" ]]; then
    usermod --shell "$shell" -- "$user"
    hd_log change "set the shell of $user to $shell (was $current)"
  else
    hd_log info "$user exists with the shell $shell"
  fi
else
  group_option=(--user-group)
  # A group of that name without its user (left by an earlier deletion) becomes the user's.
  if getent group -- "$user" >/dev/null; then group_option=(--gid "$user"); fi
  useradd --create-home --home-dir "$home" --shell "$shell" "${group_option[@]}" -- "$user"
  if [[ -d $home && ! -L $home ]]; then chmod 0750 -- "$home"; fi
  hd_log change "created the user $user (home $home, shell $shell)"
fi

# password_matches PASSWORD  Succeeds when PASSWORD is the user's current one (a re-run changes
# nothing). The hash and the password reach perl on stdin; crypt(3) knows yescrypt and the others.
password_matches() {
  local hash
  hash=$(getent shadow -- "$user" | cut -d: -f2)
  [[ $hash == \$* ]] || return 1
  printf '%s\n%s' "$hash" "$1" | perl -e '
    my $hash = <STDIN>; chomp $hash;
    my $password = do { local $/; <STDIN> };
    exit((defined $password && crypt($password, $hash) eq $hash) ? 0 : 1);'
}

password=""
IFS= read -r -d '' password || true
if [[ -n $password ]]; then
  [[ $password != *[$'\n\r']* ]] || hd_fail "the password may not contain a line break"
  if password_matches "$password"; then
    hd_log info "the password of $user is up to date"
  else
    # printf is a shell builtin: the password goes to chpasswd's stdin, never to an argument list.
    printf '%s:%s\n' "$user" "$password" | chpasswd
    hd_log change "set the password of $user"
  fi
fi
