#!/usr/bin/env bash
# server-provision, step `unattended-upgrades`: security updates installed automatically, and
# only those. 20auto-upgrades turns the daily run on (as `dpkg-reconfigure unattended-upgrades`
# would); 52hostdeck-security-only replaces the distribution's origins (Debian's also takes point
# releases) with the security suites: Debian's -security, Ubuntu's -security and ESM security.
set -euo pipefail

hd_apt_install unattended-upgrades

hd_apply_config /etc/apt/apt.conf.d/20auto-upgrades apt-config dump <<'APT'
APT::Periodic::Update-Package-Lists "1";
APT::Periodic::Unattended-Upgrade "1";
APT
security_origins() {
  printf '// Managed by HostDeck (recipe server-provision): unattended-upgrades installs security updates only.\n'
  printf '#clear Unattended-Upgrade::Origins-Pattern;\n#clear Unattended-Upgrade::Allowed-Origins;\n'
  if hd_os_is_ubuntu; then
    cat <<'APT'
Unattended-Upgrade::Allowed-Origins {
        "${distro_id}:${distro_codename}-security";
        "${distro_id}ESMApps:${distro_codename}-apps-security";
        "${distro_id}ESM:${distro_codename}-infra-security";
};
APT
  else
    cat <<'APT'
Unattended-Upgrade::Origins-Pattern {
        "origin=Debian,codename=${distro_codename}-security,label=Debian-Security";
        "origin=Debian,codename=${distro_codename},label=Debian-Security";
};
APT
  fi
}
hd_apply_config /etc/apt/apt.conf.d/52hostdeck-security-only apt-config dump < <(security_origins)
hd_enable_service unattended-upgrades

# The daily run is started by these timers; report (never force) a timer someone masked.
for timer in apt-daily.timer apt-daily-upgrade.timer; do
  state=$(systemctl is-enabled -- "$timer" 2>/dev/null || true)
  case $state in
    enabled | static) ;;
    masked) hd_log warn "$timer is masked: automatic upgrades will not run until it is unmasked" ;;
    *)
      systemctl enable --now --quiet -- "$timer"
      hd_log change "enabled $timer"
      ;;
  esac
done

origins=$(apt-config dump | sed -n 's/^Unattended-Upgrade::Origins-Pattern:: "\(.*\)";$/\1/p; s/^Unattended-Upgrade::Allowed-Origins:: "\(.*\)";$/\1/p' | paste -sd ';' -)
[[ -n $origins ]] || hd_fail "unattended-upgrades has no origins configured"
hd_log info "unattended-upgrades origins: $origins"
