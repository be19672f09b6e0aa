/**
 * The direct terminal (issue 6 checks): the agent's /direct websocket (its bundle, on loopback)
 * against a bare node-pty in this process (the floor: no server, no socket) and against Cockpit
 * (cockpit-ws --no-tls --local-session=cockpit-bridge, its websocket channel protocol opening a
 * `stream` channel with a pty), all three running `bash -l` as this machine's user, measured in the
 * same run:
 *   output throughput: `cat` of a 287 MB base64 file (target ≥ Cockpit's);
 *   keystroke echo p50/p99 over 2000 keystrokes (target p99 no worse than Cockpit's);
 *   memory per idle terminal: PSS (smaps_rollup) of the shell + the server's PSS delta (the agent
 *   and every process it runs besides the shells), over 10 terminals (target ≤ 0.7 MB); for context,
 *   a shell without profile and, when the machine has another local user, a terminal as that user.
 * Needs the Debian packages cockpit-ws and cockpit-bridge (Cockpit is skipped, and said so, without them).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import {
  commandName,
  descendants,
  freePort,
  median,
  mib,
  ORIGIN,
  percentile,
  pssKiB,
  sleep,
  startBundledAgent,
  type BenchAgent,
} from './agent-bench-support.js';

const run = promisify(execFile);
const COCKPIT_WS = '/usr/lib/cockpit/cockpit-ws';
const BASE64_BYTES = 287_000_000;
const KEYSTROKES = 2000;
/** Each way runs this many rounds (a cat and KEYSTROKES / ROUNDS keystrokes each), interleaved. */
const ROUNDS = 3;
const IDLE_TERMINALS = 10;
const HOME = os.homedir();
const SHELL = ['/bin/bash', '-l'];
/** The environment the agent gives its shells (direct-terminal.ts), for the other two as well. */
const ENVIRONMENT: Record<string, string> = {
  TERM: 'xterm-256color',
  COLORTERM: 'truecolor',
  LANG: 'C.UTF-8',
  PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  HOME,
  USER: os.userInfo().username,
  LOGNAME: os.userInfo().username,
  SHELL: SHELL[0]!,
};

/** One open terminal, whatever carries it: typed input in, output chunks out. */
interface Transport {
  send(text: string): void;
  onData(listener: (chunk: string) => void): void;
  /** The shell's pid when this side knows it. */
  shellPid?: number;
  close(): Promise<void>;
}

class Terminal {
  private tail = '';
  private lastDataAt = performance.now();
  private waiters: Array<{ test: (chunk: string, window: string) => boolean; resolve: () => void }> = [];
  received = 0;

  constructor(readonly transport: Transport) {
    transport.onData((chunk) => {
      this.received += chunk.length;
      this.lastDataAt = performance.now();
      const window = this.tail + chunk;
      this.tail = window.slice(-64);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test(chunk, window)) return true;
        waiter.resolve();
        return false;
      });
    });
  }

  waitFor(test: (chunk: string, window: string) => boolean, timeoutMs = 60_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the terminal did not answer in time')), timeoutMs);
      this.waiters.push({
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /** Waits until the first output (the prompt) has come and nothing else for `ms`. */
  async settle(ms = 300) {
    if (this.received === 0) await this.waitFor(() => true, 15_000);
    while (performance.now() - this.lastDataAt < ms) await sleep(ms / 3);
  }

  resetWindow() {
    this.tail = '';
  }
}

/** Seconds from typing `cat FILE` to the marker echoed after it (the marker's own echo differs). */
async function catThroughput(terminal: Terminal, file: string): Promise<number> {
  await terminal.settle();
  terminal.resetWindow();
  const done = terminal.waitFor((_chunk, window) => window.includes('__HD_END__'), 300_000);
  const startedAt = performance.now();
  terminal.transport.send(`cat ${file}; echo __HD_""END__\r`);
  await done;
  return (performance.now() - startedAt) / 1000;
}

/** Milliseconds from each keystroke to its echo; the line is cleared (Ctrl-U) every 50. */
async function keystrokeEcho(terminal: Terminal, count: number): Promise<number[]> {
  await terminal.settle();
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    if (index > 0 && index % 50 === 0) {
      terminal.transport.send('\x15');
      await terminal.settle(100);
    }
    const echoed = terminal.waitFor((chunk) => chunk.includes('x'), 5000);
    const startedAt = performance.now();
    terminal.transport.send('x');
    await echoed;
    times.push(performance.now() - startedAt);
  }
  terminal.transport.send('\x15');
  await terminal.settle(100);
  return times;
}

// --- the three ways to a shell.

async function openBarePty(args = SHELL.slice(1)): Promise<Transport> {
  const pty = await import('node-pty');
  const shell = pty.spawn(SHELL[0]!, args, {
    name: 'xterm-256color',
    cols: 80,
    rows: 24,
    cwd: HOME,
    env: ENVIRONMENT,
  });
  const exited = new Promise<void>((resolve) => shell.onExit(() => resolve()));
  return {
    shellPid: shell.pid,
    send: (text) => shell.write(text),
    onData: (listener) => void shell.onData(listener),
    async close() {
      shell.kill('SIGHUP');
      await Promise.race([exited, sleep(3000)]);
    },
  };
}

async function openAgentTerminal(agent: BenchAgent, user?: string): Promise<Transport> {
  const token = agent.token(['terminal'], {
    exp: Math.floor(Date.now() / 1000) + 50,
    ...(user ? { user } : {}),
  });
  const socket = new WebSocket(`${agent.url.replace('http', 'ws')}/direct?token=${token}`, {
    origin: ORIGIN,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    send: (text) => socket.send(text),
    onData: (listener) => socket.on('message', (data: Buffer) => listener(data.toString('utf8'))),
    async close() {
      socket.close();
      await Promise.race([closed, sleep(3000)]);
    },
  };
}

/**
 * Cockpit's protocol: text frames `CHANNEL\nPAYLOAD`, control messages on the empty channel as
 * JSON; the server says `init` first and waits for ours. One connection (one bridge), one channel
 * per terminal, as Cockpit's own terminal page does it.
 */
async function connectCockpit(port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/cockpit/socket`, ['cockpit1'], {
    origin: `http://127.0.0.1:${port}`,
  });
  const channels = new Map<string, (chunk: string) => void>();
  const controls: Array<(message: Record<string, unknown>) => void> = [];
  const initialized = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      const newline = text.indexOf('\n');
      const channel = text.slice(0, newline);
      if (channel) return channels.get(channel)?.(text.slice(newline + 1));
      const message = JSON.parse(text.slice(newline + 1)) as Record<string, unknown>;
      if (message.command === 'init') {
        socket.send(`\n${JSON.stringify({ command: 'init', version: 1, host: 'localhost' })}`);
        resolve();
      }
      for (const listener of controls) listener(message);
    });
  });
  await initialized;
  const control = (command: string, channel: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const listener = (message: Record<string, unknown>) => {
        if (message.channel !== channel || message.command !== command) return;
        controls.splice(controls.indexOf(listener), 1);
        resolve(message);
      };
      controls.push(listener);
    });
  let next = 0;
  return {
    async open(): Promise<Transport> {
      const channel = `t${(next += 1)}`;
      const listeners: Array<(chunk: string) => void> = [];
      channels.set(channel, (chunk) => listeners.forEach((listener) => listener(chunk)));
      const ready = control('ready', channel);
      socket.send(
        `\n${JSON.stringify({
          command: 'open',
          channel,
          payload: 'stream',
          spawn: SHELL,
          pty: true,
          directory: HOME,
          environ: Object.entries(ENVIRONMENT).map(([key, value]) => `${key}=${value}`),
          window: { rows: 24, cols: 80 },
        })}`,
      );
      await ready;
      return {
        send: (text) => socket.send(`${channel}\n${text}`),
        onData: (listener) => listeners.push(listener),
        async close() {
          const closed = control('close', channel);
          socket.send(`\n${JSON.stringify({ command: 'close', channel })}`);
          await Promise.race([closed, sleep(3000)]);
          channels.delete(channel);
        },
      };
    },
    async close() {
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.close();
      await Promise.race([closed, sleep(3000)]);
    },
  };
}

async function startCockpit() {
  const port = await freePort();
  const child = spawn(
    COCKPIT_WS,
    ['--no-tls', '--local-session=cockpit-bridge', '--port', String(port), '--address', '127.0.0.1'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr!.on('data', () => {});
  for (let attempt = 0; ; attempt += 1) {
    const up = await run('curl', ['-s', '-o', '/dev/null', `http://127.0.0.1:${port}/`]).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (attempt > 50) throw new Error('cockpit-ws did not start');
    await sleep(100);
  }
  return {
    port,
    pid: child.pid!,
    async stop() {
      const left = descendants(child.pid!);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(3000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      // Its bridge and shells, by the ids seen before it went.
      for (const pid of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
  };
}

// --- measurements, per way.

interface IdleMemory {
  perTerminalKiB: number;
  shellKiB: number;
  serverDeltaKiB: number;
  /** The server processes' total PSS before and after opening the terminals. */
  servers: string;
}

interface Figures {
  mbPerSecond: number;
  p50: number;
  p99: number;
  perTerminalKiB: number;
  detail: string;
}

/**
 * Opens IDLE_TERMINALS terminals, lets them settle, and charges each its shell's PSS plus its share
 * of the server's growth (`serverPids()` before and after).
 */
async function idleMemory(
  open: () => Promise<Transport>,
  serverPids: () => number[],
  shellPidsOf: (opened: Transport[]) => number[],
): Promise<IdleMemory> {
  await sleep(1000);
  const shellsBefore = new Set(shellPidsOf([]));
  const serverBefore = serverPids().reduce((sum, pid) => sum + pssKiB(pid), 0);
  const opened: Transport[] = [];
  for (let index = 0; index < IDLE_TERMINALS; index += 1) {
    const transport = await open();
    opened.push(transport);
    await new Terminal(transport).settle(200);
  }
  await sleep(1500);
  const shells = shellPidsOf(opened).filter((pid) => !shellsBefore.has(pid));
  if (shells.length < IDLE_TERMINALS) throw new Error(`found ${shells.length} shells`);
  const shellKiB = shells.reduce((sum, pid) => sum + pssKiB(pid), 0) / IDLE_TERMINALS;
  const serverAfter = serverPids().reduce((sum, pid) => sum + pssKiB(pid), 0);
  const serverDeltaKiB = (serverAfter - serverBefore) / IDLE_TERMINALS;
  for (const transport of opened) await transport.close();
  const servers = `${(serverBefore / 1024).toFixed(1)} → ${(serverAfter / 1024).toFixed(1)} MB`;
  return { perTerminalKiB: shellKiB + Math.max(0, serverDeltaKiB), shellKiB, serverDeltaKiB, servers };
}

interface Way {
  name: string;
  open: () => Promise<Transport>;
  memory: () => Promise<IdleMemory>;
  seconds: number[];
  echoes: number[];
}

/** One round on one way: a fresh terminal, the cat, then KEYSTROKES / ROUNDS keystrokes. */
async function measureRound(way: Way, file: string) {
  const transport = await way.open();
  const terminal = new Terminal(transport);
  // BENCH_SKIP_CAT=1: keystrokes only (a diagnosis of the echo; the output figures are then empty).
  if (!process.env.BENCH_SKIP_CAT) way.seconds.push(await catThroughput(terminal, file));
  const echoStartedAt = performance.now();
  const echoes = await keystrokeEcho(terminal, Math.round(KEYSTROKES / ROUNDS));
  if (process.env.BENCH_ECHO_TRACE) {
    const slow = echoes.map((ms, index) => [index, ms] as const).filter(([, ms]) => ms > 0.8);
    console.log(
      `    ${way.name}: echoes from ${echoStartedAt.toFixed(0)} to ${performance.now().toFixed(0)} ms, slow ` +
        slow.map(([i, ms]) => `${i}:${ms.toFixed(2)}`).join(' '),
    );
  }
  way.echoes.push(...echoes);
  await transport.close();
}

/** The figures of a way after every round: the median cat, echo percentiles over all keystrokes. */
async function figuresOf(way: Way): Promise<Figures> {
  const idle = await way.memory();
  const seconds = median(way.seconds);
  const figures = {
    mbPerSecond: BASE64_BYTES / 1e6 / seconds,
    p50: median(way.echoes),
    p99: percentile(way.echoes, 0.99),
    perTerminalKiB: idle.perTerminalKiB,
    detail:
      `shell ${(idle.shellKiB / 1024).toFixed(2)} MB + server ${(idle.serverDeltaKiB / 1024).toFixed(2)} MB;` +
      ` server total ${idle.servers}`,
  };
  if (process.env.BENCH_ECHO_TRACE) {
    const at = [0.5, 0.75, 0.9, 0.95, 0.98, 0.99, 0.995];
    console.log(
      `    ${way.name}: echo ${at.map((q) => `p${q * 100} ${percentile(way.echoes, q).toFixed(2)}`).join(', ')} ms`,
    );
  }
  console.log(
    `  ${way.name}: cat ${figures.mbPerSecond.toFixed(0)} MB/s (median of ${way.seconds.map((value) => value.toFixed(1)).join(', ')} s), echo p50 ` +
      `${figures.p50.toFixed(2)} ms p99 ${figures.p99.toFixed(2)} ms, idle terminal ` +
      `${(figures.perTerminalKiB / 1024).toFixed(2)} MB PSS (${figures.detail})`,
  );
  return figures;
}

/** A local account other than this one with a bash login shell and a home, if the machine has one. */
function siteLikeUser(): string | null {
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [name, , uid, , , home, shell] = line.split(':');
    if (!name || name === os.userInfo().username || Number(uid) < 1000 || Number(uid) >= 60000) continue;
    if (shell === '/bin/bash' && home && existsSync(home)) return name;
  }
  return null;
}

/**
 * Context for the idle-terminal figure (not the target's figure): what the shell alone costs
 * without any profile (the user's profile is part of a login shell's cost), and what a terminal as
 * another user costs (the agent runs as root; runuser --login stays as the shell's parent for the
 * PAM session).
 */
async function describeIdleMemory(
  agent: BenchAgent,
  agentServer: () => number[],
  agentShells: () => number[],
) {
  const megabytes = (kib: number) => `${(kib / 1024).toFixed(2)} MB`;
  const plain = await idleMemory(
    () => openBarePty(['--noprofile', '--norc']),
    () => [],
    (opened) => opened.map((transport) => transport.shellPid!),
  );
  console.log(
    `  (context: bare node-pty, bash --noprofile --norc: ${megabytes(plain.shellKiB)} PSS per shell)`,
  );
  if (process.getuid?.() !== 0) return;
  const user = siteLikeUser();
  if (!user) {
    console.log(
      '  (context: no other local user with a bash login shell: a terminal as another user NOT measured)',
    );
    return;
  }
  const other = await idleMemory(() => openAgentTerminal(agent, user), agentServer, agentShells);
  console.log(
    `  (context: agent terminal as another user, ${user}, through runuser --login: ${megabytes(other.perTerminalKiB)} ` +
      `PSS per terminal = shell ${megabytes(other.shellKiB)} + runuser and agent ${megabytes(other.serverDeltaKiB)})`,
  );
}

const work = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-bench-terminal-'));
const agent = await startBundledAgent(work);
let cockpit: Awaited<ReturnType<typeof startCockpit>> | null = null;
try {
  const file = path.join(work, 'output.b64');
  // 76-column base64 (77 bytes a line) of random bytes: BASE64_BYTES of text.
  await run('sh', [
    '-c',
    'head -c "$1" /dev/urandom | base64 > "$2"',
    'sh',
    String(Math.round((BASE64_BYTES / 77) * 57)),
    file,
  ]);
  console.log(`base64 file: ${mib(statSync(file).size).toFixed(0)} MiB (${statSync(file).size} bytes)`);

  const agentShells = () => descendants(agent.pid).filter((pid) => commandName(pid) === 'bash');
  // Everything else the agent runs is charged to the terminals as the server's growth: a helper
  // process per terminal (runuser for another user) counts as much as the agent's own memory.
  const agentServer = () => [
    agent.pid,
    ...descendants(agent.pid).filter((pid) => commandName(pid) !== 'bash'),
  ];
  const way = (name: string, open: Way['open'], memory: Way['memory']): Way => ({
    name,
    open,
    memory,
    seconds: [],
    echoes: [],
  });
  const bareWay = way('bare node-pty (this process)', openBarePty, () =>
    // The floor: the shells alone (this process's own growth is the benchmark's, not a server's).
    idleMemory(
      openBarePty,
      () => [],
      (opened) => opened.map((transport) => transport.shellPid!),
    ),
  );
  const directWay = way(
    'agent /direct websocket',
    () => openAgentTerminal(agent),
    () => idleMemory(() => openAgentTerminal(agent), agentServer, agentShells),
  );
  const ways = [bareWay, directWay];
  let session: Awaited<ReturnType<typeof connectCockpit>> | null = null;
  let cockpitWay: Way | null = null;
  if (existsSync(COCKPIT_WS) && existsSync('/usr/bin/cockpit-bridge')) {
    cockpit = await startCockpit();
    const opened = await connectCockpit(cockpit.port);
    session = opened;
    const cockpitPids = () => [
      cockpit!.pid,
      ...descendants(cockpit!.pid).filter((pid) => commandName(pid) !== 'bash'),
    ];
    const cockpitShells = () => descendants(cockpit!.pid).filter((pid) => commandName(pid) === 'bash');
    cockpitWay = way(
      'cockpit-ws + cockpit-bridge',
      () => opened.open(),
      () => idleMemory(() => opened.open(), cockpitPids, cockpitShells),
    );
    ways.push(cockpitWay);
  } else {
    console.log('  Cockpit NOT measured: cockpit-ws / cockpit-bridge are not installed');
  }
  // Rounds interleave the ways, each round in another order, so a slow moment of this shared
  // machine lands on all of them alike rather than on whichever ran then.
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let index = 0; index < ways.length; index += 1)
      await measureRound(ways[(index + round) % ways.length]!, file);
  }
  const bare = await figuresOf(bareWay);
  const direct = await figuresOf(directWay);
  await describeIdleMemory(agent, agentServer, agentShells);
  const viaCockpit: Figures | null = cockpitWay ? await figuresOf(cockpitWay) : null;
  await session?.close();

  const line = (label: string, figure: string, versus: Array<[string, string, number]>, target: string) =>
    console.log(
      `${label}: agent ${figure} | ${versus.map(([name, value, ratio]) => `${name} ${value} (ratio ${ratio.toFixed(2)}x)`).join(' | ')} | target ${target}`,
    );
  const others = (pick: (figures: Figures) => number, format: (value: number) => string) =>
    [['bare pty', bare] as const, ...(viaCockpit ? [['cockpit', viaCockpit] as const] : [])].map(
      ([name, figures]): [string, string, number] => [
        name,
        format(pick(figures)),
        pick(direct) / pick(figures),
      ],
    );
  line(
    `terminal output (cat of ${BASE64_BYTES / 1e6} MB base64)`,
    `${direct.mbPerSecond.toFixed(0)} MB/s`,
    others(
      (figures) => figures.mbPerSecond,
      (value) => `${value.toFixed(0)} MB/s`,
    ),
    '≥ Cockpit (ratio ≥ 1.00x vs cockpit)',
  );
  line(
    `keystroke echo p50 (${KEYSTROKES} keystrokes)`,
    `${direct.p50.toFixed(2)} ms`,
    others(
      (figures) => figures.p50,
      (value) => `${value.toFixed(2)} ms`,
    ),
    'read with p99',
  );
  line(
    `keystroke echo p99 (${KEYSTROKES} keystrokes)`,
    `${direct.p99.toFixed(2)} ms`,
    others(
      (figures) => figures.p99,
      (value) => `${value.toFixed(2)} ms`,
    ),
    'no worse than Cockpit (ratio ≤ 1.00x vs cockpit)',
  );
  line(
    `memory per idle terminal (PSS, ${IDLE_TERMINALS} terminals)`,
    `${(direct.perTerminalKiB / 1024).toFixed(2)} MB`,
    others(
      (figures) => figures.perTerminalKiB,
      (value) => `${(value / 1024).toFixed(2)} MB`,
    ),
    '≤ 0.7 MB',
  );
} finally {
  await cockpit?.stop();
  await agent.stop();
  rmSync(work, { recursive: true, force: true });
}
