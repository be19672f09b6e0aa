#!/usr/bin/env bash
# mailserver-deliverability, step `port25` (read-only): can this server open TCP port 25 to a
# big mail provider? Prints `port25 TAB open|blocked|unknown TAB TARGET`: unknown when the server
# cannot resolve the provider's name (no DNS or no internet), so nothing can be said.
set -euo pipefail
for target in gmail-smtp-in.l.google.com mx1.mail.yahoo.com; do
  address=$(timeout 5 getent ahostsv4 "$target" 2>/dev/null | awk 'NR == 1 { print $1 }' || true)
  [[ -n $address ]] || continue
  # shellcheck disable=SC2016 # $1 expands in the inner shell: the address is its argument, never script text.
  if timeout 6 bash -c 'exec 3<>"/dev/tcp/$1/25"' _ "$address" 2>/dev/null; then
    printf 'port25\topen\t%s\n' "$target"
  else
    printf 'port25\tblocked\t%s\n' "$target"
  fi
  exit 0
done
printf 'port25\tunknown\t%s\n' gmail-smtp-in.l.google.com
