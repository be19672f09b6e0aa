import type { RemoteExecutor, RunOptions } from '../../remote/remote-executor.js';

/**
 * Test support (used by no production code): a server in memory for the site-apps recipes. It
 * answers site-app-resources with the cores and memory it is given and every other step with
 * success, and records each step's environment and the secrets after the frame. The scripts
 * themselves run on a booted server (site-apps.server.test.ts).
 */
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
  return { environment, secret: buffer.subarray(scriptEnd + 1).toString('utf8') };
}

export function createSiteAppsFake() {
  const state = {
    cores: 2,
    memoryMb: 1993,
    /** Whether the server has the Docker CLI (the docker runtime's apps are refused without it). */
    docker: true,
    /** Each step that ran: its recipe, step and environment. */
    runs: [] as { recipe: string; step: string; environment: Record<string, string>; secret: string }[],
  };
  const executor: RemoteExecutor = {
    async connect() {
      return {
        hostKeyFingerprint: 'SHA256:fake',
        async close() {},
        async run(options) {
          const { environment, secret } = readFrame(options.stdin);
          const recipe = environment.HD_RECIPE_ID ?? 'unknown';
          state.runs.push({ recipe, step: environment.HD_STEP_ID ?? '', environment, secret });
          if (recipe === 'site-app-resources') {
            options.onStdout?.(
              `cores=${state.cores}\nmemory_mb=${state.memoryMb}\ndisk_mb=50000\ndocker=${state.docker ? 1 : 0}\n`,
            );
          }
          return { exitCode: 0, signal: null, durationMs: 1 };
        },
      };
    },
  };
  return { state, executor };
}
