#!/usr/bin/env bash
# mailserver-domain-delete, step `domain`: DOMAIN no longer accepted, its DKIM key removed. Refused
# while an account or alias of the domain remains (their mail would be lost silently). Maildirs
# are never deleted here.
# Input: HD_DOMAIN, HD_SELECTOR.
# shellcheck disable=SC2154 # hd_mail_* are set by lib/mailserver.sh.
set -euo pipefail
hd_mail_lock

if awk -F: -v suffix="@$HD_DOMAIN" '!/^#/ && length($1) > length(suffix) && substr($1, length($1) - length(suffix) + 1) == suffix { found = 1 } END { exit !found }' \
  -- "$hd_mail_dovecot_dir/passwd"; then
  hd_fail "$HD_DOMAIN still has accounts: delete them first"
fi
if awk -v suffix="@$HD_DOMAIN" '!/^#/ && length($1) > length(suffix) && substr($1, length($1) - length(suffix) + 1) == suffix { found = 1 } END { exit !found }' \
  -- "$hd_mail_postfix_dir/aliases"; then
  hd_fail "$HD_DOMAIN still has aliases: delete them first"
fi
if hd_mail_has_key "$hd_mail_postfix_dir/domains" ' ' "$HD_DOMAIN"; then
  hd_mail_edit_map "$hd_mail_postfix_dir/domains" ' ' "$HD_DOMAIN"
  hd_log change "removed the mail domain $HD_DOMAIN"
fi
hd_mail_edit_map "$hd_mail_dkim_dir/KeyTable" ' ' "$HD_SELECTOR._domainkey.$HD_DOMAIN"
hd_mail_edit_map "$hd_mail_dkim_dir/SigningTable" ' ' "*@$HD_DOMAIN"
if [[ -d $hd_mail_dkim_dir/keys/$HD_DOMAIN ]]; then
  rm -rf -- "${hd_mail_dkim_dir:?}/keys/$HD_DOMAIN"
  hd_log change "removed the DKIM key of $HD_DOMAIN"
fi
if [[ $(postconf -h myorigin) == "$HD_DOMAIN" ]]; then
  # shellcheck disable=SC2016 # a literal: Postfix expands $myhostname itself.
  postconf -e 'myorigin=$myhostname'
fi
systemctl restart opendkim
hd_mail_reload_postfix
