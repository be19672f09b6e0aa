import type { RemoteExecutor, RunOptions } from '../../remote/remote-executor.js';

/**
 * Test support (used by no production code): a server in memory that answers the site-config and
 * site-log recipes the way their scripts do (scripts/site-configs/*.sh: exit codes, stdout,
 * nginx's refusal on stderr), reading the values from the step frame as the runner would. The
 * scripts themselves are tested on a booted server (site-configs.server.test.ts).
 */
export const NGINX_REFUSAL =
  '2026/01/01 00:00:00 [emerg] 42#42: unknown directive "this_is_not_a_directive" in {file}:1\n' +
  'nginx: configuration file /etc/nginx/nginx.conf test failed\n';

/** The environment pairs and the bytes after the script, from a step frame. */
function readFrame(stdin: RunOptions['stdin']) {
  const buffer = Buffer.isBuffer(stdin) ? stdin : Buffer.from(String(stdin ?? ''));
  const environment: Record<string, string> = {};
  let start = 0;
  for (;;) {
    const end = buffer.indexOf(0, start);
    const entry = buffer.subarray(start, end).toString('utf8');
    start = end + 1;
    if (entry === '') break;
    const equals = entry.indexOf('=');
    environment[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  const scriptEnd = buffer.indexOf(0, start);
  return { environment, secret: buffer.subarray(scriptEnd + 1) };
}

interface Answer {
  exitCode: number;
  stdout?: string;
  stderr?: string;
}

export function createSiteConfigsFake() {
  const state = {
    /** Regular files by path (configs and logs). */
    files: new Map<string, string>(),
    /** Paths that are symbolic links. */
    links: new Set<string>(),
    /** Recipe ids in the order they ran. */
    runs: [] as string[],
    /** When set, every run answers this instead (a failing server). */
    override: null as Answer | null,
  };

  const error = (exitCode: number, message: string): Answer => ({
    exitCode,
    stdout: `::hostdeck::error::${message}\n`,
  });

  function answer(env: Record<string, string>, secret: Buffer): Answer {
    const exits = {
      exists: Number(env.HD_EXIT_EXISTS),
      missing: Number(env.HD_EXIT_MISSING),
      symlink: Number(env.HD_EXIT_SYMLINK),
      refused: Number(env.HD_EXIT_REFUSED),
      mainVhost: Number(env.HD_EXIT_MAIN_VHOST),
    };
    const file = env.HD_CONFIG_FILE ?? env.HD_LOG_FILE ?? '';
    if (state.links.has(file)) return error(exits.symlink, `${file} is a symbolic link`);
    switch (env.HD_RECIPE_ID) {
      case 'site-config-list': {
        const entry = (path: string, name: string, main: boolean) => ({
          name,
          path,
          size: Buffer.byteLength(state.files.get(path) ?? ''),
          modified: 1_700_000_000,
          main,
        });
        const extras = [...state.files.keys()]
          .filter((path) => path.startsWith(`${env.HD_EXTRA_DIR}/`) && path.endsWith('.conf'))
          .sort()
          .map((path) => entry(path, path.slice(env.HD_EXTRA_DIR!.length + 1, -'.conf'.length), false));
        const main = state.files.has(env.HD_MAIN_FILE!) ? [entry(env.HD_MAIN_FILE!, env.HD_SITE!, true)] : [];
        return { exitCode: 0, stdout: `${JSON.stringify([...main, ...extras])}\n` };
      }
      case 'site-config-read': {
        const content = state.files.get(file);
        if (content === undefined) return error(exits.missing, `${file} does not exist`);
        return { exitCode: 0, stdout: content };
      }
      case 'site-config-write': {
        const exists = state.files.has(file);
        if (env.HD_MODE === 'create' && exists) return error(exits.exists, `${file} already exists`);
        if (env.HD_MODE === 'update' && !exists) return error(exits.missing, `${file} does not exist`);
        const content = secret.toString('utf8');
        if (content.includes('this_is_not_a_directive')) {
          return {
            ...error(exits.refused, `${file} failed validation; the previous version was restored`),
            stderr: NGINX_REFUSAL.replace('{file}', file),
          };
        }
        if (state.files.get(file) === content)
          return { exitCode: 0, stdout: `::hostdeck::info::${file} is up to date\n` };
        state.files.set(file, content);
        return {
          exitCode: 0,
          stdout: `::hostdeck::change::wrote ${file}\n::hostdeck::change::reloaded nginx\n`,
        };
      }
      case 'site-config-delete': {
        if (env.HD_MAIN === '1') return error(exits.mainVhost, 'the main virtual host cannot be deleted');
        if (!state.files.delete(file))
          return { exitCode: 0, stdout: `::hostdeck::info::${file} is already absent\n` };
        return { exitCode: 0, stdout: `::hostdeck::change::removed ${file}\n` };
      }
      case 'site-log-read': {
        const content = state.files.get(file);
        if (content === undefined) return { exitCode: 0, stdout: '{"size":0,"truncated":false}\n' };
        const lines = Number(env.HD_LINES);
        const all = content.split(/(?<=\n)/);
        const shown = lines > 0 ? all.slice(-lines).join('') : content;
        const header = JSON.stringify({ size: Buffer.byteLength(content), truncated: false });
        return { exitCode: 0, stdout: `${header}\n${shown}` };
      }
      default:
        return { exitCode: 0 };
    }
  }

  const executor: RemoteExecutor = {
    async connect() {
      return {
        hostKeyFingerprint: 'SHA256:fake',
        async close() {},
        async run(options) {
          const { environment, secret } = readFrame(options.stdin);
          state.runs.push(environment.HD_RECIPE_ID ?? 'unknown');
          const result = state.override ?? answer(environment, secret);
          if (result.stdout) options.onStdout?.(result.stdout);
          if (result.stderr) options.onStderr?.(result.stderr);
          return { exitCode: result.exitCode, signal: null, durationMs: 1 };
        },
      };
    },
  };

  return { state, executor };
}
export type SiteConfigsFake = ReturnType<typeof createSiteConfigsFake>;
