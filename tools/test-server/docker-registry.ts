// Test support (used by no production code): a local Docker registry on the host for test servers,
// which reach only the host. Debian's `docker-registry` (distribution 2.8) serves over plain HTTP
// on 0.0.0.0 from a temporary folder; `skopeo` pushes `docker save` archives into it (such as
// tools/testing/docker-image-tarball.ts builds). Servers pull from it once their Docker lists it
// in `insecure-registries` (enableDockerContainers in ./docker-containers.ts).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from './index.js';
import { hostEndAddress } from './npm-mirror.js';

const run = promisify(execFile);

export interface DockerRegistry {
  port: number;
  /** `host:port` of the registry as test server `server` reaches it (the host end of its /30). */
  hostFor(server: TestServer): string;
  /** Pushes a `docker save` archive as `name:tag` (e.g. `hostdeck/app:1`). */
  push(archive: Buffer, reference: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the registry on `port` (tests pick theirs: HOSTDECK_DOCKER_REGISTRY_PORT or the one given). */
export async function startDockerRegistry(defaultPort: number): Promise<DockerRegistry> {
  const port = Number(process.env.HOSTDECK_DOCKER_REGISTRY_PORT ?? defaultPort);
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-docker-registry-'));
  const config = path.join(directory, 'config.yml');
  writeFileSync(
    config,
    [
      'version: 0.1',
      'log: { level: warn }',
      'storage:',
      '  filesystem:',
      `    rootdirectory: ${JSON.stringify(path.join(directory, 'storage'))}`,
      '  delete: { enabled: true }',
      'http:',
      `  addr: 0.0.0.0:${port}`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('docker-registry', ['serve', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`docker-registry exited (${child.exitCode}):\n${output}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/v2/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`docker-registry did not answer on :${port} within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const push = async (archive: Buffer, reference: string) => {
    const file = path.join(directory, `push-${Date.now()}.tar`);
    writeFileSync(file, archive);
    try {
      await run('skopeo', [
        'copy',
        '--quiet',
        '--dest-tls-verify=false',
        `docker-archive:${file}`,
        `docker://127.0.0.1:${port}/${reference}`,
      ]);
    } finally {
      rmSync(file, { force: true });
    }
  };
  return { port, hostFor: (server) => `${hostEndAddress(server)}:${port}`, push, stop };
}
