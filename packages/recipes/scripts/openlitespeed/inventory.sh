#!/usr/bin/env bash
# openlitespeed-inventory, step `read` (read-only): prints
#   os<TAB>ID-VERSION_ID
#   installed<TAB>0|1
#   version<TAB>VERSION|-      (/usr/local/lsws/VERSION)
#   status<TAB>STATE|-         (systemd ActiveState of lshttpd)
#   php<TAB>X.Y<TAB>INI|-      (one line per /usr/local/lsws/lsphpXY with a php binary)
#   admin<TAB>USER             (one line per WebAdmin user of admin/conf/htpasswd)
#   end
set -euo pipefail

lsws=/usr/local/lsws
printf 'os\t%s\n' "$(hd_os_id)"

installed=0
if [[ -x $lsws/bin/lswsctrl ]] && { [[ -x $lsws/bin/openlitespeed ]] || [[ -x $lsws/bin/lshttpd ]]; }; then
  installed=1
fi
printf 'installed\t%s\n' "$installed"

version=-
if ((installed)) && [[ -r $lsws/VERSION ]]; then
  version=$(head -n 1 -- "$lsws/VERSION" | tr -d '[:space:]')
  [[ $version =~ ^[0-9][0-9A-Za-z.+~-]{0,39}$ ]] || version=-
fi
printf 'version\t%s\n' "$version"

status=-
if ((installed)); then
  status=$(systemctl show --property=ActiveState --value -- lshttpd.service 2>/dev/null || true)
  [[ $status =~ ^[a-z-]{1,20}$ ]] || status=-
fi
printf 'status\t%s\n' "$status"

shopt -s nullglob
for dir in "$lsws"/lsphp[5-9][0-9]; do
  [[ -x $dir/bin/php || -x $dir/bin/lsphp ]] || continue
  digits=${dir##*/lsphp}
  php_version="${digits:0:1}.${digits:1:1}"
  ini=-
  for candidate in "$dir/etc/php/$php_version/litespeed/php.ini" "$dir/etc/php.ini"; do
    if [[ -f $candidate && ! -L $candidate ]]; then
      ini=$candidate
      break
    fi
  done
  printf 'php\t%s\t%s\n' "$php_version" "$ini"
done

if ((installed)) && [[ -r $lsws/admin/conf/htpasswd ]]; then
  while IFS=: read -r user _; do
    [[ $user =~ ^[A-Za-z][A-Za-z0-9_.-]{0,31}$ ]] && printf 'admin\t%s\n' "$user"
  done <"$lsws/admin/conf/htpasswd"
fi
printf 'end\n'
