import { randomBytes } from 'node:crypto';
import {
  AGENT_METRICS_PATH,
  AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
  AGENT_TOKEN_HEADER,
} from '@hostdeck/contracts';
import { agentMetricsAnswerSchema } from '@hostdeck/contracts/monitoring';
import {
  parseDiskFree,
  parseLoadAverage,
  parseMemoryInfo,
  ratesBetween,
  readCounters,
  type MetricsCounters,
  type MetricsSample,
} from '@hostdeck/contracts/monitoring-sample';
import type { AgentSigner } from '../agent/agent-keys.js';
import type { RemoteExecutor } from '../remote/remote-executor.js';
import type { ServerConnections } from '../servers/server-connection.js';

/** A sampling call is small: a server that does not answer in this time counts as not answering. */
const READ_TIMEOUT_MS = 10_000;

/** GET {agent}/metrics?since=… with a single-use `metrics:read` token signed for that server. */
export function createAgentMetricsReader(options: { signer: AgentSigner; port: number }) {
  return async (server: { id: number; ip: string }, since: number): Promise<MetricsSample[]> => {
    const host = server.ip.includes(':') ? `[${server.ip}]` : server.ip;
    const token = options.signer.sign({
      v: 1,
      server: server.id,
      site: null,
      root: '/',
      user: 'root',
      ops: ['metrics:read'],
      exp: Math.floor(Date.now() / 1000) + AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
      jti: randomBytes(18).toString('base64url'),
    });
    const response = await fetch(`http://${host}:${options.port}${AGENT_METRICS_PATH}?since=${since}`, {
      headers: { [AGENT_TOKEN_HEADER]: token },
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`the agent answered ${response.status}: ${text.slice(0, 200)}`);
    return agentMetricsAnswerSchema.parse(JSON.parse(text)).samples;
  };
}

/**
 * What a server without a recent agent is read with, over SSH: a fixed command (no input at all)
 * printing Linux's own counters and `df`. CPU and network are rates, so the first reading of a
 * server only keeps its counters; each later one is a sample.
 */
export const SSH_METRICS_COMMAND =
  'cat /proc/stat; echo @@; cat /proc/net/dev; echo @@; cat /proc/meminfo; echo @@; cat /proc/loadavg; echo @@; ' +
  'LC_ALL=C df -B1 --output=source,target,fstype,size,used 2>/dev/null || true';

export function createSshMetricsReader(options: {
  executor: RemoteExecutor;
  connections: Pick<ServerConnections, 'resolveTarget'>;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const previous = new Map<number, MetricsCounters>();
  return async (server: { id: number }): Promise<MetricsSample[]> => {
    const target = await options.connections.resolveTarget(server.id);
    const session = await options.executor.connect(target, { connectTimeoutMs: READ_TIMEOUT_MS });
    let output = '';
    try {
      const result = await session.run({
        command: SSH_METRICS_COMMAND,
        onStdout: (chunk) => {
          output += chunk;
        },
        idleTimeoutMs: READ_TIMEOUT_MS,
        totalTimeoutMs: READ_TIMEOUT_MS * 2,
      });
      if (result.exitCode !== 0) throw new Error(`reading the server's counters exited ${result.exitCode}`);
    } finally {
      await session.close();
    }
    const at = now();
    const [stat = '', netdev = '', meminfo = '', loadavg = '', df = ''] = output.split('@@\n');
    const counters = readCounters(at, stat, netdev);
    const before = previous.get(server.id);
    previous.set(server.id, counters);
    if (!before) return [];
    const rates = ratesBetween(before, counters);
    return [
      {
        at,
        cpu: rates.cpu,
        memory: parseMemoryInfo(meminfo),
        disks: parseDiskFree(df),
        load: parseLoadAverage(loadavg),
        network: { rx: rates.rx, tx: rates.tx },
      },
    ];
  };
}
