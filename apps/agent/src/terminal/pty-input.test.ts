import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type IPty } from 'node-pty';
import { afterEach, describe, expect, it } from 'vitest';
import { createPtyInput } from './pty-input.js';

/** A real pty running `program`; its output collected as bytes. */
function openPty(program: string[]) {
  const terminal: IPty = spawn(program[0]!, program.slice(1), {
    name: 'xterm-256color',
    cols: 80,
    rows: 24,
    encoding: null,
    env: { PATH: '/usr/bin:/bin', TERM: 'xterm-256color' },
  });
  const chunks: Buffer[] = [];
  terminal.onData((data: string | Buffer) => chunks.push(Buffer.from(data)));
  const exited = new Promise<number>((resolve) => terminal.onExit(({ exitCode }) => resolve(exitCode)));
  return { terminal, exited, output: () => Buffer.concat(chunks).toString('utf8') };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const opened: IPty[] = [];
afterEach(() => {
  for (const terminal of opened.splice(0)) {
    try {
      terminal.kill();
    } catch {
      // Already gone.
    }
  }
});

describe('createPtyInput', () => {
  it('types into the shell: the echo and the command both come back', async () => {
    const pty = openPty(['/bin/sh']);
    opened.push(pty.terminal);
    const type = createPtyInput(pty.terminal);
    type('echo typed$((6*7))\r');
    await waitFor(() => pty.output().includes('typed42'), 'the command output');
  });

  it('keeps the order of a paste far larger than the pty buffer, while the program reads slowly', async () => {
    // `head -c` reads exactly what was sent; sha256sum of it must be the paste's. Raw mode: no
    // line editing, no echo, so every byte reaches the program as typed.
    const pty = openPty(['/bin/sh', '-c', 'stty raw -echo; head -c 2000000 | sha256sum']);
    opened.push(pty.terminal);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const type = createPtyInput(pty.terminal);
    let paste = '';
    for (let index = 0; index < 20_000; index += 1)
      paste += `${String(index).padStart(9, '0')}\n`.slice(0, 10);
    paste = paste.repeat(10).slice(0, 2_000_000);
    // Many pieces, as keystrokes and pastes arrive: they must leave in order.
    for (let offset = 0; offset < paste.length; offset += 65_536) type(paste.slice(offset, offset + 65_536));
    const expected = createHash('sha256').update(paste).digest('hex');
    await waitFor(() => pty.output().includes(expected), 'the checksum of the paste', 30_000);
  });

  it('never writes to the descriptor once the program is gone, though the number is reused', async () => {
    const pty = openPty(['/bin/sh', '-c', 'sleep 0.3']);
    opened.push(pty.terminal);
    const type = createPtyInput(pty.terminal);
    const ptyFd = (pty.terminal as unknown as { fd: number }).fd;
    await pty.exited;
    // The closed pty's number goes to the next file opened: exactly the file a stale write would hit.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'pty-input-'));
    const victim = path.join(folder, 'victim');
    const fd = openSync(victim, 'w');
    try {
      expect(fd).toBe(ptyFd);
      type('too late\r');
      expect(readFileSync(victim, 'utf8')).toBe('');
    } finally {
      closeSync(fd);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
