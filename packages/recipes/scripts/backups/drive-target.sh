#!/usr/bin/env bash
# backup-drive-target, step `target`: the target server of a `server` backup drive (issue 20;
# docs/backups.md, Drives). Makes the drive's folder for the drive's user and prints the server's
# SSH host keys (`hostkey<TAB><type> <base64>`), from which the panel pins the one it verified.
#   - An existing folder must be a real folder (no part of the path a link) owned by the user:
#     the panel never gives a folder it did not make to anyone.
#   - A missing folder inside the user's home is made AS THE USER (runuser), so nothing the user
#     planted there makes root write elsewhere.
#   - Elsewhere, root makes it only under /srv, /var/backups, /backup, /backups, /mnt or /data
#     (missing parents root's, 0755; the folder itself the user's, 0700). Anywhere else (/etc,
#     /usr, another user's home) it is refused: a folder of the user there could change what
#     root runs.
# Input: HD_BACKUP_DRIVE_USER (a user name, not root), HD_BACKUP_DRIVE_PATH (absolute folder).
set -euo pipefail

user=${HD_BACKUP_DRIVE_USER:-}
folder=${HD_BACKUP_DRIVE_PATH:-}
[[ $folder == / || $folder != */ ]] || folder=${folder%/}
[[ $user =~ ^[a-z_][a-z0-9_-]{0,31}$ && $user != root ]] || hd_fail "invalid drive user"
[[ ${#folder} -le 255 && $folder =~ ^(/[A-Za-z0-9_][A-Za-z0-9._-]{0,127})+$ ]] || hd_fail "invalid drive folder"

entry=$(getent passwd "$user") || hd_fail "there is no user $user on this server"
IFS=: read -r _ _ uid gid _ home _ <<<"$entry"
[[ $uid =~ ^[0-9]+$ && $uid != 0 ]] || hd_fail "user $user is root; a drive needs a user of its own"
home=${home%/}

# The deepest part of the path that exists; every existing part must be a folder, not a link.
existing=''
missing=()
IFS=/ read -r -a parts <<<"${folder#/}"
for part in "${parts[@]}"; do
  current=$existing/$part
  if ((${#missing[@]} == 0)) && [[ -e $current || -L $current ]]; then
    [[ ! -L $current ]] || hd_fail "$current is a link; refusing to use it"
    [[ -d $current ]] || hd_fail "$current is not a folder"
    existing=$current
  else
    missing+=("$current")
  fi
done

inside() { [[ $folder == "$1" || $folder == "$1"/* ]]; }

if ((${#missing[@]} == 0)); then
  owner=$(stat -c %u -- "$folder")
  [[ $owner == "$uid" ]] ||
    hd_fail "$folder exists and belongs to $(stat -c %U -- "$folder"), not $user: choose a folder of $user, or give this one to $user first"
  hd_log info "$folder is there and belongs to $user"
elif [[ -n $home && $home != / && -d $home ]] && inside "$home"; then
  runuser -u "$user" -- mkdir -p -m 0700 -- "$folder" || hd_fail "user $user could not create $folder"
  hd_log change "created $folder as $user"
else
  allowed=0
  for root in /srv /var/backups /backup /backups /mnt /data; do
    if inside "$root"; then allowed=1; fi
  done
  ((allowed == 1)) ||
    hd_fail "$folder does not exist; the panel makes a drive folder only inside the home of $user ($home) or under /srv, /var/backups, /backup, /backups, /mnt or /data. Create it for $user first, or choose one of those"
  last=$((${#missing[@]} - 1))
  for index in "${!missing[@]}"; do
    if ((index < last)); then
      mkdir -m 0755 -- "${missing[$index]}" || hd_fail "could not create ${missing[$index]}"
    else
      mkdir -m 0700 -- "${missing[$index]}" || hd_fail "could not create ${missing[$index]}"
      # -h: should the new folder have been swapped for a link since, the link is what changes.
      chown -h -- "$uid:$gid" "${missing[$index]}" || hd_fail "could not give ${missing[$index]} to $user"
    fi
  done
  hd_log change "created $folder for $user"
fi

found=0
for file in /etc/ssh/ssh_host_ed25519_key.pub /etc/ssh/ssh_host_ecdsa_key.pub /etc/ssh/ssh_host_rsa_key.pub; do
  [[ -f $file && ! -L $file ]] || continue
  read -r type blob _ <"$file" || continue
  [[ $type =~ ^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(256|384|521))$ && $blob =~ ^[A-Za-z0-9+/]{16,1024}={0,2}$ ]] || continue
  printf 'hostkey\t%s %s\n' "$type" "$blob"
  found=1
done
((found == 1)) || hd_fail "no SSH host key found in /etc/ssh"
