#!/usr/bin/env bash
# mailserver-alias-save, step `alias`: mail to HD_SOURCE goes to every address of HD_DESTINATIONS
# (comma-separated, validated addresses). A source that is an account is a forward.
# Input: HD_SOURCE, HD_DESTINATIONS.
# shellcheck disable=SC2154 # hd_mail_* are set by lib/mailserver.sh.
set -euo pipefail
hd_mail_lock
domain=${HD_SOURCE#*@}
hd_mail_has_key "$hd_mail_postfix_dir/domains" ' ' "$domain" || hd_fail "$domain is not a mail domain of this server"
hd_mail_edit_map "$hd_mail_postfix_dir/aliases" ' ' "$HD_SOURCE" "$HD_SOURCE $HD_DESTINATIONS"
hd_mail_reload_postfix
hd_log change "mail to $HD_SOURCE goes to $HD_DESTINATIONS"
