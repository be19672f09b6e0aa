#!/usr/bin/env bash
# Test only (src/runner.test.ts), used by no recipe: proves the runner delivers values literally.
# Prints a progress line (the inlined helpers are there), then HD_VALUE, $0 and HD_STEP_ID each
# followed by a NUL, then the rest of stdin (the secret) byte for byte.
set -euo pipefail

hd_log info "echo-input"
printf '%s\0' "$HD_VALUE" "$0" "$HD_STEP_ID"
cat
