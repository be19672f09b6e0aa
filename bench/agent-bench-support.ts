/**
 * Shared by the agent benchmarks (agent-files.bench.ts, agent-terminal.bench.ts), not a benchmark
 * itself: the agent's bundle started as its own process on loopback with a generated Ed25519 key,
 * tokens signed by it, process memory from /proc, timing of baseline commands.
 * The agent runs as this machine's user (root here): root tokens go to its root worker, and downloads
 * are handed back to the main process by descriptor (apps/agent/README.md, Processes).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AgentOperation, AgentTokenPayload } from '@hostdeck/contracts/agent-protocol';
import {
  createTestKeys,
  signToken,
  tokenPayload,
  TEST_ORIGIN,
  TEST_SERVER_ID,
} from '@hostdeck/agent/testing/agent-test-support.js';

export const ORIGIN = TEST_ORIGIN;
const agentDirectory = path.resolve(process.cwd(), 'apps/agent');

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
};
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const mib = (bytes: number) => bytes / 2 ** 20;

/** One result line: figure, baseline, ratio (figure / baseline) and the target it is read against. */
export function report(label: string, figure: string, baseline: string, ratio: number, target: string) {
  console.log(`${label}: ${figure} | baseline ${baseline} | ratio ${ratio.toFixed(2)}x | target ${target}`);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Wall-clock seconds of a command (stdout to /dev/null). */
export async function timeCommand(
  file: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  const startedAt = process.hrtime.bigint();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'inherit'], ...options });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited with ${code}`))));
  });
  return Number(process.hrtime.bigint() - startedAt) / 1e9;
}

/** Fields of /proc/PID/status or smaps_rollup, in KiB (0 when the process is gone). */
function procKiB(file: string, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}
export const rssKiB = (pid: number) => procKiB(`/proc/${pid}/status`, 'VmRSS');
export const peakRssKiB = (pid: number) => procKiB(`/proc/${pid}/status`, 'VmHWM');
export const pssKiB = (pid: number) => procKiB(`/proc/${pid}/smaps_rollup`, 'Pss');
/** Resets VmHWM to the current RSS (Linux ≥ 4.0, proc(5) clear_refs): the peak of what follows. */
export function resetPeakRss(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** Live descendants of `pid` (children, their children…), read from /proc. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // exited meanwhile
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** Peak memory of each process of a tree over a stretch of work, and of the tree as a whole. */
export interface TreePeaks {
  /** VmHWM per pid (reset at start), in KiB: each process's own peak RSS. */
  perProcess: Map<number, number>;
  /** The largest sampled sum of RSS over the tree (shared pages, e.g. the node binary, counted in each). */
  treeRssKiB: number;
  /** The largest sampled sum of PSS over the tree (shared pages split between the processes mapping them). */
  treePssKiB: number;
}

/**
 * Watches `root` and its descendants (the agent and its per-user workers) while `work` runs: resets
 * each one's VmHWM first, samples the tree's RSS every `rssEveryMs` and its PSS (smaps_rollup, dearer
 * to read) every `pssEveryMs`, then reads each process's VmHWM. A worker that starts meanwhile is
 * caught by the sampling, not by its VmHWM reset (its VmHWM is then its whole life, still a peak).
 */
export async function watchTreePeaks(
  root: number,
  work: () => Promise<void>,
  rssEveryMs = 20,
  pssEveryMs = 100,
): Promise<TreePeaks> {
  const tree = () => [root, ...descendants(root)];
  for (const pid of tree()) resetPeakRss(pid);
  let treeRssKiB = 0;
  let treePssKiB = 0;
  const seen = new Set<number>();
  const rssTimer = setInterval(() => {
    const pids = tree();
    pids.forEach((pid) => seen.add(pid));
    treeRssKiB = Math.max(
      treeRssKiB,
      pids.reduce((sum, pid) => sum + rssKiB(pid), 0),
    );
  }, rssEveryMs);
  const pssTimer = setInterval(() => {
    treePssKiB = Math.max(
      treePssKiB,
      tree().reduce((sum, pid) => sum + pssKiB(pid), 0),
    );
  }, pssEveryMs);
  try {
    await work();
  } finally {
    clearInterval(rssTimer);
    clearInterval(pssTimer);
  }
  const perProcess = new Map<number, number>();
  for (const pid of new Set([...seen, ...tree()])) {
    const peak = peakRssKiB(pid);
    if (peak > 0) perProcess.set(pid, peak);
  }
  return { perProcess, treeRssKiB, treePssKiB };
}

export function commandName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** The newest bundle in apps/agent/dist, rebuilt (`npm run bundle`) when missing or older than the sources. */
function agentBundle(): string {
  const dist = path.join(agentDirectory, 'dist');
  const newestBundle = () =>
    (existsSync(dist) ? readdirSync(dist) : [])
      .filter((name) => /^hostdeck-agent-\d+\.tar\.gz$/.test(name))
      .map((name) => path.join(dist, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  const newestSource = (folder: string): number =>
    readdirSync(folder, { withFileTypes: true }).reduce((newest, entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return Math.max(newest, newestSource(full));
      return entry.name.endsWith('.test.ts') ? newest : Math.max(newest, statSync(full).mtimeMs);
    }, 0);
  const bundle = newestBundle();
  // The agent's sources and the contracts it is built from (other areas' contracts change often).
  const contracts = path.resolve(agentDirectory, '../../packages/contracts/src');
  const sources = Math.max(
    newestSource(path.join(agentDirectory, 'src')),
    ...['agent-protocol.ts', 'agent.ts', 'grammars.ts', 'agent-version.ts', 'agent-file-messages.ts']
      .map((name) => path.join(contracts, name))
      .filter((file) => existsSync(file))
      .map((file) => statSync(file).mtimeMs),
  );
  if (bundle && statSync(bundle).mtimeMs >= sources) return bundle;
  console.log('agent bundle missing or older than its sources: npm run bundle -w @hostdeck/agent');
  execFileSync('npm', ['run', 'bundle', '-w', '@hostdeck/agent'], { stdio: 'inherit' });
  return newestBundle()!;
}

export interface BenchAgent {
  url: string;
  pid: number;
  /** A root-scoped token (root '/', this machine's user) for `ops`. */
  token(ops?: AgentOperation[], overrides?: Partial<AgentTokenPayload>): string;
  stop(): Promise<void>;
}

/**
 * The agent as it runs on a server: the bundle's own Node runtime and agent.cjs, unpacked into a
 * temp folder, with a config naming a fresh panel key, a free loopback port and ORIGIN.
 * Running as root it also creates /run/hostdeck-agent (its worker socket folder), as it would there.
 */
export async function startBundledAgent(workDirectory: string): Promise<BenchAgent> {
  const socketFolderExisted = existsSync(SOCKET_FOLDER);
  const unpacked = mkdtempSync(path.join(workDirectory, 'agent-'));
  execFileSync('tar', ['-xzf', agentBundle(), '-C', unpacked]);
  const keys = createTestKeys();
  const port = await freePort();
  const configFile = path.join(unpacked, 'config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      port,
      panelPublicKey: keys.publicKeyPem,
      serverId: TEST_SERVER_ID,
      tls: null,
      allowedOrigins: [ORIGIN],
    }),
  );
  // BENCH_AGENT_NODE_ARGS (e.g. `--trace-gc`) for a diagnosis; the agent's stdout then goes to this one's.
  const nodeArgs = process.env.BENCH_AGENT_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(
    path.join(unpacked, 'node'),
    [...nodeArgs, path.join(unpacked, 'agent.cjs'), '--config', configFile],
    { stdio: ['ignore', nodeArgs.length ? 'inherit' : 'ignore', 'pipe'] },
  );
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the agent did not start:\n${log}`)), 15_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('agent listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the agent exited with ${code}:\n${log}`));
    });
  });
  child.removeAllListeners('exit');
  // Keep reading its log so a full pipe never blocks it.
  child.stderr!.on('data', () => {});
  const user = os.userInfo().username;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    token: (ops = ['files:read', 'files:write'], overrides = {}) =>
      signToken(tokenPayload({ ops, root: '/', user, ...overrides }), keys.privateKey),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      // Leave the machine as found: the socket folder goes when this run created it (and it is empty).
      if (!socketFolderExisted)
        try {
          rmdirSync(SOCKET_FOLDER);
        } catch {
          // not empty, or already gone
        }
    },
  };
}

/** DEFAULT_SOCKET_DIRECTORY of start.ts: the bundle run as root creates it. */
const SOCKET_FOLDER = '/run/hostdeck-agent';
