#!/usr/bin/env bash
# mailserver-alias-delete, step `alias`: the alias or forward of HD_SOURCE removed.
# Input: HD_SOURCE.
# shellcheck disable=SC2154 # hd_mail_* are set by lib/mailserver.sh.
set -euo pipefail
hd_mail_lock
if hd_mail_has_key "$hd_mail_postfix_dir/aliases" ' ' "$HD_SOURCE"; then
  hd_mail_edit_map "$hd_mail_postfix_dir/aliases" ' ' "$HD_SOURCE"
  hd_mail_reload_postfix
  hd_log change "removed the alias $HD_SOURCE"
fi
