#!/usr/bin/env bash
# mailserver-settings, step `settings`: message_size_limit (bytes; 0 = unlimited), relayhost ('' =
# direct delivery) and myhostname, checked by `postfix check`, put back when it fails.
# Input: HD_MESSAGE_SIZE_BYTES, HD_RELAY_HOST, HD_HOSTNAME.
# shellcheck disable=SC2154 # hd_mail_* are set by lib/mailserver.sh.
set -euo pipefail
hd_mail_lock
previous=(
  "message_size_limit=$(postconf -h message_size_limit)"
  "relayhost=$(postconf -h relayhost)"
  "myhostname=$(postconf -h myhostname)"
)
wanted=(
  "message_size_limit=$HD_MESSAGE_SIZE_BYTES"
  "relayhost=$HD_RELAY_HOST"
  "myhostname=$HD_HOSTNAME"
)
changed=0
for index in "${!wanted[@]}"; do
  if [[ ${previous[index]} != "${wanted[index]}" ]]; then
    postconf -e -- "${wanted[index]}"
    hd_log change "set ${wanted[index]}"
    changed=1
  fi
done
((changed)) || exit 0
if ! postfix check; then
  for setting in "${previous[@]}"; do postconf -e -- "$setting"; done
  hd_fail "postfix check refused the settings; the previous ones were put back"
fi
postfix reload >/dev/null 2>&1 || systemctl reload postfix
