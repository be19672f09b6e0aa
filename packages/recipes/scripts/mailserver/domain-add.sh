#!/usr/bin/env bash
# mailserver-domain-add, step `domain`: DOMAIN accepted by Postfix (virtual mailbox domain), its
# DKIM key made here (2048-bit RSA, selector HD_SELECTOR; the private key never leaves the server)
# and signed for by OpenDKIM. Idempotent: an existing domain and key are kept.
# Input: HD_DOMAIN, HD_SELECTOR.
# shellcheck disable=SC2154 # hd_mail_* are set by lib/mailserver.sh.
set -euo pipefail
hd_mail_lock

domains=$hd_mail_postfix_dir/domains
if ! hd_mail_has_key "$domains" ' ' "$HD_DOMAIN"; then
  if hd_mail_has_key "$hd_mail_postfix_dir/mailboxes" ' ' "$HD_DOMAIN"; then hd_fail "$HD_DOMAIN is in use"; fi
  hd_mail_edit_map "$domains" ' ' "$HD_DOMAIN" "$HD_DOMAIN OK"
  hd_log change "added the mail domain $HD_DOMAIN"
fi
install -d -o vmail -g vmail -m 0770 -- "$hd_mail_vhosts/$HD_DOMAIN"

keys=$hd_mail_dkim_dir/keys/$HD_DOMAIN
key=$keys/$HD_SELECTOR.private
if [[ ! -s $key ]]; then
  install -d -o opendkim -g opendkim -m 0750 -- "$keys"
  opendkim-genkey -b 2048 -s "$HD_SELECTOR" -d "$HD_DOMAIN" -D "$keys"
  chown opendkim:opendkim -- "$keys"/*
  chmod 0600 -- "$key"
  hd_log change "made the DKIM key of $HD_DOMAIN (selector $HD_SELECTOR)"
fi
hd_mail_edit_map "$hd_mail_dkim_dir/KeyTable" ' ' "$HD_SELECTOR._domainkey.$HD_DOMAIN" \
  "$HD_SELECTOR._domainkey.$HD_DOMAIN $HD_DOMAIN:$HD_SELECTOR:$key"
hd_mail_edit_map "$hd_mail_dkim_dir/SigningTable" ' ' "*@$HD_DOMAIN" "*@$HD_DOMAIN $HD_SELECTOR._domainkey.$HD_DOMAIN"
opendkim -n -x /etc/opendkim.conf || hd_fail "OpenDKIM refused its tables"
systemctl restart opendkim
hd_mail_reload_postfix
hd_log info "$HD_DOMAIN receives mail and signs with DKIM"
