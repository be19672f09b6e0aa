import ssh2 from 'ssh2';
import {
  HostKeyMismatchError,
  SshAuthenticationError,
  SshConnectionError,
  type RemoteExecutor,
  type RemoteSession,
  type RemoteTarget,
  type RunOptions,
} from '../../remote/remote-executor.js';

/**
 * Test support (used by no production code). A managed server in memory for API tests: it answers the panel's recipes (by the HD_RECIPE_ID
 * of their frame) the way the real scripts do, keeps the keys the panel authorizes, and can be
 * told to refuse connections, passwords or keys. Server tests use booted test servers instead.
 */
export const FAKE_HOST_KEY = 'SHA256:fakeHostKey0123456789abcdefghijklmnopqrstuvw';
export const FAKE_ROOT_PASSWORD = 'root-password-Zq81!';

export const DEBIAN_12_OS_RELEASE = [
  'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"',
  'NAME="Debian GNU/Linux"',
  'VERSION_ID="12"',
  'VERSION="12 (bookworm)"',
  'ID=debian',
  '',
].join('\n');

export const SYSTEM_INFO_OUTPUT = [
  'os=Debian GNU/Linux 12 (bookworm)',
  'os_id=debian-12',
  'kernel=6.1.0-13-amd64',
  'hostname=web-1',
  'cpu_model=AMD EPYC',
  'cpu_cores=2',
  'memory_total_bytes=2048000000',
  'memory_used_bytes=512000000',
  'swap_total_bytes=0',
  'disk_total_bytes=40000000000',
  'disk_used_bytes=4000000000',
  'load=0.12 0.30 0.25',
  'uptime_seconds=12345.67',
  'timezone=Etc/UTC',
  '',
].join('\n');

/** The recipe id in a step frame (`HD_RECIPE_ID=…\0` among the environment pairs). */
function recipeOf(stdin: RunOptions['stdin']): string {
  const text = Buffer.isBuffer(stdin) ? stdin.toString('utf8') : String(stdin ?? '');
  return /(?:^|\0)HD_RECIPE_ID=([a-z0-9-]+)\0/.exec(text)?.[1] ?? 'unknown';
}

function publicKeyOf(stdin: RunOptions['stdin']): string | undefined {
  const text = Buffer.isBuffer(stdin) ? stdin.toString('utf8') : String(stdin ?? '');
  return /(?:^|\0)HD_PUBLIC_KEY=([^\0]+)\0/.exec(text)?.[1];
}

export function createFakeServer() {
  const state = {
    password: FAKE_ROOT_PASSWORD,
    hostKey: FAKE_HOST_KEY,
    osRelease: DEBIAN_12_OS_RELEASE,
    /** When set, connecting fails with this error (refused port, timeout…). */
    unreachable: null as Error | null,
    /** Authorizing keys "works" but sshd ignores them (PubkeyAuthentication no). */
    ignoresKeys: false,
    /** Public keys in root's authorized_keys. */
    authorizedKeys: new Set<string>(),
    /** What ran, in order: `connect:password@host`, `connect:key@host`, then recipe ids. */
    log: [] as string[],
    /** Recipes whose steps exit 1 (a refused config, a failing package manager…). */
    failingRecipes: new Set<string>(),
  };

  /** The base64 part of the public key of an OpenSSH private key, as authorized_keys holds it. */
  const publicBlob = (privateKey: string) => {
    const parsed = ssh2.utils.parseKey(privateKey);
    const key = Array.isArray(parsed) ? parsed[0] : parsed;
    if (!key || key instanceof Error) return undefined;
    return key.getPublicSSH().toString('base64');
  };
  const isAuthorized = (privateKey: string) => {
    const blob = publicBlob(privateKey);
    return [...state.authorizedKeys].some((line) => line.split(' ')[1] === blob);
  };

  const executor: RemoteExecutor = {
    async connect(target: RemoteTarget): Promise<RemoteSession> {
      state.log.push(`connect:${target.auth.kind}@${target.host}`);
      if (state.unreachable) throw state.unreachable;
      if (target.knownHostKey !== null && target.knownHostKey !== state.hostKey) {
        throw new HostKeyMismatchError(target.host, target.knownHostKey, state.hostKey);
      }
      if (target.auth.kind === 'password' && target.auth.password !== state.password) {
        throw new SshAuthenticationError(target.username, target.host);
      }
      if (target.auth.kind === 'key') {
        if (state.ignoresKeys || !isAuthorized(target.auth.privateKey)) {
          throw new SshAuthenticationError(target.username, target.host);
        }
      }
      return {
        hostKeyFingerprint: state.hostKey,
        close: async () => {},
        async run(options) {
          const recipe = recipeOf(options.stdin);
          state.log.push(recipe);
          const key = publicKeyOf(options.stdin);
          if (recipe === 'server-detect-os') options.onStdout?.(state.osRelease);
          if (recipe === 'server-system-info') options.onStdout?.(SYSTEM_INFO_OUTPUT);
          if (recipe === 'server-authorize-key' && key) state.authorizedKeys.add(key);
          if (recipe === 'server-forget-key' && key) state.authorizedKeys.delete(key);
          // Cloning a site: the source's (empty) archive, as `site-files-export pack` reports it.
          if (recipe === 'site-files-export') options.onStdout?.('size=0\n');
          if (state.failingRecipes.has(recipe)) return { exitCode: 1, signal: null, durationMs: 1 };
          return { exitCode: 0, signal: null, durationMs: 1 };
        },
      };
    },
  };

  return {
    state,
    executor,
    refuseConnections(reason: 'connection refused' | 'timed out after 10 seconds') {
      state.unreachable = new SshConnectionError({ host: 'x', port: 22 }, reason);
    },
  };
}
export type FakeServer = ReturnType<typeof createFakeServer>;

/** Every property name in a JSON value, at any depth (presenter checks). */
export function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}
