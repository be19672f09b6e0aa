#!/usr/bin/env bash
# ssh-config, step `confirm`: run by the panel on a NEW connection (to the new port when it moved):
# the change let it in, so the server's own revert is cancelled (docs/safe-apply.md).
set -euo pipefail

hd_safe_confirm ssh
