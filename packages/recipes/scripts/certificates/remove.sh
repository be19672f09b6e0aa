#!/usr/bin/env bash
# site-certificate-remove, step `remove`: deletes /etc/hostdeck/ssl/{site} (the site's
# certificate and key). Input: HD_SITE (a domain).
# The panel runs `site-apply` right after, which renders the vhost without its 443 block (it adds
# the block only when both files exist), validates and reloads; the web server keeps serving the
# old files from memory until then.
set -euo pipefail

ssl_dir=/etc/hostdeck/ssl/$HD_SITE

if [[ ! -e $ssl_dir && ! -L $ssl_dir ]]; then
  hd_log info "$HD_SITE has no certificate installed"
  exit 0
fi
rm -rf -- "$ssl_dir"
hd_log change "removed the certificate of $HD_SITE ($ssl_dir)"
