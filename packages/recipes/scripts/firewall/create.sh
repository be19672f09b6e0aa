#!/usr/bin/env bash
# firewall-rule-create, step `apply`: adds a panel rule to ufw, tagged with the comment
# `hostdeck:<name>`. Deny rules go first (ufw takes the first rule that matches), allow rules last.
# The rule is checked with `ufw --dry-run` first; then the revert is armed (docs/safe-apply.md) and
# the rule added. The next step, on a new connection, keeps it.
# Input: HD_ACTION (allow|deny), HD_PROTOCOLS (tcp, udp, any, or "tcp udp" for a range on both),
# HD_PORT (a port or FIRST:LAST), HD_SOURCE (any, an address or a network), HD_COMMENT,
# HD_REVERT_SECONDS.
set -euo pipefail


command -v ufw >/dev/null || hd_fail "ufw is not installed on this server"
read -ra protocols <<<"$HD_PROTOCOLS"

# rule_words PROTOCOL  Sets `words`: the rule after its action.
rule_words() {
  words=()
  [[ $1 != any ]] && words+=(proto "$1")
  words+=(from "$HD_SOURCE" to any port "$HD_PORT" comment "$HD_COMMENT")
}

for protocol in "${protocols[@]}"; do
  rule_words "$protocol"
  ufw --dry-run "$HD_ACTION" "${words[@]}" >/dev/null || hd_fail "ufw refuses the rule; nothing was changed"
done

hd_safe_arm firewall "$HD_REVERT_SECONDS" /etc/ufw/user.rules /etc/ufw/user6.rules /etc/ufw/ufw.conf /etc/default/ufw

for protocol in "${protocols[@]}"; do
  rule_words "$protocol"
  if [[ $HD_ACTION == deny ]]; then
    ufw prepend deny "${words[@]}"
  else
    ufw allow "${words[@]}"
  fi
  hd_log change "ufw: $HD_ACTION ${words[*]}"
done

ufw show added | grep -qF -- "comment '$HD_COMMENT'" || hd_fail "ufw did not add the rule"
ufw status numbered || true
