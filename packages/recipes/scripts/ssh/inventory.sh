#!/usr/bin/env bash
# ssh-inventory, step `read`: the sshd settings, read-only. Prints
#   hostdeck-ssh 1
#   KEYWORD<TAB>VALUE      one per line of `sshd -T` for the form's keywords (port may repeat)
#   socket<TAB>0|1         sshd is started by ssh.socket (Ubuntu 22.10 and later)
#   pending<TAB>0|1        an earlier change waits for its confirmation or revert
#   raw<TAB>BASE64         the panel's drop-in (empty when absent)
# Input: HD_DROP_IN (the drop-in's path).
set -euo pipefail

command -v sshd >/dev/null || hd_fail "sshd is not installed"
printf 'hostdeck-ssh 1\n'
settings=$(sshd -T 2>&1) || {
  printf '%s\n' "$settings" >&2
  hd_fail "sshd -T failed: the current configuration is invalid"
}
awk '
  $1 ~ /^(port|permitrootlogin|passwordauthentication|pubkeyauthentication|allowusers|maxauthtries|clientaliveinterval)$/ {
    value = $0
    sub(/^[^ ]+ /, "", value)
    gsub(/\t/, " ", value)
    printf "%s\t%s\n", $1, value
  }
' <<<"$settings"
if systemctl is-active --quiet ssh.socket; then printf 'socket\t1\n'; else printf 'socket\t0\n'; fi
if hd_safe_pending ssh; then printf 'pending\t1\n'; else printf 'pending\t0\n'; fi
if [[ -f $HD_DROP_IN ]]; then
  printf 'raw\t%s\n' "$(base64 -w0 <"$HD_DROP_IN")"
else
  printf 'raw\t\n'
fi
