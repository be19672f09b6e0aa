#!/usr/bin/env bash
# Lints every shell script of the project (recipes, tools, CI).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t scripts < <(git ls-files --cached --others --exclude-standard -- '*.sh' '.ci/run')
if ((${#scripts[@]} == 0)); then exit 0; fi
if ! command -v shellcheck >/dev/null; then
  echo "shellcheck is not installed (npm test installs it: apt-get install shellcheck)" >&2
  exit 1
fi
shellcheck -x "${scripts[@]}"
echo "shellcheck: ${#scripts[@]} script(s) clean"
