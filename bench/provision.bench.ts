/**
 * Provisioning time: the `server-provision` recipe (nginx, PHP 8.2, MariaDB), every step built by
 * the production builder and run over SSH as the job runner does, against a baseline on the same
 * test server after a reset, in the same run: one `apt-get install` of exactly the packages the
 * recipe installed (read from its `installed …` lines) plus the same configuration, enable and
 * start commands. Target: provisioning ≤ 1.15× the baseline. Also prints the re-run on a
 * provisioned server (nothing to do). The package cache (apt-cacher-ng) is shared by the machine:
 * the first provisioning run of the bench is reported as "first", the later ones as warm.
 * Bounded: two provisioning runs and two baselines.
 */
import { buildStepInvocation, parseStepLogLine, serverProvision } from '@hostdeck/recipes';
import {
  bootTestServer,
  resetTestServer,
  stopTestServer,
  type TestServer,
} from '../tools/test-server/index.js';
import { createSshExecutor, type RemoteSession } from '@hostdeck/api/remote/remote-executor.js';

const NAME = 'provb';
const INPUT = { web_server: 'nginx', php_versions: ['8.2'], database: 'mariadb', timezone: 'UTC' };
const executor = createSshExecutor();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function connect(server: TestServer): Promise<RemoteSession> {
  return executor.connect({
    host: server.address,
    port: server.port,
    username: 'root',
    auth: { kind: 'password', password: server.password },
    knownHostKey: null,
  });
}

interface ProvisionRun {
  totalMs: number;
  steps: { id: string; ms: number }[];
  installed: string[];
  changes: number;
}

/** Connect, then every step in order on one session; throws on a failed step. */
async function provision(server: TestServer): Promise<ProvisionRun> {
  const begin = performance.now();
  const session = await connect(server);
  const steps: ProvisionRun['steps'] = [];
  const installed: string[] = [];
  let changes = 0;
  try {
    for (const step of serverProvision.steps) {
      const invocation = buildStepInvocation(serverProvision, step.id, INPUT);
      let output = '';
      const stepBegin = performance.now();
      const result = await session.run({
        command: invocation.command,
        stdin: invocation.stdin,
        onStdout: (text) => (output += text),
        onStderr: (text) => (output += text),
        totalTimeoutMs: step.timeoutMs,
      });
      steps.push({ id: step.id, ms: performance.now() - stepBegin });
      if (result.exitCode !== 0) throw new Error(`step ${step.id} failed (${result.exitCode}):\n${output}`);
      for (const line of output.split('\n')) {
        const parsed = parseStepLogLine(line);
        if (parsed?.level !== 'change') continue;
        changes += 1;
        const match = /^installed (.+)$/.exec(parsed.message);
        if (match) installed.push(...match[1]!.split(' '));
      }
    }
  } finally {
    await session.close();
  }
  return { totalMs: performance.now() - begin, steps, installed, changes };
}

/** The same work by hand: one apt-get install, then the same configuration, enable and start. */
function baselineScript(packages: string[]): string {
  const phases: [string, string][] = [
    ['apt-update', 'apt-get update -q'],
    ['apt-install', `apt-get install -y -q --no-install-recommends ${packages.join(' ')}`],
    [
      'configure',
      [
        'timedatectl set-timezone UTC',
        'useradd --create-home --shell /bin/bash --user-group hostdeck',
        'ufw allow 22/tcp && ufw allow 80/tcp && ufw allow 443/tcp && ufw --force enable',
        "printf '[DEFAULT]\\nbackend = systemd\\n[sshd]\\nenabled = true\\n' >/etc/fail2ban/jail.local",
        'systemctl restart fail2ban',
        'nginx -t -q && systemctl reload nginx',
        'systemctl enable --now nginx php8.2-fpm mariadb fail2ban unattended-upgrades cron',
        'fail2ban-client status sshd >/dev/null || { sleep 1; fail2ban-client status sshd >/dev/null; }',
        'curl -fsS -o /dev/null http://127.0.0.1/',
      ].join('\n'),
    ],
  ];
  return [
    'set -euo pipefail',
    'export DEBIAN_FRONTEND=noninteractive',
    ...phases.map(
      ([name, commands]) =>
        `begin=$(date +%s%N)\n${commands}\necho "::phase ${name} $(( ($(date +%s%N) - begin) / 1000000 ))"`,
    ),
  ].join('\n');
}

const baselinePhases: string[] = [];

async function baseline(server: TestServer, packages: string[]): Promise<number> {
  const begin = performance.now();
  const session = await connect(server);
  let output = '';
  try {
    const result = await session.run({
      command: 'bash -s',
      stdin: baselineScript(packages),
      onStdout: (text) => (output += text),
      onStderr: (text) => (output += text),
      totalTimeoutMs: 30 * 60_000,
    });
    if (result.exitCode !== 0) throw new Error(`the baseline failed (${result.exitCode}):\n${output}`);
    const phases = [...output.matchAll(/^::phase (\S+) (\d+)$/gm)].map(
      ([, name, ms]) => `${name} ${seconds(Number(ms))}`,
    );
    baselinePhases.push(phases.join(', '));
  } finally {
    await session.close();
  }
  return performance.now() - begin;
}

await bootTestServer(NAME);
let server = await resetTestServer(NAME);

const first = await provision(server);
const rerunBegin = performance.now();
const rerun = await provision(server);
const rerunMs = performance.now() - rerunBegin;
const packages = [...new Set(first.installed)].sort();
console.log(`package set (${packages.length}): ${packages.join(' ')}`);

server = await resetTestServer(NAME);
const baselines = [await baseline(server, packages)];
server = await resetTestServer(NAME);
const warm = await provision(server);
server = await resetTestServer(NAME);
baselines.push(await baseline(server, packages));
await stopTestServer(NAME);

const bestBaseline = Math.min(...baselines);
console.log(`per step (warm run): ${warm.steps.map((step) => `${step.id} ${seconds(step.ms)}`).join(', ')}`);
console.log(
  `provisioning, first run after reset: ${seconds(first.totalMs)} (${first.changes} changes), ` +
    `ratio ${(first.totalMs / baselines[0]!).toFixed(2)}x against the first baseline`,
);
console.log(`provisioning, warm: ${seconds(warm.totalMs)} (${warm.changes} changes)`);
console.log(`baseline apt-get install + enable/start: ${baselines.map(seconds).join(', ')}`);
console.log(`baseline phases: ${baselinePhases.join(' | ')}`);
console.log(
  `warm ratio: ${(warm.totalMs / baselines[1]!).toFixed(2)}x against the baseline run right after it, ` +
    `${(warm.totalMs / bestBaseline).toFixed(2)}x against the best baseline (target ≤ 1.15x)`,
);
console.log(`re-run on the provisioned server: ${seconds(rerunMs)} (${rerun.changes} changes)`);
