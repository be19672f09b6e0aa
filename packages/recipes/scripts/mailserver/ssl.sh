#!/usr/bin/env bash
# mailserver-ssl, step `ssl`: Postfix and Dovecot present a site's certificate (its files already
# on the server, /etc/hostdeck/ssl/HD_SITE_DOMAIN/{fullchain,privkey}.pem, copied: a renewal is
# taken by running this again), or Debian's self-signed one when HD_SITE is `self-signed`. The
# pair is checked to match first.
# Input: HD_SITE (the site's id, or self-signed), HD_SITE_DOMAIN (the site's domain, or '').
# shellcheck disable=SC2154 # hd_mail_* are set by lib/mailserver.sh.
set -euo pipefail
hd_mail_lock
if [[ $HD_SITE == self-signed ]]; then
  cert=/etc/ssl/certs/ssl-cert-snakeoil.pem
  key=/etc/ssl/private/ssl-cert-snakeoil.key
else
  cert=/etc/hostdeck/ssl/$HD_SITE_DOMAIN/fullchain.pem
  key=/etc/hostdeck/ssl/$HD_SITE_DOMAIN/privkey.pem
fi
[[ -s $cert && -s $key ]] || hd_fail "the certificate files are not on the server"
cert_key=$(openssl x509 -in "$cert" -noout -pubkey | sha256sum)
key_key=$(openssl pkey -in "$key" -pubout | sha256sum)
[[ $cert_key == "$key_key" ]] || hd_fail "the certificate and the key do not match"
hd_write_atomic "$hd_mail_ssl_dir/cert.pem" 0644 root:root <"$cert"
hd_write_atomic "$hd_mail_ssl_dir/key.pem" 0600 root:root <"$key"
printf '%s\n' "$HD_SITE" | hd_write_atomic "$hd_mail_ssl_dir/site" 0644 root:root
systemctl reload dovecot
postfix reload >/dev/null 2>&1 || systemctl reload postfix
hd_log change "mail uses the certificate of $HD_SITE"
