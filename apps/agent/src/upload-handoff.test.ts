import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireOrSkip } from '../../../tools/testing/require-or-skip.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { startFilesTestAgent } from './testing/agent-test-support.js';

// Uploads run as root are parsed by the main process and written into a temp file the worker made.
const asRoot = requireOrSkip(process.getuid?.() === 0, 'the upload hand-off runs as root');
const MAX_UPLOAD = 8 * 2 ** 20;
let test: Awaited<ReturnType<typeof startFilesTestAgent>>;
let folder: string;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-upload-handoff-'));
  test = await startFilesTestAgent({ maxUploadBytes: MAX_UPLOAD });
});
afterAll(async () => {
  await test?.agent.close();
  rmSync(folder, { recursive: true, force: true });
});

function upload(parts: Array<[string, string | Blob, string?]>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename);
  }
  return fetch(`${test.url}/files/upload`, {
    method: 'POST',
    body: form,
    headers: { 'X-HostDeck': test.token({ root: folder }), ...headers },
  });
}

/**
 * An upload written by hand: the multipart head is sent, then the caller writes `size` bytes of
 * the file and `tail` (the closing boundary), or stops. `answer` is the agent's status and body.
 */
function startRawUpload(filename: string, size: number) {
  const boundary = 'hostdeck-test-boundary';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n${folder}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(`${test.url}/files/upload`, {
    method: 'POST',
    headers: {
      'X-HostDeck': test.token({ root: folder }),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + tail.length),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  answer.catch(() => undefined);
  request.write(head);
  return { request, tail, answer };
}

/** The name of the first temp file of a write in progress in the folder, once there is one. */
async function tempFileAppears(): Promise<string | undefined> {
  for (let tries = 0; tries < 50 && leftovers(['sub']).length === 0; tries += 1) await sleep(20);
  return leftovers(['sub'])[0];
}

/** The agent's workers: children of this process (the agent runs in it) started with --worker. */
function rootWorkers(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^[0-9]+$/.test(entry))
    .filter((entry) => {
      try {
        const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        return parent === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('--worker');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whatever is in the folder besides `keep`, temp files of a write in progress included. */
const leftovers = (keep: string[] = []) => readdirSync(folder).filter((name) => !keep.includes(name));

describe.runIf(asRoot)('uploads handed off to the main process', () => {
  it('writes the whole file through the worker-made temp file, and answers its item', async () => {
    const content = randomBytes(5 * 2 ** 20 + 321);
    const answer = await upload([
      ['path', folder],
      ['name', 'sub/big.bin'],
      ['file', new Blob([content]), 'ignored.bin'],
    ]);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { file: { name: string; size: number } };
    expect(body.file).toMatchObject({ name: 'big.bin', size: content.length });
    expect(sha(readFileSync(path.join(folder, 'sub/big.bin')))).toBe(sha(content));
    expect(readdirSync(path.join(folder, 'sub'))).toEqual(['big.bin']);
    expect(statSync(path.join(folder, 'sub/big.bin')).mode & 0o777).toBe(0o644);
  });

  it("relays the worker's refusals: fields after the file, a path outside the root", async () => {
    const late = await upload([
      ['file', new Blob(['late']), 'late.txt'],
      ['path', folder],
    ]);
    expect(late.status).toBe(422);
    expect(((await late.json()) as { message: string }).message).toMatch(/before the file/i);
    const passwd = readFileSync('/etc/passwd');
    // A path that climbs is refused by its grammar (400), one outside the root by confinement (403).
    const climbing = await upload([
      ['path', '/../../etc'],
      ['file', new Blob(['x']), 'passwd'],
    ]);
    expect(climbing.status).toBe(400);
    const outside = await upload([
      ['path', '/etc'],
      ['file', new Blob(['x']), 'passwd'],
    ]);
    expect(outside.status).toBe(403);
    expect(readFileSync('/etc/passwd')).toEqual(passwd);
    expect(readdirSync('/etc').filter((name) => name.endsWith('.hdtmp'))).toEqual([]);
    expect(leftovers(['sub'])).toEqual([]);
  });

  it('refuses a file over the limit with 413 and leaves no temp file', async () => {
    const answer = await upload([
      ['path', folder],
      ['file', new Blob([randomBytes(MAX_UPLOAD + 4096)]), 'huge.bin'],
    ]);
    expect(answer.status).toBe(413);
    await sleep(200);
    expect(leftovers(['sub'])).toEqual([]);
  });

  it('leaves nothing when the client goes away mid-upload', async () => {
    const upload = startRawUpload('cut.bin', 4 * 2 ** 20);
    upload.request.on('error', () => undefined);
    upload.request.write(randomBytes(2 ** 20));
    // The temp file exists while the upload runs, then goes with the client.
    expect(await tempFileAppears()).toMatch(/^\.cut\.bin\.[0-9a-f]{12}\.hdtmp$/);
    upload.request.destroy();
    for (let tries = 0; tries < 100 && leftovers(['sub']).length > 0; tries += 1) await sleep(20);
    expect(leftovers(['sub'])).toEqual([]);
  });

  it('answers 502 with a catalogued message when the worker dies mid-upload, and starts a new one', async () => {
    const size = 4 * 2 ** 20;
    const upload = startRawUpload('lost.bin', size);
    upload.request.write(randomBytes(2 ** 20));
    const temp = await tempFileAppears();
    const workers = rootWorkers();
    expect(workers).toHaveLength(1);
    process.kill(workers[0]!, 'SIGKILL');
    upload.request.end(Buffer.concat([randomBytes(size - 2 ** 20), upload.tail]));
    const answer = await upload.answer;
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toEqual({ message: FILE_MESSAGES.serviceUnavailable });
    expect(leftovers(['sub'])).not.toContain('lost.bin');
    // Killed, the worker could not remove its temp file: a hidden .hdtmp, which archives skip.
    rmSync(path.join(folder, temp as string));
  });

  it('ignores a hand-off header sent by the client', async () => {
    const answer = await upload(
      [
        ['path', folder],
        ['file', new Blob(['hello']), 'hello.txt'],
      ],
      { 'x-hostdeck-handoff': 'upload' },
    );
    expect(answer.status).toBe(200);
    expect(readFileSync(path.join(folder, 'hello.txt'), 'utf8')).toBe('hello');
  });
});
