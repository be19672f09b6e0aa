// Test support (used by no production code): a local npm registry for test servers, which reach
// only the host. Verdaccio (installed at the repository root) proxies registry.npmjs.org, which
// the host reaches, and keeps what it fetched in a cache shared by the runs of this machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from './index.js';

export interface NpmMirror {
  /** The registry's URL as test server `server` reaches it (the host end of its /30). */
  urlFor(server: TestServer): string;
  port: number;
  stop(): Promise<void>;
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stateHome = process.env.HOSTDECK_TEST_SERVER_HOME ?? '/var/lib/hostdeck-test-servers';

/** The host end of a test server's /30: its address minus one (test-server.sh: .1 host, .2 server). */
export function hostEndAddress(server: Pick<TestServer, 'address'>): string {
  const parts = server.address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part))) {
    throw new Error(`not an IPv4 address: ${server.address}`);
  }
  parts[3] = parts[3]! - 1;
  return parts.join('.');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '0.0.0.0', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts verdaccio on 0.0.0.0 (a free port, or $HOSTDECK_NPM_MIRROR_PORT), proxying registry.npmjs.org, and waits until it
 * answers. Its cache is `$HOSTDECK_TEST_SERVER_HOME/npm-mirror` (packages fetched once per machine).
 */
export async function startNpmMirror(): Promise<NpmMirror> {
  // HOSTDECK_NPM_MIRROR_PORT fixes the port (a firewall rule, a second mirror beside another run).
  const port = process.env.HOSTDECK_NPM_MIRROR_PORT
    ? Number(process.env.HOSTDECK_NPM_MIRROR_PORT)
    : await freePort();
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-npm-mirror-'));
  const storage = path.join(stateHome, 'npm-mirror');
  mkdirSync(storage, { recursive: true });
  const config = path.join(directory, 'config.yaml');
  writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(storage)}`,
      'uplinks:',
      '  npmjs:',
      '    url: https://registry.npmjs.org/',
      '    timeout: 60s',
      '    maxage: 30m',
      'packages:',
      "  '@*/*':",
      '    access: $all',
      '    publish: $authenticated',
      '    proxy: npmjs',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      '    proxy: npmjs',
      'auth:',
      '  htpasswd:',
      `    file: ${JSON.stringify(path.join(directory, 'htpasswd'))}`,
      '    max_users: -1',
      'log: { type: stdout, format: pretty, level: warn }',
      'server:',
      '  keepAliveTimeout: 60',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    path.join(repositoryRoot, 'node_modules/.bin/verdaccio'),
    ['--config', config, '--listen', `0.0.0.0:${port}`],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(directory, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`verdaccio exited (${child.exitCode}):\n${output}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/-/ping`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`verdaccio did not answer on :${port} within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, urlFor: (server) => `http://${hostEndAddress(server)}:${port}/`, stop };
}
