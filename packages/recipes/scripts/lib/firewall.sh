# shellcheck shell=bash
# ufw, and the SSH ports it must never close (the panel reaches the server over SSH).

# hd_ssh_ports  Prints, one a line and sorted, every TCP port sshd listens on (`sshd -T`) and the
# port of the current connection (the server end of $SSH_CONNECTION, which is what the panel
# came in on, even behind a port forward). Fails when neither is known.
hd_ssh_ports() {
  local ports=() port connection
  if [[ -n ${SSH_CONNECTION:-} ]]; then
    read -ra connection <<<"$SSH_CONNECTION"
    port=${connection[3]:-}
    [[ $port =~ ^[0-9]+$ ]] && ports+=("$port")
  fi
  if command -v sshd >/dev/null; then
    while read -r _ port; do
      [[ $port =~ ^[0-9]+$ ]] && ports+=("$port")
    done < <(sshd -T 2>/dev/null | grep -i '^port ')
  fi
  ((${#ports[@]} > 0)) || {
    hd_log error "the SSH port is unknown (no SSH_CONNECTION and sshd -T failed)"
    return 1
  }
  printf '%s\n' "${ports[@]}" | sort -un
}

# hd_ufw_has_rule RULE  Succeeds when `ufw RULE` (e.g. `allow 22/tcp`) was added, active or not.
hd_ufw_has_rule() {
  ufw show added 2>/dev/null | grep -qxF -- "ufw $1"
}

# hd_ufw_allow PORT/PROTOCOL  Allows incoming traffic to the port, when it is not allowed yet.
hd_ufw_allow() {
  hd_ufw_has_rule "allow $1" && return 0
  ufw allow "$1" >/dev/null || return 1
  hd_ufw_has_rule "allow $1" || {
    hd_log error "ufw did not add the rule allow $1"
    return 1
  }
  hd_log change "ufw: allowed $1"
}

# hd_ufw_is_active  Succeeds when ufw is enabled and its rules are loaded.
hd_ufw_is_active() {
  ufw status 2>/dev/null | grep -qx 'Status: active'
}
