#!/usr/bin/env bash
# docker-settings-inventory, step `read`: the log settings of /etc/docker/daemon.json as one line
# `hostdeck-docker-settings 1 {"log_driver":…,"max_size":…,"max_file":…}` (nulls when unset).
set -euo pipefail

file=/etc/docker/daemon.json
command -v python3 >/dev/null || hd_fail "python3 is needed to read $file"
python3 - "$file" <<'PY'
import json, os, sys
path = sys.argv[1]
config = {}
if os.path.exists(path):
    with open(path) as handle:
        text = handle.read()
    if text.strip():
        config = json.loads(text)
if not isinstance(config, dict):
    config = {}
opts = config.get("log-opts") if isinstance(config.get("log-opts"), dict) else {}
text = lambda value: value if isinstance(value, str) else None
print("hostdeck-docker-settings 1 " + json.dumps({
    "log_driver": text(config.get("log-driver")),
    "max_size": text(opts.get("max-size")),
    "max_file": text(opts.get("max-file")),
}))
PY
