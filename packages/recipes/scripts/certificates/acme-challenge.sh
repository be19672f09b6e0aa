#!/usr/bin/env bash
# site-acme-challenge, step `challenge`: writes or removes one ACME HTTP-01 answer,
# /var/lib/hostdeck/acme/.well-known/acme-challenge/{token}, which every vhost serves on port 80
# (location ^~ /.well-known/acme-challenge/ with root /var/lib/hostdeck/acme).
# Input: HD_ACTION (write or remove), HD_TOKEN (base64url, from the ACME server), HD_KEY_AUTHORIZATION
# (`{token}.{account key thumbprint}`, written only). The token is only ever used after the fixed
# directory, never as an argument on its own.
set -euo pipefail

challenge_dir=/var/lib/hostdeck/acme/.well-known/acme-challenge
answer=$challenge_dir/$HD_TOKEN

case $HD_ACTION in
  write)
    # World-readable: nginx and apache2 workers (www-data) read the answer.
    install -d -m 0755 -o root -g root -- /var/lib/hostdeck /var/lib/hostdeck/acme \
      /var/lib/hostdeck/acme/.well-known "$challenge_dir"
    if [[ -f $answer && $(<"$answer") == "$HD_KEY_AUTHORIZATION" ]]; then
      hd_log info "the challenge answer $HD_TOKEN is in place"
      exit 0
    fi
    printf '%s' "$HD_KEY_AUTHORIZATION" | hd_write_atomic "$answer" 0644 root:root
    hd_log change "wrote the challenge answer $HD_TOKEN"
    ;;
  remove)
    if [[ -e $answer || -L $answer ]]; then
      rm -f -- "$answer"
      hd_log change "removed the challenge answer $HD_TOKEN"
    else
      hd_log info "the challenge answer $HD_TOKEN is already gone"
    fi
    ;;
  *) hd_fail "unknown action $HD_ACTION" ;;
esac
