#!/usr/bin/env bash
# ssh-key-github, step `make`: the server's key for GitHub. Makes once, as HD_USER, an Ed25519 key
# ~/.ssh/id_ed25519_github (no passphrase) and a `Host github.com` entry in ~/.ssh/config that uses
# it, then prints `github-key<TAB>PUBLIC KEY LINE`. A second run only prints the key.
# Input: HD_USER, HD_COMMENT (the key's comment).
set -euo pipefail

entry=$(getent passwd "$HD_USER") || hd_fail "there is no user $HD_USER on this server"
IFS=: read -r _ _ _ _ _ home _ <<<"$entry"
[[ -n $home && -d $home ]] || hd_fail "user $HD_USER has no home folder"

# make_key HOME COMMENT: run as the user.
make_key() {
  set -euo pipefail
  umask 077
  cd -- "$1"
  if [[ -L .ssh || (-e .ssh && ! -d .ssh) ]]; then
    echo "$1/.ssh is not a folder" >&2
    exit 3
  fi
  mkdir -p .ssh
  chmod 0700 .ssh
  local key=.ssh/id_ed25519_github config=.ssh/config
  if [[ ! -e $key ]]; then
    ssh-keygen -q -t ed25519 -N '' -C "$2" -f "$key" </dev/null >/dev/null
    echo made
  fi
  ssh-keygen -y -f "$key" >"$key.pub.new"
  mv -f -- "$key.pub.new" "$key.pub"
  if [[ -L $config || (-e $config && ! -f $config) ]]; then
    echo "$1/$config is not a regular file" >&2
    exit 3
  fi
  if ! { [[ -f $config ]] && grep -qx '# HostDeck GitHub key' "$config"; }; then
    if [[ -s $config && -n $(tail -c 1 "$config") ]]; then printf '\n' >>"$config"; fi
    printf '%s\n' '# HostDeck GitHub key' 'Host github.com' '  HostName github.com' '  User git' \
      '  IdentityFile ~/.ssh/id_ed25519_github' '  IdentitiesOnly yes' >>"$config"
    chmod 0600 "$config"
    echo configured
  fi
  printf 'github-key\t%s\n' "$(cat -- "$key.pub")"
}

if [[ $HD_USER == root ]]; then
  result=$(make_key "$home" "$HD_COMMENT") || hd_fail "could not make the GitHub key"
else
  result=$(runuser -u "$HD_USER" -- bash -c "$(declare -f make_key)"'; make_key "$@"' make_key "$home" "$HD_COMMENT") ||
    hd_fail "could not make the GitHub key"
fi
[[ $result != *made* ]] || hd_log change "made the GitHub key of $HD_USER"
[[ $result != *configured* ]] || hd_log change "added github.com to $home/.ssh/config"
grep '^github-key	' <<<"$result"
