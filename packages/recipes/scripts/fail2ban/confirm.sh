#!/usr/bin/env bash
# fail2ban-jail and fail2ban-allow-list, step `confirm`: run by the panel on a NEW SSH connection
# (docs/safe-apply.md). Reaching this step proves Fail2Ban does not keep the panel out: the
# automatic revert is cancelled and the change kept.
set -euo pipefail
hd_safe_confirm fail2ban
