#!/usr/bin/env bash
# docker-log-rotation, step `apply`: sets `log-driver` json-file and `log-opts` `max-size` and
# `max-file` in /etc/docker/daemon.json, keeping every other key (a merge, never an overwrite),
# validates the result (`dockerd --validate` where it exists, else a JSON parse), restarts Docker,
# and puts the previous file back (and restarts again) when validation or the restart fails.
# Applies to containers created afterwards. Input: HD_MAX_SIZE, HD_MAX_FILE.
set -euo pipefail

file=/etc/docker/daemon.json
command -v dockerd >/dev/null || hd_fail "Docker is not installed on this server"
command -v python3 >/dev/null || hd_fail "python3 is needed to merge $file"
install -d -m 0755 /etc/docker

backup=
if [[ -f $file ]]; then
  hd_temp_file backup
  cp -p -- "$file" "$backup"
fi
merged=
hd_temp_beside merged "$file"

HD_FILE=$file python3 - "$merged" <<'PY' || hd_fail "$file is not a JSON object; nothing was changed"
import json, os, sys
path = os.environ["HD_FILE"]
config = {}
if os.path.exists(path):
    with open(path) as handle:
        text = handle.read()
    if text.strip():
        config = json.loads(text)
if not isinstance(config, dict):
    sys.exit(1)
opts = config.get("log-opts")
if not isinstance(opts, dict):
    opts = {}
opts["max-size"] = os.environ["HD_MAX_SIZE"]
opts["max-file"] = os.environ["HD_MAX_FILE"]
config["log-driver"] = "json-file"
config["log-opts"] = opts
with open(sys.argv[1], "w") as handle:
    json.dump(config, handle, indent=2, sort_keys=False)
    handle.write("\n")
PY

if [[ -f $file ]] && cmp -s -- "$merged" "$file"; then
  hd_log info "the log options are already set"
  exit 0
fi

# Validate before anything changes: dockerd's own check (Docker 23+), else the JSON parse above.
if dockerd --help 2>&1 | grep -q -- '--validate'; then
  dockerd --validate --config-file "$merged" >/dev/null 2>&1 || hd_fail "dockerd refused the merged settings; nothing was changed"
fi
chmod 0644 "$merged"
mv -f -- "$merged" "$file"
hd_log change "log-driver json-file, max-size $HD_MAX_SIZE, max-file $HD_MAX_FILE set in $file"

restore() {
  if [[ -n $backup ]]; then
    cp -p -- "$backup" "$file"
  else
    rm -f -- "$file"
  fi
  systemctl reset-failed docker.service >/dev/null 2>&1 || true
  systemctl restart docker.service >/dev/null 2>&1 || true
}

if systemctl is-enabled --quiet docker.service 2>/dev/null || systemctl is-active --quiet docker.service; then
  systemctl reset-failed docker.service >/dev/null 2>&1 || true
  if ! systemctl restart docker.service || ! systemctl is-active --quiet docker.service; then
    restore
    hd_fail "Docker did not start with the new settings; the previous $file was put back"
  fi
  hd_log change "Docker restarted"
else
  hd_log info "Docker is not running; the settings apply when it starts"
fi
