#!/usr/bin/env bash
# docker-volume-clone, step `clone`: creates volume HD_TARGET and copies HD_SOURCE's data into it
# (`cp -a`, owners, modes and links kept). Both mountpoints come from the Engine
# (`docker volume inspect`), never from the input. A target that already exists is refused.
# Input: HD_SOURCE, HD_TARGET (volume names, checked by the recipe's grammar).
set -euo pipefail

command -v docker >/dev/null || hd_fail "Docker is not installed on this server"
[[ $HD_SOURCE != "$HD_TARGET" ]] || hd_fail "the copy needs a new name"
source_dir=$(docker volume inspect --format '{{.Mountpoint}}' -- "$HD_SOURCE" 2>/dev/null) ||
  hd_fail "volume $HD_SOURCE does not exist"
driver=$(docker volume inspect --format '{{.Driver}}' -- "$HD_SOURCE")
[[ $driver == local ]] || hd_fail "only volumes of the local driver can be cloned (this one: $driver)"
if docker volume inspect -- "$HD_TARGET" >/dev/null 2>&1; then
  hd_fail "volume $HD_TARGET already exists"
fi
[[ -d $source_dir ]] || hd_fail "the mountpoint of $HD_SOURCE is missing"

docker volume create --label "hostdeck.cloned-from=$HD_SOURCE" -- "$HD_TARGET" >/dev/null
hd_log change "volume $HD_TARGET created"
target_dir=$(docker volume inspect --format '{{.Mountpoint}}' -- "$HD_TARGET")
[[ -d $target_dir && $target_dir != "$source_dir" ]] || {
  docker volume rm -- "$HD_TARGET" >/dev/null 2>&1 || true
  hd_fail "the new volume has no mountpoint"
}
if ! cp -a -- "$source_dir/." "$target_dir/"; then
  docker volume rm -- "$HD_TARGET" >/dev/null 2>&1 || true
  hd_fail "copying the data failed; volume $HD_TARGET was removed"
fi
hd_log change "data of $HD_SOURCE copied to $HD_TARGET ($(du -sh -- "$target_dir" | cut -f1))"
