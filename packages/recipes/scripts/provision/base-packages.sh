#!/usr/bin/env bash
# server-provision, step `base-packages`: fresh package lists and the tools every later step and
# the panel rely on. Installs only what is missing. The lists are always refreshed here (not only
# when older than an hour, as hd_apt_update does): a provisioned server must get the current
# security updates of every package the later steps install.
set -euo pipefail

packages=(curl ca-certificates gnupg unzip git rsync cron logrotate acl htop tzdata)
# add-apt-repository (the ondrej/php PPA) exists on Ubuntu only.
if hd_os_is_ubuntu; then packages+=(software-properties-common); fi

hd_log info "refreshing package lists"
hd_apt_run update -q
hd_apt_install "${packages[@]}"
hd_enable_service cron
hd_log info "base packages present: ${packages[*]}"
