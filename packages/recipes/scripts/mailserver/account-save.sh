#!/usr/bin/env bash
# mailserver-account-create / -password / -quota, step `account`: the account's line in the
# passwd file (address, SHA512-CRYPT hash, quota). The password comes on stdin (one line) and is
# hashed here by `openssl passwd -6 -stdin`: never in a script, argv, the environment or a log.
# Input: HD_ADDRESS, HD_MODE (create, password or quota), HD_QUOTA_MB; the password on stdin
# (create and password).
# shellcheck disable=SC2154 # hd_mail_* are set by lib/mailserver.sh.
set -euo pipefail
hd_mail_lock

passwd=$hd_mail_dovecot_dir/passwd
domain=${HD_ADDRESS#*@}
hd_mail_has_key "$hd_mail_postfix_dir/domains" ' ' "$domain" || hd_fail "$domain is not a mail domain of this server"
current=$(HD_MAP_KEY=$HD_ADDRESS awk -F: '$1 == ENVIRON["HD_MAP_KEY"] { print; exit }' "$passwd")
case $HD_MODE in
  create)
    [[ -z $current ]] || hd_fail "$HD_ADDRESS already exists"
    if hd_mail_has_key "$hd_mail_postfix_dir/aliases" ' ' "$HD_ADDRESS"; then hd_fail "$HD_ADDRESS is an alias"; fi
    ;;
  password | quota) [[ -n $current ]] || hd_fail "$HD_ADDRESS does not exist" ;;
  *) hd_fail "unknown mode $HD_MODE" ;;
esac

if [[ $HD_MODE == quota ]]; then
  hash=$(printf '%s' "$current" | cut -d: -f2)
else
  IFS= read -r password || true
  [[ ${#password} -ge 8 ]] || hd_fail "no password was given"
  hash=$(printf '%s' "$password" | openssl passwd -6 -stdin)
  unset password
  # shellcheck disable=SC2016 # a literal: SHA512-CRYPT hashes start with $6$.
  [[ $hash == '$6$'* ]] || hd_fail "the password could not be hashed"
  hash="{SHA512-CRYPT}$hash"
fi
quota=$HD_QUOTA_MB
if [[ $HD_MODE == password ]]; then
  quota=0
  if [[ $current =~ userdb_quota_rule=\*:storage=([0-9]+)M ]]; then quota=${BASH_REMATCH[1]}; fi
fi
extra=""
if ((quota > 0)); then extra="userdb_quota_rule=*:storage=${quota}M"; fi
hd_mail_edit_map "$passwd" ':' "$HD_ADDRESS" "$HD_ADDRESS:$hash::::::$extra"
if [[ $HD_MODE == create ]]; then
  hd_mail_edit_map "$hd_mail_postfix_dir/mailboxes" ' ' "$HD_ADDRESS" "$HD_ADDRESS $domain/${HD_ADDRESS%@*}/"
  install -d -o vmail -g vmail -m 0770 -- "$hd_mail_vhosts/$domain" "$hd_mail_vhosts/$domain/${HD_ADDRESS%@*}"
  hd_mail_reload_postfix
fi
# Dovecot caches nothing from passwd-file across requests; the quota is read at the next login/delivery.
doveadm auth cache flush >/dev/null 2>&1 || true
case $HD_MODE in
  create) hd_log change "created the mail account $HD_ADDRESS" ;;
  password) hd_log change "changed the password of $HD_ADDRESS" ;;
  quota) hd_log change "set the quota of $HD_ADDRESS to $quota MB" ;;
esac
