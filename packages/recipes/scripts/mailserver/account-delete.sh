#!/usr/bin/env bash
# mailserver-account-delete, step `account`: the account can no longer sign in or receive mail.
# Its Maildir is moved aside (/var/mail/vhosts/DOMAIN/.deleted-LOCAL-TIME), never deleted here.
# Input: HD_ADDRESS.
# shellcheck disable=SC2154 # hd_mail_* are set by lib/mailserver.sh.
set -euo pipefail
hd_mail_lock
domain=${HD_ADDRESS#*@}
local_part=${HD_ADDRESS%@*}
if hd_mail_has_key "$hd_mail_dovecot_dir/passwd" ':' "$HD_ADDRESS"; then
  hd_mail_edit_map "$hd_mail_dovecot_dir/passwd" ':' "$HD_ADDRESS"
  hd_log change "removed the account $HD_ADDRESS"
fi
if hd_mail_has_key "$hd_mail_postfix_dir/mailboxes" ' ' "$HD_ADDRESS"; then
  hd_mail_edit_map "$hd_mail_postfix_dir/mailboxes" ' ' "$HD_ADDRESS"
  hd_mail_reload_postfix
fi
if [[ -d $hd_mail_vhosts/$domain/$local_part ]]; then
  mv -- "$hd_mail_vhosts/$domain/$local_part" "$hd_mail_vhosts/$domain/.deleted-$local_part-$(date +%Y%m%d%H%M%S)"
  hd_log change "moved the mailbox of $HD_ADDRESS aside"
fi
