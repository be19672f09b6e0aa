import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireOrSkip } from '../../../tools/testing/require-or-skip.js';
import { startFilesTestAgent } from './testing/agent-test-support.js';

// Downloads run as root go through a worker that opens the file and hands its descriptor back.
const asRoot = requireOrSkip(process.getuid?.() === 0, 'the download hand-off runs as root');
let test: Awaited<ReturnType<typeof startFilesTestAgent>>;
let folder: string;
const content = randomBytes(5 * 2 ** 20 + 123);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-handoff-'));
  writeFileSync(path.join(folder, 'big.bin'), content);
  test = await startFilesTestAgent();
});
afterAll(async () => {
  await test?.agent.close();
  rmSync(folder, { recursive: true, force: true });
});

const download = (file: string, headers: Record<string, string> = {}) =>
  fetch(`${test.url}/files/download?${new URLSearchParams({ path: file, root: folder })}`, {
    headers: { 'X-HostDeck': test.token({ root: folder }), ...headers },
  });

describe.runIf(asRoot)('downloads handed off by the worker', () => {
  it('sends the whole file, a range, and refuses what is missing or outside', async () => {
    const whole = await download(path.join(folder, 'big.bin'));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toContain('big.bin');
    expect(whole.headers.get('x-hostdeck-handoff')).toBeNull();
    expect(sha(new Uint8Array(await whole.arrayBuffer()))).toBe(sha(content));
    const part = await download(path.join(folder, 'big.bin'), { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(content.subarray(10, 20));
    expect((await download(path.join(folder, 'missing.bin'))).status).toBe(404);
    expect((await download('/etc/hostname')).status).toBe(403);
  });

  it('ignores a hand-off header sent by the client', async () => {
    const answer = await download(path.join(folder, 'big.bin'), { 'x-hostdeck-handoff': '1' });
    expect(answer.status).toBe(200);
    expect((await answer.arrayBuffer()).byteLength).toBe(content.length);
  });
});
