# shellcheck shell=bash
# The mail server (Postfix + Dovecot + OpenDKIM, docs/mailserver.md): the panel's base
# configuration, written by the Applications install of `mailserver` and checked again by every
# mail recipe (idempotent: nothing changes when it is in place). The panel owns:
#   /etc/postfix/hostdeck/{domains,mailboxes,aliases}   virtual maps (postmap'd hash tables)
#   /etc/dovecot/hostdeck/passwd                        accounts, SHA512-CRYPT hashes
#   /etc/dovecot/conf.d/99-hostdeck.conf                Dovecot's settings
#   /etc/opendkim.conf, /etc/opendkim/hostdeck/         OpenDKIM (KeyTable, SigningTable, keys)
#   /etc/hostdeck-mail/ssl/{cert,key}.pem, site         the certificate Postfix and Dovecot present
# Maildirs live under /var/mail/vhosts/DOMAIN/LOCAL/Maildir, owned by the `vmail` user.

hd_mail_postfix_dir=/etc/postfix/hostdeck
hd_mail_dovecot_dir=/etc/dovecot/hostdeck
hd_mail_dkim_dir=/etc/opendkim/hostdeck
hd_mail_ssl_dir=/etc/hostdeck-mail/ssl
hd_mail_vhosts=/var/mail/vhosts
hd_mail_marker='# Managed by HostDeck (mail server): changed by the panel, edits are overwritten.'

# hd_mail_preseed  Answers Postfix's install questions ("Internet Site", the server's name).
hd_mail_preseed() {
  local name
  name=$(hostname -f 2>/dev/null || hostname)
  printf '%s\n' "postfix postfix/main_mailer_type select Internet Site" \
    "postfix postfix/mailname string $name" | debconf-set-selections
}

# hd_mail_is_installed  Succeeds when the three packages are there.
hd_mail_is_installed() {
  hd_apt_is_installed postfix && hd_apt_is_installed dovecot-imapd &&
    hd_apt_is_installed dovecot-lmtpd && hd_apt_is_installed opendkim
}

hd_mail_dovecot_conf() {
  cat <<EOF
$hd_mail_marker
# Accounts of the panel's mail domains only: system users do not sign in (10-auth.conf's
# auth-system include is turned off by the panel).
protocols = imap lmtp
mail_location = maildir:$hd_mail_vhosts/%d/%n/Maildir
mail_privileged_group = mail
first_valid_uid = 100
disable_plaintext_auth = yes
auth_mechanisms = plain login
auth_username_format = %Lu
passdb {
  driver = passwd-file
  args = scheme=SHA512-CRYPT username_format=%u $hd_mail_dovecot_dir/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u $hd_mail_dovecot_dir/passwd
  default_fields = uid=vmail gid=vmail home=$hd_mail_vhosts/%d/%n
}
ssl = required
ssl_cert = <$hd_mail_ssl_dir/cert.pem
ssl_key = <$hd_mail_ssl_dir/key.pem
ssl_min_protocol = TLSv1.2
mail_plugins = \$mail_plugins quota
protocol imap {
  mail_plugins = \$mail_plugins imap_quota
}
protocol lmtp {
  postmaster_address = postmaster@localhost
}
plugin {
  quota = maildir:User quota
  quota_exceeded_message = Quota exceeded
}
service lmtp {
  unix_listener /var/spool/postfix/private/dovecot-lmtp {
    mode = 0600
    user = postfix
    group = postfix
  }
}
service auth {
  unix_listener /var/spool/postfix/private/auth {
    mode = 0660
    user = postfix
    group = postfix
  }
}
EOF
}

hd_mail_opendkim_conf() {
  cat <<EOF
$hd_mail_marker
Syslog yes
UMask 007
UserID opendkim
PidFile /run/opendkim/opendkim.pid
Socket inet:8891@127.0.0.1
Mode sv
Canonicalization relaxed/simple
OversignHeaders From
KeyTable refile:$hd_mail_dkim_dir/KeyTable
SigningTable refile:$hd_mail_dkim_dir/SigningTable
InternalHosts $hd_mail_dkim_dir/TrustedHosts
ExternalIgnoreList $hd_mail_dkim_dir/TrustedHosts
EOF
}

# hd_mail_opendkim_unit  A drop-in so opendkim reads only its configuration file (Debian's unit
# passes its own socket on the command line).
hd_mail_opendkim_unit() {
  cat <<EOF
$hd_mail_marker
[Service]
Type=forking
PIDFile=/run/opendkim/opendkim.pid
RuntimeDirectory=opendkim
RuntimeDirectoryMode=0750
ExecStart=
ExecStart=/usr/sbin/opendkim -x /etc/opendkim.conf
EOF
}

# hd_mail_postmap_all  Rebuilds the hash tables from the panel's maps.
hd_mail_postmap_all() {
  local map
  for map in domains mailboxes aliases; do
    postmap "hash:$hd_mail_postfix_dir/$map" || return 1
  done
}

# hd_mail_new_file PATH MODE OWNER  Creates PATH with the marker when it does not exist.
hd_mail_new_file() {
  [[ -e $1 ]] && return 0
  printf '%s\n' "$hd_mail_marker" | hd_write_atomic "$1" "$2" "$3" || return 1
  hd_log change "created $1"
}

# hd_mail_configure  The panel's base configuration, idempotent. Fails when a service does not run.
hd_mail_configure() {
  hd_mail_is_installed || hd_fail "the mail server is not installed: install it from Applications"
  local changed=0 name
  if ! getent passwd vmail >/dev/null; then
    useradd --system --user-group --home-dir "$hd_mail_vhosts" --no-create-home --shell /usr/sbin/nologin vmail
    hd_log change "created the vmail user"
  fi
  mkdir -p -- "$hd_mail_vhosts" "$hd_mail_postfix_dir" "$hd_mail_dovecot_dir" "$hd_mail_dkim_dir/keys" "$hd_mail_ssl_dir"
  chown vmail:vmail -- "$hd_mail_vhosts"
  chmod 0770 -- "$hd_mail_vhosts"
  chmod 0750 -- "$hd_mail_dkim_dir" "$hd_mail_dkim_dir/keys"
  chown -R opendkim:opendkim -- "$hd_mail_dkim_dir"
  chmod 0700 -- "$hd_mail_ssl_dir"
  local map
  for map in domains mailboxes aliases; do hd_mail_new_file "$hd_mail_postfix_dir/$map" 0644 root:root; done
  hd_mail_new_file "$hd_mail_dovecot_dir/passwd" 0640 root:dovecot
  hd_mail_new_file "$hd_mail_dkim_dir/KeyTable" 0640 opendkim:opendkim
  hd_mail_new_file "$hd_mail_dkim_dir/SigningTable" 0640 opendkim:opendkim
  if [[ ! -e $hd_mail_dkim_dir/TrustedHosts ]]; then
    printf '127.0.0.1\n::1\nlocalhost\n' | hd_write_atomic "$hd_mail_dkim_dir/TrustedHosts" 0644 opendkim:opendkim
  fi
  # The certificate: Debian's self-signed one until a site's is chosen.
  if [[ ! -s $hd_mail_ssl_dir/cert.pem || ! -s $hd_mail_ssl_dir/key.pem ]]; then
    [[ -s /etc/ssl/certs/ssl-cert-snakeoil.pem ]] || make-ssl-cert generate-default-snakeoil
    hd_write_atomic "$hd_mail_ssl_dir/cert.pem" 0644 root:root </etc/ssl/certs/ssl-cert-snakeoil.pem
    hd_write_atomic "$hd_mail_ssl_dir/key.pem" 0600 root:root </etc/ssl/private/ssl-cert-snakeoil.key
    printf 'self-signed\n' | hd_write_atomic "$hd_mail_ssl_dir/site" 0644 root:root
    hd_log change "using the self-signed certificate for mail"
  fi
  hd_mail_postmap_all || hd_fail "postmap failed"

  # Dovecot: no system-user sign-in, the panel's settings last.
  if grep -q '^!include auth-system.conf.ext' /etc/dovecot/conf.d/10-auth.conf; then
    sed -i 's/^!include auth-system.conf.ext/#!include auth-system.conf.ext # off: HostDeck mail accounts only/' \
      /etc/dovecot/conf.d/10-auth.conf
    changed=1
  fi
  # Not a pipe: hd_apply_config must run in this shell, where hd_config_was_changed reads its result.
  hd_apply_config /etc/dovecot/conf.d/99-hostdeck.conf doveconf -n < <(hd_mail_dovecot_conf) ||
    hd_fail "Dovecot refused the panel's configuration"
  if hd_config_was_changed; then changed=1; fi
  if ((changed)); then systemctl restart dovecot; fi

  # OpenDKIM on 127.0.0.1:8891 (Postfix's smtpd runs chrooted: no unix socket).
  changed=0
  hd_apply_config /etc/opendkim.conf opendkim -n -x /etc/opendkim.conf < <(hd_mail_opendkim_conf) ||
    hd_fail "OpenDKIM refused the panel's configuration"
  if hd_config_was_changed; then changed=1; fi
  mkdir -p /etc/systemd/system/opendkim.service.d
  hd_apply_config /etc/systemd/system/opendkim.service.d/hostdeck.conf true < <(hd_mail_opendkim_unit)
  if hd_config_was_changed; then
    systemctl daemon-reload
    changed=1
  fi
  if ((changed)); then systemctl restart opendkim; fi

  # Postfix: virtual domains delivered to Dovecot over LMTP, submission with SASL, the milter.
  changed=0
  name=$(postconf -h myhostname)
  local -a postfix_settings=(
    "mydestination=localhost"
    "virtual_mailbox_domains=hash:$hd_mail_postfix_dir/domains"
    "virtual_mailbox_maps=hash:$hd_mail_postfix_dir/mailboxes"
    "virtual_alias_maps=hash:$hd_mail_postfix_dir/aliases"
    "virtual_transport=lmtp:unix:private/dovecot-lmtp"
    "smtpd_sasl_type=dovecot"
    "smtpd_sasl_path=private/auth"
    "smtpd_sasl_auth_enable=no"
    "smtpd_tls_cert_file=$hd_mail_ssl_dir/cert.pem"
    "smtpd_tls_key_file=$hd_mail_ssl_dir/key.pem"
    "smtpd_tls_security_level=may"
    "smtp_tls_security_level=may"
    "smtpd_relay_restrictions=permit_mynetworks,permit_sasl_authenticated,defer_unauth_destination"
    "smtpd_milters=inet:127.0.0.1:8891"
    "non_smtpd_milters=inet:127.0.0.1:8891"
    "milter_default_action=accept"
    "mailbox_size_limit=0"
    "virtual_mailbox_limit=0"
    "inet_protocols=ipv4"
  )
  # A name without a dot makes Postfix stop ("not a fully qualified name").
  if [[ $name != *.* ]]; then postfix_settings+=("myhostname=$name.localdomain"); fi
  local setting current
  for setting in "${postfix_settings[@]}"; do
    current=$(postconf -h "${setting%%=*}" 2>/dev/null || true)
    if [[ $current != "${setting#*=}" ]]; then
      postconf -e -- "$setting"
      changed=1
    fi
  done
  local -a services=(
    "submission/inet=submission inet n - y - - smtpd"
    "smtps/inet=smtps inet n - y - - smtpd"
  )
  local -a parameters=(
    "submission/inet/syslog_name=postfix/submission"
    "submission/inet/smtpd_tls_security_level=encrypt"
    "submission/inet/smtpd_sasl_auth_enable=yes"
    "submission/inet/smtpd_client_restrictions=permit_sasl_authenticated,reject"
    "submission/inet/smtpd_relay_restrictions=permit_sasl_authenticated,reject"
    "smtps/inet/syslog_name=postfix/smtps"
    "smtps/inet/smtpd_tls_wrappermode=yes"
    "smtps/inet/smtpd_sasl_auth_enable=yes"
    "smtps/inet/smtpd_client_restrictions=permit_sasl_authenticated,reject"
    "smtps/inet/smtpd_relay_restrictions=permit_sasl_authenticated,reject"
  )
  for setting in "${services[@]}"; do
    if [[ -z $(postconf -M "${setting%%=*}" 2>/dev/null) ]]; then
      postconf -M -- "$setting"
      changed=1
    fi
  done
  for setting in "${parameters[@]}"; do
    current=$(postconf -P "${setting%%=*}" 2>/dev/null || true)
    if [[ $current != "${setting%%=*} = ${setting#*=}" ]]; then
      postconf -P -- "$setting"
      changed=1
    fi
  done
  if ((changed)); then
    postfix check || hd_fail "postfix check failed"
    systemctl restart postfix
    hd_log change "configured Postfix for the panel's mail domains"
  fi
  local service port
  for service in postfix dovecot opendkim; do
    hd_enable_service "$service" || hd_fail "$service is not running"
  done
  # Mail must reach the server: SMTP, submission (TLS and STARTTLS) and IMAPS, when ufw guards it
  # (provisioning enables it with SSH, 80 and 443 only).
  if command -v ufw >/dev/null && hd_ufw_is_active; then
    for port in 25 465 587 993; do
      hd_ufw_allow "$port/tcp" || hd_fail "ufw did not allow $port/tcp"
    done
  fi
}

# hd_mail_reload_postfix  postmap and reload after a map changed.
hd_mail_reload_postfix() {
  hd_mail_postmap_all || hd_fail "postmap failed"
  postfix reload >/dev/null 2>&1 || systemctl reload postfix
}

# hd_mail_lock  One mail change at a time on this server.
hd_mail_lock() {
  exec 8>/run/hostdeck-mail.lock
  flock 8
}

# hd_mail_edit_map FILE SEPARATOR KEY [LINE]  Rewrites FILE without KEY's line (its first field,
# fields split by SEPARATOR: ' ' for Postfix maps, ':' for the passwd file), adding LINE when given;
# the marker, every other line, the mode and the owner kept. Keys are validated values.
hd_mail_edit_map() {
  local file=$1 separator=$2 key=$3 line=${4:-} mode owner
  mode=$(stat -c %a -- "$file") || return 1
  owner=$(stat -c %U:%G -- "$file") || return 1
  {
    HD_MAP_KEY=$key awk -F "$separator" '$1 != ENVIRON["HD_MAP_KEY"] { print }' "$file"
    if [[ -n $line ]]; then printf '%s\n' "$line"; fi
  } | hd_write_atomic "$file" "$mode" "$owner"
}

# hd_mail_has_key FILE SEPARATOR KEY  Succeeds when FILE has a line whose first field is KEY.
hd_mail_has_key() {
  HD_MAP_KEY=$3 awk -F "$2" '$1 == ENVIRON["HD_MAP_KEY"] { found = 1 } END { exit !found }' "$1"
}
