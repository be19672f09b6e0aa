#!/usr/bin/env bash
# default-page-read, step `read` (read-only): prints `page<TAB>PATH<TAB>0|1<TAB>SERVER`, then the
# default page's content (nothing when it does not exist yet). The default page is the index of
# the default server's root, /var/www/html: the root every default site the panel writes uses
# (scripts/provision/web-server.sh, scripts/nginx/default-site.sh) and Debian's own nginx and
# apache2 packages. SERVER is the web server that holds port 80 (nginx, apache2 or -).
# Input: HD_MAX_BYTES.
set -euo pipefail

page=/var/www/html/index.html
server=-
if systemctl is-active --quiet nginx 2>/dev/null; then
  server=nginx
elif systemctl is-active --quiet apache2 2>/dev/null; then
  server=apache2
fi
if [[ -f $page && ! -L $page ]]; then
  (($(stat -c %s -- "$page") <= HD_MAX_BYTES)) || hd_fail "$page is larger than $HD_MAX_BYTES bytes"
  printf 'page\t%s\t1\t%s\n' "$page" "$server"
  cat -- "$page"
else
  printf 'page\t%s\t0\t%s\n' "$page" "$server"
fi
