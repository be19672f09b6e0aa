#!/usr/bin/env bash
# system-user-password, step `password`: sets a regular account's password (uid >= UID_MIN) from
# stdin with chpasswd, whose stdin carries it: never an argument, never the environment.
# Input: HD_USER; stdin: the password.
set -euo pipefail

user=${HD_USER:?HD_USER is required}
uid_min=$(awk '$1 == "UID_MIN" { print $2 }' /etc/login.defs 2>/dev/null || true)
[[ $uid_min =~ ^[0-9]+$ ]] || uid_min=1000

uid=$(id -u -- "$user" 2>/dev/null) || hd_fail "the user $user does not exist on this server"
((uid >= uid_min && uid != 65534)) || hd_fail "$user is a system account (uid $uid); the panel does not change it"

password=""
IFS= read -r -d '' password || true
[[ -n $password ]] || hd_fail "no password was given"
[[ $password != *[$'\n\r']* ]] || hd_fail "the password may not contain a line break"
printf '%s:%s\n' "$user" "$password" | chpasswd
hd_log change "set the password of $user"
