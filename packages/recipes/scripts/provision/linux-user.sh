#!/usr/bin/env bash
# server-provision, step `linux-user`: the server's default Linux user, with a home in /home and
# bash, in a group of its own. It has no password (key or panel access only) and is not granted
# sudo. Its home is the gate of the sites it will own (hd_site_home_gate: 0710, group www-data):
# no other user can enter it. An existing regular account is left exactly as it is (its home is
# closed by the first site made in it); a system account (root, www-data, nobody…) is refused:
# sites run as this user.
# Input: HD_LINUX_USER, a Linux user name validated by the panel (contracts siteOwnerSchema).
set -euo pipefail

user=${HD_LINUX_USER:?HD_LINUX_USER is required}

if id -u -- "$user" >/dev/null 2>&1; then
  hd_site_owner_check "$user"
  hd_log info "the user $user exists (uid $(id -u -- "$user"), home $(getent passwd -- "$user" | cut -d: -f6))"
  exit 0
fi

group_option=(--user-group)
# A group of that name without the user (left by an earlier deletion): make it the user's.
if getent group -- "$user" >/dev/null; then group_option=(--gid "$user"); fi
useradd --create-home --home-dir "/home/$user" --shell /bin/bash "${group_option[@]}" -- "$user"
# useradd leaves the password locked ("!"): nobody can log in with a password.
hd_log change "created the user $user (home /home/$user, no password, no sudo)"
hd_site_home_gate "$user"
