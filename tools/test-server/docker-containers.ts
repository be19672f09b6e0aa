// Test support (used by no production code): Docker containers that START inside a test server.
//
// A test server is a systemd-nspawn container whose cgroups are read-only and whose seccomp filter
// refuses new session keyrings, so Docker's default runtime (runc) cannot start a container:
// "OCI runtime create failed: … create keyring …: Operation not permitted" with crun, cgroup
// write errors with runc. Debian's `crun` started without a cgroup manager
// (`--cgroup-manager=disabled`) and with `--no-new-keyring` does start them: published ports, user
// networks and their DNS work. This is the TEST ENVIRONMENT's configuration only (no limits are
// applied to the containers); servers the panel manages keep Docker's own runtime.
import { runOnTestServer, type TestServer } from './index.js';

/** crun as the test server's Docker runtime: the two options above, whatever docker asks. */
const RUNTIME_WRAPPER = `#!/bin/sh
# Written by tools/test-server/docker-containers.ts (tests only): crun without cgroups (read-only
# in systemd-nspawn) and without a new session keyring (refused by nspawn's seccomp filter).
cmd=""
for arg in "$@"; do
  case $arg in create | run) cmd=$arg; break ;; esac
done
if [ -n "$cmd" ]; then
  inserted=""
  for arg in "$@"; do
    shift
    if [ -z "$inserted" ] && [ "$arg" = "$cmd" ]; then set -- "$@" "$arg" --no-new-keyring; inserted=1; else set -- "$@" "$arg"; fi
  done
fi
exec /usr/bin/crun --cgroup-manager=disabled "$@"
`;

export interface DockerContainersOptions {
  /** Registries reached over plain HTTP (`host:port`), e.g. a local registry on the host. */
  insecureRegistries?: string[];
}

/**
 * Makes Docker on `server` start containers: crun must be installed (bootWebTestServer(name,
 * ['crun'])); writes the wrapper and /etc/docker/daemon.json (`default-runtime` crun, the
 * insecure registries) and (re)starts Docker. Opt-in: only the tests that run containers call it.
 */
export async function enableDockerContainers(
  server: TestServer,
  options: DockerContainersOptions = {},
): Promise<void> {
  const daemon = {
    runtimes: { crun: { path: '/usr/local/sbin/crun-test-server' } },
    'default-runtime': 'crun',
    'insecure-registries': options.insecureRegistries ?? [],
  };
  const script = [
    'set -euo pipefail',
    'command -v crun >/dev/null || { echo "crun is not installed" >&2; exit 1; }',
    'cat > /usr/local/sbin/crun-test-server',
    'chmod 0755 /usr/local/sbin/crun-test-server',
    'mkdir -p /etc/docker',
    `printf '%s\\n' '${JSON.stringify(daemon)}' > /etc/docker/daemon.json`,
    'systemctl restart docker.service',
    'docker info --format "{{.DefaultRuntime}}"',
  ].join('\n');
  const result = await runOnTestServer(server, ['bash', '-c', script], {
    input: Buffer.from(RUNTIME_WRAPPER),
  });
  if (result.code !== 0 || result.stdout.trim() !== 'crun') {
    throw new Error(`enabling Docker containers on ${server.name} failed: ${result.stderr}${result.stdout}`);
  }
}
