#!/usr/bin/env bash
# fail2ban-allow-list, step `unban` (after the confirmation): every address now on the allow-list
# (an address, or one inside a listed network) is unbanned in every jail.
#   HD_ALLOW  the allow-list (addresses and networks, separated by spaces)
set -euo pipefail

[[ -n ${HD_ALLOW:-} ]] || exit 0
python3 - <<'PYTHON'
import ast, ipaddress, os, subprocess

networks = [ipaddress.ip_network(word, strict=False) for word in os.environ.get("HD_ALLOW", "").split()]
listed = subprocess.run(["fail2ban-client", "banned"], capture_output=True, text=True, check=True).stdout
banned = sorted({ip for jail in ast.literal_eval(listed.strip() or "[]") for ips in jail.values() for ip in ips})
for ip in banned:
    address = ipaddress.ip_address(ip)
    if any(address.version == network.version and address in network for network in networks):
        subprocess.run(["fail2ban-client", "unban", ip], check=True, stdout=subprocess.DEVNULL)
        print("::hostdeck::change::unbanned %s: it is on the allow-list" % ip)
PYTHON
