#!/usr/bin/env bash
# site-certificate-install, step `install`: a site's certificate and key become
# /etc/hostdeck/ssl/{site}/fullchain.pem (0644) and privkey.pem (0600), root-owned.
# Input: HD_SITE (a domain), HD_WEB_SERVER (nginx or apache2); stdin: the private key then the
# certificate chain, PEM, leaf first.
# Nothing is written unless openssl parses both and the certificate's public key is the key's
# own. Each file is replaced with one rename. When the web server runs, its configuration is
# validated and it is reloaded (a renewed certificate served by an unchanged vhost needs that);
# if it refuses, the previous files come back. The vhost's 443 block is `site-apply`'s work.
set -euo pipefail

ssl_root=/etc/hostdeck/ssl
ssl_dir=$ssl_root/$HD_SITE
key_file=$ssl_dir/privkey.pem
chain_file=$ssl_dir/fullchain.pem

case $HD_WEB_SERVER in
  nginx) validator=(nginx -t -q) ;;
  apache2) validator=(apache2ctl configtest) ;;
  *) hd_fail "unknown web server $HD_WEB_SERVER" ;;
esac

# Key material is only ever in root-only files: the directory, then mktemp's 0600 files in it.
install -d -m 0755 -o root -g root -- "$ssl_root" "$ssl_dir"
input="" key="" chain="" key_backup="" chain_backup=""
hd_temp_beside input "$ssl_dir/input.pem"
hd_temp_beside key "$key_file"
hd_temp_beside chain "$chain_file"
cat >"$input"
tr -d '\r' <"$input" | awk '/^-----BEGIN [A-Z ]*PRIVATE KEY-----$/ { inside = 1 } inside { print } /^-----END [A-Z ]*PRIVATE KEY-----$/ { inside = 0 }' >"$key"
tr -d '\r' <"$input" | awk '/^-----BEGIN CERTIFICATE-----$/ { inside = 1 } inside { print } /^-----END CERTIFICATE-----$/ { inside = 0 }' >"$chain"

if ! openssl pkey -noout -in "$key" 2>/dev/null; then
  hd_fail "The private key is not a valid PEM private key"
fi
if ! openssl x509 -noout -in "$chain" 2>/dev/null; then
  hd_fail "The certificate is not a valid PEM certificate"
fi
# `openssl x509` reads the first certificate of the chain: the leaf, the one the key belongs to.
certificate_key=$(openssl x509 -noout -pubkey -in "$chain")
private_key=$(openssl pkey -pubout -in "$key")
if [[ $certificate_key != "$private_key" ]]; then
  hd_fail "The certificate does not match the private key"
fi

if cmp -s -- "$key" "$key_file" && cmp -s -- "$chain" "$chain_file"; then
  hd_log info "the certificate of $HD_SITE is up to date"
  exit 0
fi

# The previous pair is kept (root-only) until the web server has accepted the new one.
hd_backup_of key_backup "$key_file"
hd_backup_of chain_backup "$chain_file"
rm -f -- "$key_backup" "$chain_backup"
had_previous=0
if [[ -f $key_file && -f $chain_file ]]; then
  cp -p -- "$key_file" "$key_backup"
  cp -p -- "$chain_file" "$chain_backup"
  had_previous=1
fi

hd_write_atomic "$key_file" 0600 root:root <"$key"
hd_write_atomic "$chain_file" 0644 root:root <"$chain"
hd_log change "installed the certificate of $HD_SITE in $ssl_dir"

if systemctl is-active --quiet -- "$HD_WEB_SERVER"; then
  if ! output=$("${validator[@]}" 2>&1); then
    if ((had_previous)); then
      hd_write_atomic "$key_file" 0600 root:root <"$key_backup"
      hd_write_atomic "$chain_file" 0644 root:root <"$chain_backup"
      hd_log error "$HD_WEB_SERVER refused the new certificate; the previous one was put back"
    else
      rm -f -- "$key_file" "$chain_file"
      hd_log error "$HD_WEB_SERVER refused the new certificate; it was removed"
    fi
    printf '%s\n' "$output" >&2
    exit 1
  fi
  hd_reload_service "$HD_WEB_SERVER"
fi
rm -f -- "$key_backup" "$chain_backup"
