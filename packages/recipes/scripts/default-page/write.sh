#!/usr/bin/env bash
# default-page-write, step `write`: stdin becomes the page the server answers for unknown hosts
# and its bare IP: /var/www/html/index.html, the index of the default server's root in every
# default site the panel writes and in Debian's nginx and apache2 (reused, not a second default
# server). The web server's configuration is checked first (`nginx -t`, or `apache2ctl
# configtest`), the old page kept, the new one written atomically and the web server reloaded
# (never restarted); then the page is fetched from 127.0.0.1 with a Host no site has. When that
# answer is not the new page (an index.php in front of it, a default server changed by hand), the
# old page is put back and the step fails saying what answered. The same content twice changes
# nothing. Input: stdin, the page (the panel checks it: text, at most 256 KiB).
set -euo pipefail

root=/var/www/html
page=$root/index.html
probe_host=hostdeck-default-page.invalid

if systemctl is-active --quiet nginx 2>/dev/null; then
  server=nginx
  check=(nginx -t -q)
elif systemctl is-active --quiet apache2 2>/dev/null; then
  server=apache2
  check=(apache2ctl configtest)
else
  hd_fail "no web server (nginx or apache2) runs on this server"
fi

new=""
hd_temp_file new
cat >"$new"
[[ -s $new ]] || hd_fail "the page is empty"

# served  Prints what the default server answers for an unknown host.
served() {
  curl -sS --noproxy '*' --max-time 10 -H "Host: $probe_host" http://127.0.0.1/
}

if [[ -f $page && ! -L $page ]] && cmp -s -- "$new" "$page"; then
  hd_log info "$page is up to date"
  exit 0
fi
[[ ! -L $page ]] || hd_fail "$page is a symbolic link; it is not followed"

# The configuration must be valid before anything is reloaded.
if ! output=$("${check[@]}" 2>&1); then
  printf '%s\n' "$output" >&2
  hd_fail "$server's configuration is invalid; nothing was changed"
fi

mkdir -p -- "$root"
backup=""
if [[ -f $page ]]; then
  hd_backup_of backup "$page"
  cp -p -- "$page" "$backup"
fi
hd_write_atomic "$page" 0644 root:root <"$new"
hd_log change "wrote $page"
hd_reload_service "$server"

expected=$(sha256sum <"$new" | cut -d' ' -f1)
actual=$(served | sha256sum | cut -d' ' -f1) || actual=""
if [[ $actual != "$expected" ]]; then
  hd_restore_config "$page" "$backup"
  hd_reload_service "$server" || true
  hd_fail "$server's default server does not answer with $page (its root or index was changed, or an index.php comes first); the previous page was restored"
fi
hd_log info "http://$probe_host/ (any unknown host and the bare IP) answers with the new page"
