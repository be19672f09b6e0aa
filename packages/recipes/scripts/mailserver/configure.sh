#!/usr/bin/env bash
# Every mail recipe, step `configure`: the panel's base configuration in place and the services
# running (scripts/lib/mailserver.sh hd_mail_configure; idempotent, nothing changes when it is).
# shellcheck disable=SC2154 # hd_mail_* are set by lib/mailserver.sh.
set -euo pipefail
hd_mail_lock
hd_mail_configure
