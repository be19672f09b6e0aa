#!/usr/bin/env bash
# ssh-keys-add, step `add`: appends one public key to the authorized_keys of each user. The key is
# checked with `ssh-keygen -l` first; every user must exist (nothing is written otherwise). Per
# user, ~/.ssh (0700) and ~/.ssh/authorized_keys (0600) are made and changed AS THAT USER
# (runuser), so a link the user planted can never make root write elsewhere; the key is appended
# only when no line of the file has its fingerprint yet (a second run changes nothing).
# Input: HD_PUBLIC_KEY (one `TYPE BLOB [COMMENT]` line), HD_USERS (user names, space separated).
set -euo pipefail

key_file=''
hd_temp_file key_file
printf '%s\n' "$HD_PUBLIC_KEY" >"$key_file"
fingerprint=$(ssh-keygen -l -f "$key_file" 2>/dev/null | awk '{ print $2 }') || fingerprint=''
[[ $fingerprint == SHA256:* ]] || hd_fail "the key is not a valid SSH public key"

read -r -a users <<<"$HD_USERS"
homes=()
for user in "${users[@]}"; do
  entry=$(getent passwd "$user") || hd_fail "there is no user $user on this server"
  IFS=: read -r _ _ _ _ _ home _ <<<"$entry"
  [[ -n $home && -d $home ]] || hd_fail "user $user has no home folder"
  homes+=("$home")
done

# add_key HOME FINGERPRINT KEY: run as the user. Prints `added` or `present`; a problem on stderr.
add_key() {
  set -euo pipefail
  umask 077
  cd -- "$1"
  if [[ -L .ssh || (-e .ssh && ! -d .ssh) ]]; then
    echo "$1/.ssh is not a folder" >&2
    exit 3
  fi
  mkdir -p .ssh
  chmod 0700 .ssh
  local file=.ssh/authorized_keys
  if [[ -L $file || (-e $file && ! -f $file) ]]; then
    echo "$1/$file is not a regular file" >&2
    exit 3
  fi
  [[ -e $file ]] || : >"$file"
  chmod 0600 "$file"
  if ssh-keygen -l -f "$file" 2>/dev/null | awk -v fp="$2" '$2 == fp { found = 1 } END { exit !found }'; then
    echo present
    return 0
  fi
  if [[ -s $file && -n $(tail -c 1 "$file") ]]; then printf '\n' >>"$file"; fi
  printf '%s\n' "$3" >>"$file"
  echo added
}

for index in "${!users[@]}"; do
  user=${users[$index]}
  home=${homes[$index]}
  if [[ $user == root ]]; then
    result=$(add_key "$home" "$fingerprint" "$HD_PUBLIC_KEY") || hd_fail "could not add the key for $user"
  else
    result=$(runuser -u "$user" -- bash -c "$(declare -f add_key)"'; add_key "$@"' add_key "$home" "$fingerprint" "$HD_PUBLIC_KEY") ||
      hd_fail "could not add the key for $user"
  fi
  if [[ $result == added ]]; then
    hd_log change "added key $fingerprint for $user"
  else
    hd_log info "key $fingerprint is already there for $user"
  fi
done
