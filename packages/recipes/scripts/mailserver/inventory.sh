#!/usr/bin/env bash
# mailserver-inventory, step `read` (read-only): the mail server as the panel's files say, one
# tab-separated line per fact (packages/recipes/src/mailserver/mailserver-inventory.ts parses it).
# shellcheck disable=SC2154 # hd_mail_* are set by lib/mailserver.sh.
set -euo pipefail

if ! hd_mail_is_installed; then
  printf 'installed\tno\n'
  exit 0
fi
printf 'installed\tyes\n'
for service in postfix dovecot opendkim; do
  printf 'service\t%s\t%s\n' "$service" "$(systemctl is-active -- "$service" 2>/dev/null || true)"
done
for name in message_size_limit relayhost myhostname myorigin; do
  printf 'setting\t%s\t%s\n' "$name" "$(postconf -h "$name" 2>/dev/null || true)"
done
if [[ -r $hd_mail_ssl_dir/cert.pem ]]; then
  printf 'ssl\t%s\n' "$(head -n 1 -- "$hd_mail_ssl_dir/site" 2>/dev/null || printf 'self-signed')"
  printf 'ssl-names\t%s\n' "$(openssl x509 -in "$hd_mail_ssl_dir/cert.pem" -noout -ext subjectAltName 2>/dev/null |
    grep -o 'DNS:[^, ]*' | sed 's/^DNS://' | paste -sd, - || true)"
  printf 'ssl-expires\t%s\n' "$(openssl x509 -in "$hd_mail_ssl_dir/cert.pem" -noout -enddate 2>/dev/null | sed 's/^notAfter=//' || true)"
fi
if [[ -r $hd_mail_postfix_dir/domains ]]; then
  awk '!/^#/ && NF >= 1 { print $1 }' "$hd_mail_postfix_dir/domains" | while IFS= read -r domain; do
    printf 'domain\t%s\n' "$domain"
    key=$hd_mail_dkim_dir/keys/$domain/$HD_SELECTOR.private
    if [[ -r $key ]]; then
      printf 'dkim\t%s\tv=DKIM1; k=rsa; p=%s\n' "$domain" \
        "$(openssl rsa -in "$key" -pubout -outform DER 2>/dev/null | base64 -w 0)"
    fi
  done
fi
if [[ -r $hd_mail_dovecot_dir/passwd ]]; then
  awk -F: '!/^#/ && NF >= 8 { print $1 "\t" $0 }' "$hd_mail_dovecot_dir/passwd" |
    while IFS=$'\t' read -r address extra; do
      quota=0
      if [[ $extra =~ userdb_quota_rule=\*:storage=([0-9]+)M ]]; then quota=${BASH_REMATCH[1]}; fi
      used=$(du -sb -- "$hd_mail_vhosts/${address#*@}/${address%@*}" 2>/dev/null | cut -f1 || true)
      printf 'account\t%s\t%s\t%s\n' "$address" "$quota" "${used:-0}"
    done
fi
if [[ -r $hd_mail_postfix_dir/aliases ]]; then
  awk '!/^#/ && NF >= 2 { print $1 "\t" $2 }' "$hd_mail_postfix_dir/aliases" |
    while IFS=$'\t' read -r source destinations; do printf 'alias\t%s\t%s\n' "$source" "$destinations"; done
fi
