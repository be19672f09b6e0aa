#!/usr/bin/env bash
# mailserver-domain-default, step `default`: DOMAIN is Postfix's myorigin, the domain of the
# server's own mail (cron, system notices).
# Input: HD_DOMAIN.
# shellcheck disable=SC2154 # hd_mail_* are set by lib/mailserver.sh.
set -euo pipefail
hd_mail_lock
hd_mail_has_key "$hd_mail_postfix_dir/domains" ' ' "$HD_DOMAIN" || hd_fail "$HD_DOMAIN is not a mail domain of this server"
if [[ $(postconf -h myorigin) != "$HD_DOMAIN" ]]; then
  postconf -e -- "myorigin=$HD_DOMAIN"
  postfix reload >/dev/null 2>&1 || systemctl reload postfix
  hd_log change "made $HD_DOMAIN the default mail domain"
fi
