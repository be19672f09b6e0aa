import { AGENT_VERSION } from '@hostdeck/contracts/agent-version';
import { DEFAULT_CONFIG_PATH, loadAgentConfig } from './config.js';
import type { FileHandlers } from './scope.js';
import { logLine, startAgent } from './start.js';
import { runWorker } from './workers/worker-process.js';
import { WORKER_FLAG } from './workers/worker-protocol.js';

/**
 * The agent's command line (the bundle's entry, run by the systemd unit):
 *   agent.cjs [--config FILE]       serve (default /etc/hostdeck-agent/config.json)
 *   agent.cjs --check-config FILE   validate a configuration (the install recipe's validator)
 *   agent.cjs --version             print the version
 *   agent.cjs --worker USER         a per-user worker (started by the agent itself)
 */
/**
 * The file API is loaded on the first file call, not at start: with its dependencies (zod, the
 * archive libraries) it would hold about 20 MB of an idle agent's memory (issue 6: idle ≤ 50 MB).
 */
let loading: Promise<FileHandlers> | undefined;
const loadFiles = () => (loading ??= import('./files/index.js'));
const files: FileHandlers = {
  handleFileRequest: async (request, response, scope) =>
    (await loadFiles()).handleFileRequest(request, response, scope),
  handleFileUpgrade: async (request, socket, head, scope) =>
    (await loadFiles()).handleFileUpgrade(request, socket, head, scope),
};

async function main(args: string[]) {
  const [command, value] = args;
  if (command === '--version') {
    process.stdout.write(`${AGENT_VERSION}\n`);
    return;
  }
  if (command === '--check-config') {
    loadAgentConfig(value ?? DEFAULT_CONFIG_PATH);
    process.stdout.write('configuration ok\n');
    return;
  }
  if (command === WORKER_FLAG) {
    if (!value) throw new Error('--worker needs a user name');
    runWorker(value, await loadFiles());
    return;
  }
  const config = loadAgentConfig(command === '--config' && value ? value : DEFAULT_CONFIG_PATH);
  const agent = await startAgent(config, {
    files,
    workerEntry: { script: process.argv[1]!, execArgv: process.execArgv },
  });
  const stop = (signal: string) => {
    logLine('agent stopping', { signal });
    agent.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`hostdeck-agent: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
