#!/usr/bin/env bash
# site-code-git-uninstall, step `uninstall`: the site no longer deploys from its repository. Its
# deploy key (~USER/.ssh/hostdeck-deploy-SITE) is removed. The deployed code keeps serving unless
# HD_DELETE_DATA is 1: then the releases, the `current` link and `shared/` (the deploy
# environment, the files releases share) are deleted, and the panel then points the vhost back at
# the site's own folder (site-apply). Removal runs as the site user (it owns those files; root
# never follows a link the user made). Parts already gone change nothing.
# Input: HD_SITE, HD_LINUX_USER, HD_DELETE_DATA.
set -euo pipefail
cd /

user=$HD_LINUX_USER
home="/home/$user/$HD_SITE"
key="/home/$user/.ssh/hostdeck-deploy-$HD_SITE"
if [[ -e $key || -L $key ]]; then
  runuser -u "$user" -- rm -f -- "$key" "$key.pub"
  hd_log change "removed the deploy key $key"
fi
if ((HD_DELETE_DATA)); then
  [[ -d $home && ! -L $home ]] || { hd_log info "$home is not there"; exit 0; }
  for part in current releases shared; do
    if [[ -e $home/$part || -L $home/$part ]]; then
      runuser -u "$user" -- rm -rf -- "${home:?}/$part"
      hd_log change "deleted $home/$part"
    fi
  done
else
  hd_log info "the deployed code stays in $home"
fi
