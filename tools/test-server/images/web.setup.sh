#!/usr/bin/env bash
# Builds the "web" image inside a temporary test server (run by `test-server.sh image web` as root,
# with the packages of web.packages as arguments). The server is then shut down cleanly and its
# writable layer becomes the image.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

# No service starts while packages are installed: nginx and apache2 would fight over :80, and the
# services that must run are started below, after the install.
printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
chmod 755 /usr/sbin/policy-rc.d
trap 'rm -f /usr/sbin/policy-rc.d' EXIT

apt-get update -q
apt-get install -y -q --no-install-recommends "$@"
rm -f /usr/sbin/policy-rc.d

# As provisioning leaves a server: nginx owns :80 with PHP-FPM and MariaDB beside it. apache2 and
# PostgreSQL stay installed but off; bootWebTestServer starts PostgreSQL for the tests that ask for
# it, and the apache2 tests stop nginx and start apache2 themselves.
systemctl disable --now apache2.service postgresql.service
systemctl enable --now nginx.service php8.2-fpm.service mariadb.service cron.service supervisor.service
systemctl is-active nginx.service php8.2-fpm.service mariadb.service
# ufw stays inactive and fail2ban off (their package enables it): the security tests turn them on.
systemctl disable --now fail2ban.service
# Docker stays off too (its daemon takes memory and rewrites iptables): the Docker tests start it.
systemctl disable --now docker.service docker.socket containerd.service
mariadb -N -e 'SELECT 1' >/dev/null

# The default Linux user of a managed server.
id -u hostdeck >/dev/null 2>&1 || useradd --create-home --shell /bin/bash hostdeck

# Nothing per-machine or cached in the image: servers run `apt-get update` before installing more.
apt-get clean
rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
