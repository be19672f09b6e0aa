#!/usr/bin/env bash
# ssh-keys-remove, step `remove`: removes every authorized_keys line whose key has this fingerprint
# from each user (a user, a file or a key that is not there is fine). The panel's own key (its
# comment starts with HD_PANEL_COMMENT) is never removed: every user's file is checked first and
# the step refuses before changing anything. Files are read and rewritten AS THE USER (runuser).
# Input: HD_FINGERPRINT (`SHA256:…`), HD_USERS (user names, space separated), HD_PANEL_COMMENT.
set -euo pipefail

# strip_key MODE HOME FINGERPRINT PANEL_PREFIX: run as the user. MODE check prints `panel` when a
# matching line is the panel's key; MODE remove rewrites the file without the matching lines and
# prints `removed N` (or `absent`).
strip_key() {
  set -euo pipefail
  umask 077
  local file=$2/.ssh/authorized_keys line fp removed=0 panel=0
  local -a keep=()
  [[ -e $file || -L $file ]] || {
    echo absent
    return 0
  }
  if [[ -L $file || ! -f $file ]]; then
    echo "$file is not a regular file" >&2
    exit 3
  fi
  while IFS= read -r line || [[ -n $line ]]; do
    fp=''
    if [[ ! $line =~ ^[[:space:]]*(#|$) ]]; then
      fp=$(ssh-keygen -l -f - <<<"$line" 2>/dev/null | awk '{ print $2 }') || fp=''
    fi
    if [[ -n $fp && $fp == "$3" ]]; then
      [[ ${line##*[[:space:]]} == "$4"* ]] && panel=1
      removed=$((removed + 1))
      continue
    fi
    keep+=("$line")
  done <"$file"
  if [[ $1 == check ]]; then
    ((panel == 0)) || echo panel
    return 0
  fi
  if ((removed == 0)); then
    echo absent
    return 0
  fi
  local temporary
  temporary=$(mktemp "$2/.ssh/.authorized_keys.XXXXXX")
  if ((${#keep[@]} > 0)); then printf '%s\n' "${keep[@]}" >"$temporary"; fi
  chmod 0600 "$temporary"
  mv -f -- "$temporary" "$file"
  echo "removed $removed"
}

run_as() {
  local user=$1
  shift
  if [[ $user == root ]]; then
    strip_key "$@"
  else
    runuser -u "$user" -- bash -c "$(declare -f strip_key)"'; strip_key "$@"' strip_key "$@"
  fi
}

read -r -a users <<<"$HD_USERS"
present=()
homes=()
for user in "${users[@]}"; do
  if ! entry=$(getent passwd "$user"); then
    hd_log info "there is no user $user on this server"
    continue
  fi
  IFS=: read -r _ _ _ _ _ home _ <<<"$entry"
  [[ -n $home && -d $home ]] || {
    hd_log info "user $user has no home folder"
    continue
  }
  result=$(run_as "$user" check "$home" "$HD_FINGERPRINT" "$HD_PANEL_COMMENT") || hd_fail "could not read the keys of $user"
  [[ $result != *panel* ]] || hd_fail "the key $HD_FINGERPRINT is the panel's own key for $user; it cannot be removed"
  present+=("$user")
  homes+=("$home")
done

for index in "${!present[@]}"; do
  user=${present[$index]}
  result=$(run_as "$user" remove "${homes[$index]}" "$HD_FINGERPRINT" "$HD_PANEL_COMMENT") ||
    hd_fail "could not remove the key for $user"
  if [[ $result == removed* ]]; then
    hd_log change "removed key $HD_FINGERPRINT for $user"
  else
    hd_log info "key $HD_FINGERPRINT is not there for $user"
  fi
done
