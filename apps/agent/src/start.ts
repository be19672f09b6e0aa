import os from 'node:os';
import type http from 'node:http';
import type { AgentConfig } from '@hostdeck/contracts/agent-protocol';
import { createLinkSigner } from './links.js';
import { createAgentServer } from './main.js';
import { createMetricsSampler } from './metrics/metrics-sampler.js';
import type { FileHandlers } from './scope.js';
import { createDirectTerminal } from './terminal/direct-terminal.js';
import { createTokenVerifier } from './tokens.js';
import { createWorkerPool, type WorkerEntry } from './workers/worker-pool.js';

export interface StartAgentOptions {
  files: FileHandlers;
  /** How to start a per-user worker: this script again. */
  workerEntry: WorkerEntry;
  socketDirectory?: string;
  workerIdleMs?: number;
  /** The largest upload the main process parses for its own user's worker (tests lower it). */
  maxUploadBytes?: number;
  /** 0 picks a free port (tests); defaults to config.port. */
  port?: number;
  host?: string;
  hangUpGraceMs?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

export interface RunningAgent {
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

/** Where the sockets to the workers live: systemd's RuntimeDirectory of the unit (0700, root). */
export const DEFAULT_SOCKET_DIRECTORY = '/run/hostdeck-agent';

/** Logs one JSON line on stderr (journald keeps it); tokens never reach a log line. */
export function logLine(message: string, details: Record<string, unknown> = {}) {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), message, ...details })}\n`);
}

/** Wires the agent's parts together and listens. */
export async function startAgent(config: AgentConfig, options: StartAgentOptions): Promise<RunningAgent> {
  const log = options.log ?? logLine;
  const currentUser = os.userInfo().username;
  const links = createLinkSigner();
  const verifier = createTokenVerifier({
    panelPublicKey: config.panelPublicKey,
    serverId: config.serverId,
    linkPublicKey: links.publicKey,
  });
  const workers =
    process.getuid?.() === 0
      ? createWorkerPool({
          entry: options.workerEntry,
          socketDirectory: options.socketDirectory ?? DEFAULT_SOCKET_DIRECTORY,
          idleMs: options.workerIdleMs ?? 5 * 60_000,
          maxUploadBytes: options.maxUploadBytes,
          log,
        })
      : null;
  const metrics = createMetricsSampler({ intervalSeconds: config.metricsIntervalSeconds, log });
  const terminal = createDirectTerminal({ currentUser, log, hangUpGraceMs: options.hangUpGraceMs });
  const server = createAgentServer({
    config,
    verifier,
    files: options.files,
    terminal,
    links,
    metrics,
    workers,
    currentUser,
    log,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? config.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log('agent listening', { port, tls: config.tls !== null, user: currentUser });
  metrics.start();
  return {
    server,
    port,
    async close() {
      metrics.stop();
      terminal.close();
      workers?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
