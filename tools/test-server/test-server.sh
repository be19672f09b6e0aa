#!/usr/bin/env bash
# test-server.sh — throwaway Debian 12 "managed servers" (systemd + sshd) for HostDeck tests.
#
# Each server is a systemd-nspawn container booted from a cached debootstrap base through an
# overlayfs (per-server writable layer), with its own network namespace and a private /30 out of
# 10.213.0.0/16: host end ve-NAME = .1, container end host0 = .2. No default route inside, so the
# servers reach only the host end (where apt-cacher-ng listens on :3142). An image (images/IMAGE.*
# beside this script, e.g. "web") is an extra overlay layer built once per machine on top of the base.
#
# Usage: test-server.sh up|reset NAME [--image IMAGE]
#        test-server.sh down|info|restart NAME
#        test-server.sh image IMAGE | list | down-all
#        test-server.sh exec NAME -- CMD [ARGS...]
# up/reset/info/list print one JSON line per server on stdout; everything else goes to stderr.
#
# Runs: with HOSTDECK_TEST_RUN=TAG (a digit, then a letter or digit; npm test sets one per run) the
# servers belong to that run. Server NAME is kept as "TAGNAME" (state folder, ve-TAGNAME, machine and
# cgroup names), so two runs on one host never share a server, and down-all stops that run's alone.
# The name printed and the hostname inside stay NAME.
set -euo pipefail

export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export LC_ALL=C
export DEBIAN_FRONTEND=noninteractive

readonly STATE_HOME="${HOSTDECK_TEST_SERVER_HOME:-/var/lib/hostdeck-test-servers}"
readonly BOOT_TIMEOUT="${HOSTDECK_TEST_SERVER_BOOT_TIMEOUT:-60}"
# Bump when customize_base (or INCLUDE) changes: a new base is then built beside the old one.
readonly BASE_VERSION=2
readonly BASE_DIR="$STATE_HOME/base-$BASE_VERSION"
readonly BASE_ROOT="$BASE_DIR/rootfs"
readonly BASE_MARK="$BASE_DIR/complete"
readonly SERVERS_DIR="$STATE_HOME/servers"
# Image definitions (IMAGE.packages + IMAGE.setup.sh) and the built images (IMAGE-HASH/layer).
IMAGE_DEFS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/images"
readonly IMAGE_DEFS
readonly IMAGES_DIR="$STATE_HOME/images"
# Part of every image's version hash (with BASE_VERSION and the definition files): bump when
# build_image or clean_layer changes what an image contains.
readonly IMAGE_FORMAT=1
readonly LOCK_DIR="$STATE_HOME/locks"
readonly SUITE=bookworm
readonly MIRROR=http://deb.debian.org/debian
readonly INCLUDE=systemd,systemd-sysv,dbus,openssh-server,iproute2,sudo,curl,ca-certificates,gnupg,lsb-release
readonly ACNG_PORT=3142
readonly ACNG_BACKEND=http://deb.debian.org/debian/
readonly ACNG_MARK="$STATE_HOME/apt-cacher-ng.started-by-test-server"
# cgroups of this state home's servers live under CGROUP_GROUP (one group per state home)
CGROUP_GROUP="hostdeck-ts-$(printf '%s' "$STATE_HOME" | md5sum | cut -c1-8)"
readonly CGROUP_GROUP
# This run's tag (see the top); empty outside a run. Checked in main.
readonly RUN_TAG="${HOSTDECK_TEST_RUN:-}"
# Locks use fixed descriptors so they can be closed explicitly in background children.
readonly FD_IMAGE=7 FD_SERVER=8 FD_GLOBAL=9

log() { printf '[test-server] %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}

usage() {
  cat >&2 <<'EOF'
usage: test-server.sh up NAME [--image IMAGE]     boot NAME (or show it if running); prints its JSON line
       test-server.sh reset NAME [--image IMAGE]  back to the fresh state; prints its JSON line
       test-server.sh down NAME      stop NAME and remove everything it had (idempotent)
       test-server.sh restart NAME   reboot NAME keeping its disk (also after a reboot issued inside)
       test-server.sh info NAME      print NAME's JSON line (exit 1 if not running)
       test-server.sh list           one JSON line per running server
       test-server.sh image IMAGE    build IMAGE (once per version; idempotent); prints a JSON line
       test-server.sh exec NAME -- CMD [ARGS...]   run CMD inside NAME (no SSH)
       test-server.sh link NAME1 NAME2   a direct cable between two running servers: each reaches
                                     the other's address over it (idempotent; gone at reset)
       test-server.sh down-all       stop every server of this run (without HOSTDECK_TEST_RUN: every
                                     server, and apt-cacher-ng if this tool started it)
NAME: ^[a-z][a-z0-9-]{0,9}$   IMAGE: a definition in images/ beside this script (e.g. web);
without --image a server boots the plain base.
state: $HOSTDECK_TEST_SERVER_HOME (default /var/lib/hostdeck-test-servers)
run: $HOSTDECK_TEST_RUN (e.g. 4k; npm test sets one): names, list and down-all are this run's only
EOF
  exit 2
}

check_name() {
  [[ ${1:-} =~ ^[a-z][a-z0-9-]{0,9}$ ]] || die "invalid server name '${1:-}' (want ^[a-z][a-z0-9-]{0,9}\$)"
}

# A server's own name on this host: NAME with this run's tag in front (at most 12 characters, so
# ve-TAGNAME still fits the 15 of an interface name). Everything below works on these names.
scoped() { printf '%s%s\n' "$RUN_TAG" "$1"; }

# The name a test knows, for the JSON line: without this run's tag (a server of another run, seen
# by a list or down-all without a tag, keeps its whole name).
shown_name() { printf '%s\n' "${1#"$RUN_TAG"}"; }

# The hostname inside: the name without any run's tag (a tag starts with a digit, a name cannot).
host_name() {
  if [[ $1 =~ ^[0-9][a-z0-9]([a-z].*)$ ]]; then printf '%s\n' "${BASH_REMATCH[1]}"; else printf '%s\n' "$1"; fi
}

# Is $1 (a state folder's name) a server of this run? Without a tag: any server, of any run.
in_scope() {
  if [[ -n $RUN_TAG ]]; then
    [[ $1 =~ ^${RUN_TAG}[a-z][a-z0-9-]{0,9}$ ]]
  else
    [[ $1 =~ ^([0-9][a-z0-9])?[a-z][a-z0-9-]{0,9}$ ]]
  fi
}

now_ms() { date +%s%3N; }

# ---------------------------------------------------------------------------------------------
# locks

lock_global() {
  mkdir -p "$LOCK_DIR"
  eval "exec $FD_GLOBAL>\"\$LOCK_DIR/global.lock\""
  flock -w 3600 "$FD_GLOBAL" || die "timed out waiting for $LOCK_DIR/global.lock"
}
unlock_global() { eval "exec $FD_GLOBAL>&-"; }

lock_image() {
  mkdir -p "$LOCK_DIR"
  eval "exec $FD_IMAGE>\"\$LOCK_DIR/image-\$1.lock\""
  flock -w 3600 "$FD_IMAGE" || die "timed out waiting for the lock of image $1"
}
unlock_image() { eval "exec $FD_IMAGE>&-"; }

lock_server() {
  mkdir -p "$LOCK_DIR"
  eval "exec $FD_SERVER>\"\$LOCK_DIR/server-\$1.lock\""
  flock -w 3600 "$FD_SERVER" || die "timed out waiting for the lock of server $1"
}

# ---------------------------------------------------------------------------------------------
# host prerequisites

# shellcheck disable=SC2016 # $0/$1 are expanded by the inner bash
port_open() { timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null; }

ensure_host_packages() {
  local missing=() cmd pkg
  for cmd in debootstrap:debootstrap systemd-nspawn:systemd-container apt-cacher-ng:apt-cacher-ng \
    nsenter:util-linux flock:util-linux ip:iproute2 ssh-keygen:openssh-client chpasswd:passwd \
    pgrep:procps wget:wget gpgv:gpgv; do
    pkg=${cmd#*:}
    command -v "${cmd%%:*}" >/dev/null 2>&1 || missing+=("$pkg")
  done
  # debootstrap verifies the archive with it (over plain http through apt-cacher-ng)
  [[ -f /usr/share/keyrings/debian-archive-keyring.gpg ]] || missing+=(debian-archive-keyring)
  ((${#missing[@]})) || return 0
  log "installing host packages: ${missing[*]}"
  if ! apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null >&2; then
    apt-get update -q </dev/null >&2
    apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null >&2
  fi
}

acng_running() { port_open 127.0.0.1 "$ACNG_PORT"; }

ensure_cacher() {
  local backends=/etc/apt-cacher-ng/backends_debian changed=0 i
  if [[ "$(cat "$backends" 2>/dev/null || true)" != "$ACNG_BACKEND" ]]; then
    # Without this apt-cacher-ng picks mirrors from its built-in list, which are unreachable here.
    printf '%s\n' "$ACNG_BACKEND" >"$backends"
    changed=1
  fi
  if acng_running; then
    ((changed)) || return 0
    log "restarting apt-cacher-ng (backends_debian changed)"
    /etc/init.d/apt-cacher-ng restart </dev/null >>"$STATE_HOME/apt-cacher-ng.start.log" 2>&1 \
      {FD_IMAGE}>&- {FD_SERVER}>&- {FD_GLOBAL}>&- || true
  else
    log "starting apt-cacher-ng on :$ACNG_PORT"
    if [[ -x /etc/init.d/apt-cacher-ng ]]; then
      /etc/init.d/apt-cacher-ng start </dev/null >>"$STATE_HOME/apt-cacher-ng.start.log" 2>&1 \
        {FD_IMAGE}>&- {FD_SERVER}>&- {FD_GLOBAL}>&- || true
    else
      apt-cacher-ng -c /etc/apt-cacher-ng ForeGround=0 </dev/null \
        >>"$STATE_HOME/apt-cacher-ng.start.log" 2>&1 {FD_IMAGE}>&- {FD_SERVER}>&- {FD_GLOBAL}>&- || true
    fi
    date >"$ACNG_MARK"
  fi
  for ((i = 0; i < 100; i++)); do
    acng_running && return 0
    sleep 0.1
  done
  die "apt-cacher-ng does not listen on 127.0.0.1:$ACNG_PORT (see $STATE_HOME/apt-cacher-ng.start.log)"
}

prepare_host() {
  mkdir -p "$STATE_HOME" "$SERVERS_DIR" "$LOCK_DIR"
  lock_global
  ensure_host_packages
  ensure_cacher
  unlock_global
}

# ---------------------------------------------------------------------------------------------
# base image

umount_below() { # unmount everything mounted at or below $1 (deepest first)
  local target
  while read -r target; do
    [[ -n $target ]] || continue
    umount "$target" 2>/dev/null || umount -l "$target" 2>/dev/null || true
  done < <(findmnt -rno TARGET | awk -v p="$1" '$0 == p || index($0, p "/") == 1' | sort -r)
}

customize_base() {
  local r=$1
  cat >"$r/etc/apt/sources.list" <<EOF
deb http://deb.debian.org/debian $SUITE main
deb http://deb.debian.org/debian $SUITE-updates main
deb http://deb.debian.org/debian-security $SUITE-security main
EOF
  printf 'Acquire::Languages "none";\n' >"$r/etc/apt/apt.conf.d/90hostdeck-test-server"
  mkdir -p "$r/etc/ssh/sshd_config.d"
  cat >"$r/etc/ssh/sshd_config.d/10-hostdeck-test-server.conf" <<'EOF'
PermitRootLogin yes
PasswordAuthentication yes
UseDNS no
EOF
  # Host keys are generated per server (see server_keys), never shared through the base.
  rm -f "$r"/etc/ssh/ssh_host_*
  # No DNS in the servers: they only reach the host end of their /30.
  rm -f "$r/etc/resolv.conf"
  printf '# HostDeck test server: no DNS (only the host end of the /30 is reachable)\nnameserver 127.0.0.1\n' \
    >"$r/etc/resolv.conf"
  # Periodic jobs that would only fight tests over the dpkg lock or the disk.
  local unit
  for unit in apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer e2scrub_reap.service \
    fstrim.timer man-db.timer systemd-networkd-wait-online.service; do
    ln -sfn /dev/null "$r/etc/systemd/system/$unit"
  done
  # dpkg without an fsync per file (a test server's layer is thrown away; on a loaded host the
  # fsyncs of one package install cost seconds), and no man pages, so man-db's trigger has nothing
  # to index after each install. What the recipes install and configure is unchanged.
  printf 'force-unsafe-io\n' >"$r/etc/dpkg/dpkg.cfg.d/90hostdeck-test-server"
  printf 'path-exclude=/usr/share/man/*\n' >"$r/etc/dpkg/dpkg.cfg.d/91hostdeck-test-server-no-man"
  rm -f "$r/var/lib/man-db/auto-update"
  : >"$r/etc/machine-id"
  rm -f "$r/var/lib/dbus/machine-id"
  rm -rf "$r"/var/cache/apt/archives/*.deb "$r"/var/log/bootstrap.log
}

ensure_base() {
  [[ -f $BASE_MARK ]] && return 0
  lock_global
  if [[ -f $BASE_MARK ]]; then
    unlock_global
    return 0
  fi
  local tmp="$BASE_DIR/rootfs.tmp" t0 logf="$BASE_DIR/debootstrap.log"
  mkdir -p "$BASE_DIR"
  umount_below "$tmp"
  rm -rf --one-file-system "$tmp"
  t0=$(now_ms)
  log "building the base image with debootstrap (once; takes a minute or two), log: $logf"
  if ! http_proxy="http://127.0.0.1:$ACNG_PORT" debootstrap --include="$INCLUDE" "$SUITE" "$tmp" "$MIRROR" \
    </dev/null >"$logf" 2>&1; then
    tail -n 30 "$logf" >&2
    umount_below "$tmp"
    die "debootstrap failed (full log: $logf)"
  fi
  umount_below "$tmp"
  customize_base "$tmp"
  umount_below "$BASE_ROOT"
  rm -rf --one-file-system "$BASE_ROOT"
  mv "$tmp" "$BASE_ROOT"
  printf 'built %s in %s ms\n' "$(date -Is)" "$(($(now_ms) - t0))" >"$BASE_MARK"
  log "base image ready in $(($(now_ms) - t0)) ms"
  unlock_global
}

# ---------------------------------------------------------------------------------------------
# images: one more overlay layer between the base and a server's writable layer

check_image() {
  [[ ${1:-} =~ ^[a-z][a-z0-9]{0,5}$ ]] || die "invalid image name '${1:-}' (want ^[a-z][a-z0-9]{0,5}\$)"
  [[ -f $IMAGE_DEFS/$1.packages && -f $IMAGE_DEFS/$1.setup.sh ]] ||
    die "unknown image '$1' (no $IMAGE_DEFS/$1.packages and $1.setup.sh)"
  image_packages "$1" >/dev/null # (dies on a bad name here, not in a subshell later)
}

image_packages() { # the packages of image $1, one a line (comments and blank lines dropped)
  local line
  while read -r line; do
    line=${line%%#*}
    line=${line//[[:space:]]/}
    [[ -n $line ]] || continue
    [[ $line =~ ^[a-z0-9][a-z0-9.+-]+$ ]] || die "invalid package name '$line' in $1.packages"
    printf '%s\n' "$line"
  done <"$IMAGE_DEFS/$1.packages"
}

# IMAGE-HASH: the hash covers the base version, the build format and both definition files, so any
# change builds a new version beside the old one (down-all removes the old ones).
image_version() {
  local hash
  hash=$({
    printf 'format %s base %s\n' "$IMAGE_FORMAT" "$BASE_VERSION"
    cat "$IMAGE_DEFS/$1.packages" "$IMAGE_DEFS/$1.setup.sh"
  } | md5sum | cut -c1-10)
  printf '%s-%s\n' "$1" "$hash"
}

root_id() { # what a server's root is made of: base-N, or IMAGE-HASH for an image ($1 empty: base)
  if [[ -n $1 ]]; then image_version "$1"; else printf 'base-%s\n' "$BASE_VERSION"; fi
}

lowerdir_of() { # the overlayfs lowerdir for root id $1 (leftmost is on top)
  if [[ $1 == "base-$BASE_VERSION" ]]; then
    printf '%s\n' "$BASE_ROOT"
  else
    printf '%s/%s/layer:%s\n' "$IMAGES_DIR" "$1" "$BASE_ROOT"
  fi
}

# Runs CMD as root in all namespaces of the container whose PID 1 is $1, with a clean environment.
in_container() {
  local leader=$1
  shift
  nsenter -t "$leader" -m -u -i -n -p -C -r -w -- \
    /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root USER=root LOGNAME=root LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive "$@"
}

ensure_image() {
  local version
  version=$(image_version "$1")
  [[ -f $IMAGES_DIR/$version/complete ]] && return 0
  lock_image "$1"
  if [[ ! -f $IMAGES_DIR/$version/complete ]]; then
    build_image "$1" "$version"
  fi
  unlock_image
}

# Boots a temporary server (img-IMAGE) from the base, runs IMAGE.setup.sh in it with the packages,
# shuts it down cleanly (so database files are consistent) and keeps its writable layer.
build_image() {
  local image=$1 version=$2 dir builder d logf t0 leader np i pkgs=()
  dir="$IMAGES_DIR/$version"
  builder="img-$image"
  d=$(sdir "$builder")
  logf="$dir/build.log"
  mapfile -t pkgs < <(image_packages "$image")
  mkdir -p "$dir"
  rm -rf --one-file-system "$dir/layer"
  t0=$(now_ms)
  log "building image $version (once per version; takes a few minutes), log: $logf"
  lock_server "$builder"
  stop_server "$builder"
  wipe_layer "$builder"
  mkdir -p "$d"
  alloc_index "$builder"
  printf 'base-%s\n' "$BASE_VERSION" >"$d/image"
  boot_server "$builder" "$BASE_ROOT"
  install -m 700 "$IMAGE_DEFS/$image.setup.sh" "$d/root/root/hostdeck-image-setup.sh"
  leader=$(leader_pid "$builder") || die "$builder stopped while building image $image"
  if ! in_container "$leader" bash /root/hostdeck-image-setup.sh "${pkgs[@]}" </dev/null >"$logf" 2>&1; then
    tail -n 30 "$logf" >&2
    stop_server "$builder"
    rm -rf --one-file-system "$d"
    die "building image $image failed (full log: $logf)"
  fi
  rm -f "$d/root/root/hostdeck-image-setup.sh"
  # A clean shutdown (SIGRTMIN+4 is systemd's poweroff), not the usual SIGKILL: MariaDB and
  # PostgreSQL write their data files out before the layer is kept.
  np=$(nspawn_pid "$builder") || die "$builder stopped while building image $image"
  kill -s SIGRTMIN+4 "$leader"
  for ((i = 0; i < 1200; i++)); do
    [[ -d /proc/$np ]] || break
    sleep 0.1
  done
  if [[ -d /proc/$np ]]; then
    stop_server "$builder"
    rm -rf --one-file-system "$d"
    die "$builder did not shut down within 120 s (see $d/console.log)"
  fi
  stop_server "$builder" # what the container left: cgroups, the mount
  clean_layer "$d/upper"
  mv "$d/upper" "$dir/layer"
  rm -rf --one-file-system "$d"
  printf 'built %s in %s ms\n' "$(date -Is)" "$(($(now_ms) - t0))" >"$dir/complete"
  log "image $version ready in $(($(now_ms) - t0)) ms"
}

# Drops from a kept layer what is per server (written again at every boot by prepare_root, or
# made by systemd at first boot). Removing a file from the layer shows the base's.
clean_layer() {
  local u=$1
  rm -f "$u/etc/hostname" "$u/etc/hosts" "$u/etc/apt/apt.conf.d/01hostdeck-proxy" \
    "$u/etc/systemd/network/80-container-host0.network" "$u"/etc/ssh/ssh_host_* \
    "$u/etc/machine-id" "$u/var/lib/dbus/machine-id" "$u/var/lib/systemd/random-seed" \
    "$u/var/lib/systemd/credential.secret" "$u/root/.bash_history" "$u/root/.lesshst"
  rm -rf --one-file-system "$u"/var/log/journal/* "$u"/tmp/* "$u"/var/tmp/*
}

# ---------------------------------------------------------------------------------------------
# per-server state

sdir() { printf '%s/%s' "$SERVERS_DIR" "$1"; }

# Stable /30 index per server, allocated under the global lock, stored in the server's state.
net_in_use() { # NET [IFACE-TO-IGNORE]: is the /30 at NET on some interface of this host?
  ip -o -4 addr show to "$1/30" 2>/dev/null | awk -v me="${2:-}" '{ sub(/@.*/, "", $2) } $2 != me { f = 1 } END { exit !f }'
}

alloc_index() {
  local name=$1 d f i net
  d=$(sdir "$name")
  lock_global
  if [[ -s $d/index ]]; then
    if ! net_in_use "$(net_of "$(<"$d/index")" 0)" "ve-$name"; then
      unlock_global
      return 0
    fi
    # only possible with servers of another HOSTDECK_TEST_SERVER_HOME on this host
    log "warning: the /30 of $name is taken by another interface; $name gets a new address"
    rm -f "$d/index"
  fi
  declare -A used=()
  for f in "$SERVERS_DIR"/*/index; do
    [[ -s $f ]] && used[$(<"$f")]=1
  done
  for ((i = 1; i < 16384; i++)); do
    [[ -n ${used[$i]:-} ]] && continue
    net=$(net_of "$i" 0)
    # skip a /30 that some interface of this host already uses (e.g. another state home)
    net_in_use "$net" || break
  done
  ((i < 16384)) || die "no free /30 left in 10.213.0.0/16"
  printf '%s\n' "$i" >"$d/index"
  unlock_global
}

net_of() { # INDEX OFFSET -> 10.213.x.y
  local n=$(($1 * 4 + $2))
  printf '10.213.%d.%d' $((n / 256)) $((n % 256))
}

host_ip() { net_of "$(<"$(sdir "$1")/index")" 1; }
guest_ip() { net_of "$(<"$(sdir "$1")/index")" 2; }

# Is PID a systemd-nspawn whose root directory is below $2 (exactly $2 with $3 = exact; any path
# that starts with $2 with $3 = prefix)?
is_nspawn_for() {
  local args=() arg
  { mapfile -d '' -t args <"/proc/$1/cmdline"; } 2>/dev/null || return 1
  ((${#args[@]})) && [[ ${args[0]} == *systemd-nspawn ]] || return 1
  for arg in "${args[@]:1}"; do
    if [[ ${3:-} == exact ]]; then
      [[ $arg == "--directory=$2" ]] && return 0
    elif [[ ${3:-} == prefix ]]; then
      [[ $arg == "--directory=$2"* ]] && return 0
    else
      [[ $arg == "--directory=$2"/* ]] && return 0
    fi
  done
  return 1
}

# PID of the systemd-nspawn running server $1, or failure.
nspawn_pid() {
  local d pid
  d=$(sdir "$1")
  [[ -s $d/nspawn.pid ]] || return 1
  pid=$(<"$d/nspawn.pid")
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  is_nspawn_for "$pid" "$d/root" exact || return 1
  printf '%s\n' "$pid"
}

# The container's PID 1 as seen from the host: the descendant of systemd-nspawn that is PID 1 of a
# nested PID namespace (NSpid: <host pid> 1).
leader_of_nspawn() {
  local queue=("$1") p c kids
  while ((${#queue[@]})); do
    p=${queue[0]}
    queue=("${queue[@]:1}")
    read -r -a kids <<<"$(cat /proc/"$p"/task/*/children 2>/dev/null | tr '\n' ' ')"
    for c in "${kids[@]}"; do
      if awk '/^NSpid:/ { found = 1; exit !(NF == 3 && $3 == 1) } END { if (!found) exit 1 }' \
        "/proc/$c/status" 2>/dev/null; then
        printf '%s\n' "$c"
        return 0
      fi
      queue+=("$c")
    done
  done
  return 1
}

leader_pid() {
  local np
  np=$(nspawn_pid "$1") || return 1
  leader_of_nspawn "$np"
}

is_running() { leader_pid "$1" >/dev/null; }

print_json() {
  local d
  d=$(sdir "$1")
  printf '{"name":"%s","address":"%s","port":22,"password":"%s"}\n' \
    "$(shown_name "$1")" "$(guest_ip "$1")" "$(<"$d/password")"
}

random_password() {
  local pw
  pw=$(head -c 64 /dev/urandom | base64 -w0 | tr -dc 'A-Za-z0-9')
  printf '%s\n' "${pw:0:20}"
}

cgroup_dirs() { # cgroup directories that track server $1
  if [[ "$(stat -fc %T /sys/fs/cgroup 2>/dev/null)" == cgroup2fs ]]; then
    printf '%s\n' "/sys/fs/cgroup/$CGROUP_GROUP/$1"
  else
    local h
    for h in /sys/fs/cgroup/systemd /sys/fs/cgroup/unified; do
      [[ -d $h ]] && printf '%s\n' "$h/$CGROUP_GROUP/$1"
    done
  fi
  return 0
}

kill_cgroup_dir() { # SIGKILL every process in cgroup directory $1 (recursively), then remove it
  local cg=$1 i pids
  [[ -d $cg ]] || return 0
  for ((i = 0; i < 50; i++)); do
    read -r -a pids <<<"$(find "$cg" -name cgroup.procs -exec cat {} + 2>/dev/null | sort -u | tr '\n' ' ')"
    ((${#pids[@]})) || break
    kill -KILL "${pids[@]}" 2>/dev/null || true
    sleep 0.1
  done
  find "$cg" -depth -type d -exec rmdir {} \; 2>/dev/null || true
}

kill_cgroup() { # whatever is left in server $1's cgroups
  local cg
  for cg in $(cgroup_dirs "$1"); do kill_cgroup_dir "$cg"; done
}

# ---------------------------------------------------------------------------------------------
# boot / stop

mount_root() { # NAME LOWERDIR
  local d
  d=$(sdir "$1")
  mkdir -p "$d/upper" "$d/work" "$d/root"
  mountpoint -q "$d/root" && return 0
  mount -t overlay "hostdeck-ts-$1" \
    -o "lowerdir=$2,upperdir=$d/upper,workdir=$d/work" "$d/root" ||
    die "overlayfs mount failed for $1"
}

server_keys() { # per-server SSH host keys, kept across resets
  local d
  d=$(sdir "$1")
  if ! compgen -G "$d/hostkeys/etc/ssh/ssh_host_*_key" >/dev/null; then
    mkdir -p "$d/hostkeys/etc/ssh"
    ssh-keygen -q -A -f "$d/hostkeys" >&2
  fi
  cp -p "$d"/hostkeys/etc/ssh/ssh_host_* "$d/root/etc/ssh/"
}

prepare_root() {
  local name=$1 d r host guest
  d=$(sdir "$name")
  r="$d/root"
  host=$(host_ip "$name")
  guest=$(guest_ip "$name")
  host_name "$name" >"$r/etc/hostname"
  cat >"$r/etc/hosts" <<EOF
127.0.0.1	localhost
127.0.1.1	$(host_name "$name")
$host	hostdeck-host
::1	localhost ip6-localhost ip6-loopback
EOF
  printf 'Acquire::http::Proxy "http://%s:%s";\n' "$host" "$ACNG_PORT" \
    >"$r/etc/apt/apt.conf.d/01hostdeck-proxy"
  # Should systemd-networkd ever run in the server, it keeps our static address instead of
  # running DHCP on host0 (this overrides /lib/systemd/network/80-container-host0.network).
  mkdir -p "$r/etc/systemd/network"
  cat >"$r/etc/systemd/network/80-container-host0.network" <<EOF
[Match]
Kind=veth
Name=host0

[Network]
Address=$guest/30
LinkLocalAddressing=no
IPv6AcceptRA=no
EOF
  [[ -s $d/password ]] || (umask 077 && random_password >"$d/password")
  printf 'root:%s\n' "$(<"$d/password")" | chpasswd -R "$r"
  server_keys "$name"
}

fail_boot() {
  local name=$1 msg=$2 d
  d=$(sdir "$name")
  log "$msg; last lines of $d/console.log:"
  tail -n 40 "$d/console.log" >&2 || true
  stop_server "$name"
  die "$name did not boot"
}

boot_server() { # NAME LOWERDIR
  local name=$1 lower=$2 d host guest np="" leader="" deadline t0 state cgroups=()
  d=$(sdir "$name")
  t0=$(now_ms)
  mount_root "$name" "$lower"
  prepare_root "$name"
  host=$(host_ip "$name")
  guest=$(guest_ip "$name")
  mapfile -t cgroups < <(cgroup_dirs "$name")
  rm -f "$d/nspawn.pid"
  printf '\n==== boot %s ====\n' "$(date -Is)" >>"$d/console.log"
  # The launcher joins the server's own cgroups (so the container's systemd does not share the
  # host's cgroup tree with other servers) and becomes systemd-nspawn; it is detached from us.
  # shellcheck disable=SC2016 # expanded by the inner bash
  setsid bash -c '
    name=$1 dir=$2 hostname=$3
    shift 3
    for cg in "$@"; do mkdir -p "$cg" && echo $$ >"$cg/cgroup.procs"; done
    echo $$ >"$dir/nspawn.pid"
    exec systemd-nspawn --quiet --register=no --keep-unit --boot --network-veth \
      --machine="$name" --hostname="$hostname" --directory="$dir/root" --console=read-only --resolv-conf=off \
      --timezone=off --link-journal=no
  ' test-server-launch "$name" "$d" "$(host_name "$name")" "${cgroups[@]}" \
    </dev/null >>"$d/console.log" 2>&1 {FD_IMAGE}>&- {FD_SERVER}>&- {FD_GLOBAL}>&- &
  disown || true

  deadline=$(($(date +%s) + BOOT_TIMEOUT))
  # 1. systemd-nspawn up, container PID 1, both veth ends present
  while :; do
    if [[ -z $np ]]; then
      np=$(nspawn_pid "$name") || np=""
    fi
    if [[ -n $np ]]; then
      [[ -d /proc/$np ]] || fail_boot "$name" "systemd-nspawn exited"
      leader=$(leader_of_nspawn "$np") || leader=""
      if [[ -n $leader ]] && ip link show "ve-$name" >/dev/null 2>&1 &&
        nsenter -t "$leader" -n ip link show host0 >/dev/null 2>&1; then
        break
      fi
    fi
    (($(date +%s) < deadline)) || fail_boot "$name" "container/veth did not appear within ${BOOT_TIMEOUT}s"
    sleep 0.05
  done
  # 2. addresses on both ends of the private /30 (no default route inside: nothing leaves it)
  ip addr replace "$host/30" dev "ve-$name"
  ip link set "ve-$name" up
  nsenter -t "$leader" -n ip link set lo up
  nsenter -t "$leader" -n ip addr replace "$guest/30" dev host0
  nsenter -t "$leader" -n ip link set host0 up
  printf '%s\n' "$leader" >"$d/leader.pid"
  # 3. sshd answers
  while :; do
    # shellcheck disable=SC2016 # $0 is expanded by the inner bash
    if [[ "$(timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/22" && head -c 4 <&3' "$guest" 2>/dev/null || true)" == SSH- ]]; then
      break
    fi
    [[ -d /proc/$np ]] || fail_boot "$name" "systemd-nspawn exited"
    (($(date +%s) < deadline)) || fail_boot "$name" "sshd on $guest:22 did not answer within ${BOOT_TIMEOUT}s"
    sleep 0.1
  done
  # 4. boot finished, so tests see settled unit states (usually already the case by now)
  state=$(timeout 30 nsenter -t "$leader" -m -u -i -n -p -r -w -- \
    /usr/bin/systemctl is-system-running --wait 2>/dev/null || true)
  [[ $state == running ]] || log "warning: $name reports system state '${state:-unknown}'"
  log "$name up at $guest (host end $host) in $(($(now_ms) - t0)) ms"
}

stop_server() {
  local name=$1 d np leader i
  d=$(sdir "$name")
  if np=$(nspawn_pid "$name"); then
    if leader=$(leader_of_nspawn "$np"); then
      # Killing the container's PID 1 kills its whole PID namespace; the writable layer is
      # discarded (down/reset) anyway, so a clean shutdown buys nothing.
      kill -KILL "$leader" 2>/dev/null || true
    else
      kill -TERM "$np" 2>/dev/null || true
    fi
    for ((i = 0; i < 100; i++)); do
      [[ -d /proc/$np ]] || break
      sleep 0.05
    done
    if [[ -d /proc/$np ]]; then kill -KILL "$np" 2>/dev/null || true; fi
  fi
  kill_cgroup "$name"
  if ip link show "ve-$name" >/dev/null 2>&1; then ip link del "ve-$name" 2>/dev/null || true; fi
  if [[ -d $d/root ]]; then
    for ((i = 0; i < 20; i++)); do
      mountpoint -q "$d/root" || break
      umount "$d/root" 2>/dev/null || sleep 0.1
    done
    if mountpoint -q "$d/root"; then umount -l "$d/root" || die "cannot unmount $d/root"; fi
  fi
  rm -f "$d/nspawn.pid" "$d/leader.pid"
}

wipe_layer() {
  local d
  d=$(sdir "$1")
  mountpoint -q "$d/root" && die "refusing to wipe $d: root still mounted"
  rm -rf --one-file-system "$d/upper" "$d/work"
}

# ---------------------------------------------------------------------------------------------
# commands

# The root id a server was booted from (servers of older versions of this tool: the base).
server_root() { cat "$(sdir "$1")/image" 2>/dev/null || printf 'base-%s\n' "$BASE_VERSION"; }

# Everything a boot needs that is shared between servers (built once, under their own locks).
prepare_root_layers() { # IMAGE (empty: the base alone)
  prepare_host
  ensure_base
  if [[ -n $1 ]]; then ensure_image "$1"; fi
}

fresh_boot() { # NAME ROOT-ID: a new writable layer on ROOT-ID, then boot (server lock held)
  local name=$1 root=$2 d
  d=$(sdir "$name")
  mkdir -p "$d"
  stop_server "$name"
  wipe_layer "$name"
  alloc_index "$name"
  printf '%s\n' "$root" >"$d/image"
  boot_server "$name" "$(lowerdir_of "$root")"
}

# A server that is shutting down (its reboot was issued: a container's reboot ends it) still has
# its leader for a few seconds; `up` must not hand it out as running. Waits (up to 60 s) until the
# leader is gone when systemd inside says it is stopping.
wait_if_stopping() {
  local name=$1 leader state deadline
  leader=$(leader_pid "$name") || return 0
  state=$(in_container "$leader" timeout 5 systemctl is-system-running 2>/dev/null || true)
  # (no answer at all: systemd is already gone, the leader about to end)
  [[ $state == stopping || -z $state ]] || return 0
  log "$name is shutting down: waiting for it to end before booting it"
  # (an orderly shutdown of a niced server on a loaded host took more than a minute)
  deadline=$(($(date +%s) + 240))
  while is_running "$name" && (($(date +%s) < deadline)); do sleep 0.2; done
}

cmd_up() {
  local name image=${2:-} root
  check_name "$1"
  name=$(scoped "$1")
  if [[ -n $image ]]; then check_image "$image"; fi
  prepare_root_layers "$image"
  root=$(root_id "$image")
  lock_server "$name"
  wait_if_stopping "$name"
  if is_running "$name"; then
    if [[ "$(server_root "$name")" == "$root" ]]; then
      print_json "$name"
      return 0
    fi
    log "$name runs on $(server_root "$name"), not $root: booting it fresh on $root"
  fi
  # (leftovers of a server that died are wiped too: it starts from the fresh layers again)
  fresh_boot "$name" "$root"
  print_json "$name"
}

cmd_reset() {
  local name image=${2:-} t0
  check_name "$1"
  name=$(scoped "$1")
  if [[ -n $image ]]; then check_image "$image"; fi
  if [[ ! -s "$(sdir "$name")/index" ]]; then
    cmd_up "$1" "$image"
    return
  fi
  prepare_root_layers "$image"
  lock_server "$name"
  t0=$(now_ms)
  fresh_boot "$name" "$(root_id "$image")"
  log "$name reset in $(($(now_ms) - t0)) ms"
  print_json "$name"
}

# Reboots NAME keeping its disk (the writable layer): a clean shutdown (SIGRTMIN+4, systemd's
# poweroff) if it still runs, then a boot from the same layers. A reboot issued inside a server
# (`systemctl reboot`) ends its container, since nothing here starts systemd-nspawn again; a test
# that reboots a server issues it, waits for the server to go down, then calls `restart`.
cmd_restart() {
  local name d np leader i
  check_name "$1"
  name=$(scoped "$1")
  d=$(sdir "$name")
  [[ -s $d/index && -d $d/upper ]] || die "$1 does not exist (boot it with up first)"
  prepare_host
  lock_server "$name"
  if np=$(nspawn_pid "$name"); then
    if leader=$(leader_of_nspawn "$np"); then
      kill -s SIGRTMIN+4 "$leader" 2>/dev/null || true
      for ((i = 0; i < 600; i++)); do
        [[ -d /proc/$np ]] || break
        sleep 0.1
      done
      [[ -d /proc/$np ]] && log "$1 did not power off within 60 s: killing it"
    fi
  fi
  stop_server "$name"
  boot_server "$name" "$(lowerdir_of "$(server_root "$name")")"
  print_json "$name"
}

cmd_image() {
  local image=$1 version
  check_image "$image"
  prepare_root_layers "$image"
  version=$(image_version "$image")
  printf '{"image":"%s","version":"%s","layer":"%s"}\n' "$image" "$version" "$IMAGES_DIR/$version/layer"
}

down_one() {
  local name=$1 d
  d=$(sdir "$name")
  lock_server "$name"
  [[ -d $d ]] || return 0
  stop_server "$name"
  wipe_layer "$name"
  rm -rf --one-file-system "$d"
  log "$name down"
}

cmd_down() {
  check_name "$1"
  down_one "$(scoped "$1")"
}

cmd_info() {
  check_name "$1"
  is_running "$(scoped "$1")" || die "$1 is not running"
  print_json "$(scoped "$1")"
}

cmd_list() {
  local d name
  for d in "$SERVERS_DIR"/*/; do
    [[ -d $d ]] || continue
    name=$(basename "$d")
    in_scope "$name" || continue
    is_running "$name" && print_json "$name"
  done
  return 0
}

# Bases and images of other versions (unused once every server is down; one still mounted stays).
remove_old_layers() {
  local d name
  for d in "$STATE_HOME"/base-*; do
    [[ -d $d && $d != "$BASE_DIR" ]] || continue
    [[ "$(findmnt -rn -t overlay -o OPTIONS || true)" == *"$d/rootfs"* ]] && continue
    log "removing old base $d"
    umount_below "$d"
    rm -rf --one-file-system "$d"
  done
  for d in "$IMAGES_DIR"/*/; do
    d=${d%/}
    [[ -d $d ]] || continue
    name=$(basename "$d")
    if [[ -f $IMAGE_DEFS/${name%-*}.packages && -f $IMAGE_DEFS/${name%-*}.setup.sh &&
      "$(image_version "${name%-*}")" == "$name" ]]; then
      continue
    fi
    [[ "$(findmnt -rn -t overlay -o OPTIONS || true)" == *"$d/layer"* ]] && continue
    log "removing old image $d"
    rm -rf --one-file-system "$d"
  done
}

# Without a run tag: every server on this host, strays, and what the servers shared. With one: only
# that run's servers (and their strays); the shared old layers and apt-cacher-ng go only when no
# server of any run is left, since another run may be using them.
cmd_down_all() {
  local d name pid target stray_prefix="$SERVERS_DIR/$RUN_TAG"
  for d in "$SERVERS_DIR"/*/; do
    [[ -d $d ]] || continue
    name=$(basename "$d")
    in_scope "$name" || continue
    (down_one "$name") || log "could not take $name down"
  done
  # strays whose state directory is gone: a systemd-nspawn booting a root below $SERVERS_DIR (this
  # run's: below $SERVERS_DIR/TAG*)
  for pid in $(pgrep -x systemd-nspawn || true); do
    if is_nspawn_for "$pid" "$stray_prefix" prefix; then
      log "killing stray systemd-nspawn $pid"
      kill -KILL "$(leader_of_nspawn "$pid" || echo "$pid")" 2>/dev/null || true
    fi
  done
  if [[ -z $RUN_TAG ]]; then
    umount_below "$SERVERS_DIR"
    for d in $(cgroup_dirs x); do kill_cgroup_dir "$(dirname "$d")"; done
  else
    while read -r target; do
      [[ $target == "$stray_prefix"* ]] && umount_below "$target"
    done < <(findmnt -rno TARGET | awk -v p="$SERVERS_DIR/" 'index($0, p) == 1' | sort -r)
    for d in $(cgroup_dirs x); do
      for target in "$(dirname "$d")/$RUN_TAG"*; do
        [[ -d $target ]] && kill_cgroup_dir "$target"
      done
    done
  fi
  if [[ -n $RUN_TAG ]] && compgen -G "$SERVERS_DIR/*/" >/dev/null; then
    log "other runs' servers are up: old layers and apt-cacher-ng stay"
    return 0
  fi
  remove_old_layers
  if [[ -f $ACNG_MARK ]]; then
    log "stopping apt-cacher-ng (started by this tool; its cache stays)"
    /etc/init.d/apt-cacher-ng stop </dev/null >>"$STATE_HOME/apt-cacher-ng.start.log" 2>&1 || true
    rm -f "$ACNG_MARK"
  fi
}

cmd_exec() {
  local name=$1 leader
  shift
  # Errors of this tool exit with 125 so they can be told from the command's own exit status.
  [[ $name =~ ^[a-z][a-z0-9-]{0,9}$ ]] || { log "error: invalid server name '$name'"; exit 125; }
  [[ ${1:-} == -- ]] && shift
  (($#)) || { log "error: exec: missing command"; exit 125; }
  leader=$(leader_pid "$(scoped "$name")") || { log "error: $name is not running"; exit 125; }
  in_container "$leader" "$@"
}

# A veth pair straight between two servers' namespaces, and a /32 route on each side to the other's
# address: the servers reach each other (the host forwards nothing between its servers), as two
# VPSs of one provider do. Ends named hl<index>-<index> (index: the server's /30 allocation).
cmd_link() {
  local a=$1 b=$2 la lb ia ib ga gb
  check_name "$a"
  check_name "$b"
  [[ $a != "$b" ]] || die "link: a server cannot be linked to itself"
  la=$(leader_pid "$(scoped "$a")") || die "$a is not running"
  lb=$(leader_pid "$(scoped "$b")") || die "$b is not running"
  ia=$(<"$(sdir "$(scoped "$a")")/index")
  ib=$(<"$(sdir "$(scoped "$b")")/index")
  ga=$(guest_ip "$(scoped "$a")")
  gb=$(guest_ip "$(scoped "$b")")
  if ! nsenter -t "$la" -n ip link show "hl$ia-$ib" >/dev/null 2>&1; then
    ip link del "hl$ia-$ib" 2>/dev/null || true
    ip link add "hl$ia-$ib" type veth peer name "hl$ib-$ia"
    ip link set "hl$ia-$ib" netns "$la"
    ip link set "hl$ib-$ia" netns "$lb"
  fi
  nsenter -t "$la" -n ip link set "hl$ia-$ib" up
  nsenter -t "$lb" -n ip link set "hl$ib-$ia" up
  nsenter -t "$la" -n ip route replace "$gb/32" dev "hl$ia-$ib" src "$ga"
  nsenter -t "$lb" -n ip route replace "$ga/32" dev "hl$ib-$ia" src "$gb"
  log "linked $a ($ga) and $b ($gb)"
}

main() {
  (($#)) || usage
  [[ $EUID -eq 0 ]] || die "must run as root"
  [[ -z $RUN_TAG || $RUN_TAG =~ ^[0-9][a-z0-9]$ ]] ||
    die "invalid HOSTDECK_TEST_RUN '$RUN_TAG' (want a digit, then a letter or digit)"
  local cmd=$1
  shift
  case $cmd in
    up | reset)
      if (($# == 1)); then
        "cmd_$cmd" "$1"
      elif (($# == 3)) && [[ $2 == --image ]]; then
        "cmd_$cmd" "$1" "$3"
      elif (($# == 2)) && [[ $2 == --image=* ]]; then
        "cmd_$cmd" "$1" "${2#--image=}"
      else
        usage
      fi
      ;;
    down | info | restart)
      (($# == 1)) || usage
      "cmd_$cmd" "$1"
      ;;
    image)
      (($# == 1)) || usage
      cmd_image "$1"
      ;;
    list) cmd_list ;;
    down-all) cmd_down_all ;;
    exec)
      (($# >= 2)) || usage
      cmd_exec "$@"
      ;;
    link)
      (($# == 2)) || usage
      cmd_link "$1" "$2"
      ;;
    -h | --help | help) usage ;;
    *) usage ;;
  esac
}

main "$@"
