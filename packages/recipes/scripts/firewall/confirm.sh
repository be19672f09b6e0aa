#!/usr/bin/env bash
# firewall-rule-create, firewall-rule-delete and firewall-sync, step `confirm`: run by the panel on
# a NEW SSH connection (docs/safe-apply.md), so the firewall change let it in: the automatic revert
# is cancelled and the change kept.
set -euo pipefail

hd_safe_confirm firewall
ufw status verbose || true
