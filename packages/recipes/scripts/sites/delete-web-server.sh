#!/usr/bin/env bash
# site-delete, step `web-server`: removes the site from nginx and apache2 (whichever has it):
# the link in sites-enabled, the vhost in sites-available and the site's extra configs
# (/etc/{nginx,apache2}/hostdeck/SITE). The web server is then validated and reloaded (only when
# something was removed and it runs); a configuration that is invalid for other reasons fails the
# step with the tool's output, and a second run finishes the job once it is fixed.
# Input: HD_SITE, HD_WEB_SERVER (the site's; both servers are cleaned).
set -euo pipefail

site=${HD_SITE:?HD_SITE is required}

# remove_site ROOT  Removes the site's files under ROOT (/etc/nginx…); sets `removed` to 1 when
# there was something to remove.
removed=0
remove_site() {
  local root=$1 path
  removed=0
  for path in "$root/sites-enabled/$site.conf" "$root/sites-available/$site.conf" "$root/hostdeck/$site"; do
    if [[ -e $path || -L $path ]]; then
      rm -rf -- "$path"
      hd_log change "removed $path"
      removed=1
    fi
  done
}

# reload SERVICE VALIDATOR...  Validates, then reloads SERVICE when it runs.
reload() {
  local service=$1 output
  shift
  systemctl is-active --quiet -- "$service" || return 0
  if ! output=$("$@" 2>&1); then
    printf '%s\n' "$output" >&2
    hd_fail "the $service configuration is invalid; $service was not reloaded"
  fi
  hd_reload_service "$service"
}

remove_site /etc/nginx
if ((removed)) && command -v nginx >/dev/null; then reload nginx nginx -t; fi
remove_site /etc/apache2
if ((removed)) && command -v apachectl >/dev/null; then reload apache2 apachectl configtest; fi
hd_log info "no vhost of $site remains"
