import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the built panel (dist/main.js) as its own process, as `npm start` runs it. */
export async function startPanelProcess(env: Record<string, string>) {
  const main = path.join(apiRoot, 'dist/main.js');
  if (!existsSync(main)) {
    await new Promise<void>((resolve, reject) =>
      spawn('node', ['build.mjs'], { cwd: apiRoot, stdio: 'inherit' }).once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error('panel build failed')),
      ),
    );
  }
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child: ChildProcess = spawn('node', [main], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`panel exited early:\n${output}`);
      return fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
    },
    { timeoutMs: 60_000, what: 'the panel process to answer' },
  );
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    kill: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
