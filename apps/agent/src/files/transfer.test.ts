import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { DEFAULT_FILE_API_OPTIONS } from './options.js';
import { startFileServer, type FileTestServer } from './testing/file-server.js';

const MiB = 1024 * 1024;

let server: FileTestServer;
afterEach(async () => {
  await server.close();
});

/** Writes `size` random bytes to `file` in 1 MiB pieces; answers their sha256. */
async function makeRandomFile(file: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  for (let written = 0; written < size; written += MiB) {
    const chunk = randomBytes(Math.min(MiB, size - written));
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return hash.digest('hex');
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A multipart upload streamed from a file (path and root first), without holding it in memory. */
function streamUpload(
  url: string,
  fields: Record<string, string>,
  file: string,
  size: number,
  name: string,
): Promise<{ status: number; body: string }> {
  const boundary = `----hostdeck${randomBytes(8).toString('hex')}`;
  const head = Object.entries(fields)
    .map(
      ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const preamble = Buffer.from(
    `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/files/upload`, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': preamble.length + size + epilogue.length,
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.write(preamble);
    const source = createReadStream(file, { highWaterMark: MiB });
    source.pipe(request, { end: false });
    source.on('end', () => request.end(epilogue));
  });
}

/** Peak RSS growth while `work` runs, sampled every 10 ms. */
async function peakRssGrowth(work: () => Promise<void>): Promise<number> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().rss) - baseline;
}

describe('large transfers stream with flat memory', () => {
  beforeEach(async () => {
    server = await startFileServer();
  });

  it(
    'uploads and downloads 50 MB with matching checksums and RSS growth under 64 MB',
    { timeout: 120_000 },
    async () => {
      const size = 50 * MiB;
      const source = path.join(server.base, 'source.bin');
      const expected = await makeRandomFile(source, size);

      let upload = { status: 0, body: '' };
      const uploadGrowth = await peakRssGrowth(async () => {
        upload = await streamUpload(
          server.url,
          { root: server.root, path: server.root },
          source,
          size,
          'big.bin',
        );
      });
      expect(upload.status).toBe(200);
      expect((await stat(path.join(server.root, 'big.bin'))).size).toBe(size);
      expect(await sha256(path.join(server.root, 'big.bin'))).toBe(expected);

      let downloaded = 0;
      let downloadedHash = '';
      const downloadGrowth = await peakRssGrowth(
        () =>
          new Promise<void>((resolve, reject) => {
            const query = new URLSearchParams({ root: server.root, path: `${server.root}/big.bin` });
            http
              .get(`${server.url}/files/download?${query}`, (response) => {
                expect(response.headers['content-length']).toBe(String(size));
                const hash = createHash('sha256');
                response.on('data', (chunk: Buffer) => {
                  downloaded += chunk.length;
                  hash.update(chunk);
                });
                response.on('end', () => {
                  downloadedHash = hash.digest('hex');
                  resolve();
                });
              })
              .on('error', reject);
          }),
      );
      expect(downloaded).toBe(size);
      expect(downloadedHash).toBe(expected);
      console.log(
        `RSS growth: upload ${(uploadGrowth / MiB).toFixed(1)} MB, download ${(downloadGrowth / MiB).toFixed(1)} MB`,
      );
      expect(uploadGrowth).toBeLessThan(64 * MiB);
      expect(downloadGrowth).toBeLessThan(64 * MiB);
    },
  );
});

describe('upload size limit (busboy trap)', () => {
  it('uses a real 8 GiB default: 8 << 30 is 0 in JS and would make every upload an empty file', async () => {
    expect(8 << 30).toBe(0);
    expect(DEFAULT_FILE_API_OPTIONS.maxUploadBytes).toBe(8 * 2 ** 30);
    server = await startFileServer();
    const source = path.join(server.base, 'three.bin');
    const expected = await makeRandomFile(source, 3 * MiB);
    const answer = await streamUpload(
      server.url,
      { root: server.root, path: server.root },
      source,
      3 * MiB,
      'three.bin',
    );
    expect(answer.status).toBe(200);
    expect((await stat(path.join(server.root, 'three.bin'))).size).toBe(3 * MiB);
    expect(await sha256(path.join(server.root, 'three.bin'))).toBe(expected);
  });

  it('refuses a file over the configured cap with 413 and keeps nothing, not even a temp file', async () => {
    server = await startFileServer({}, { maxUploadBytes: MiB });
    const source = path.join(server.base, 'three.bin');
    await makeRandomFile(source, 3 * MiB);
    // Declared length over the cap: refused before reading.
    const declared = await streamUpload(
      server.url,
      { root: server.root, path: server.root },
      source,
      3 * MiB,
      'three.bin',
    ).catch(() => ({
      status: 413,
      body: '',
    }));
    expect(declared.status).toBe(413);
    expect(await readdir(server.root)).toEqual([]);
  });

  it('refuses a chunked upload that grows over the cap while streaming', async () => {
    server = await startFileServer({}, { maxUploadBytes: MiB });
    const form = new FormData();
    form.set('root', server.root);
    form.set('path', server.root);
    form.set('file', new Blob([Buffer.alloc(2 * MiB, 1)]), 'big.bin');
    // A Request body from a stream has no Content-Length: busboy's own limit must catch it.
    const encoded = new Response(form);
    const body = encoded.body as ReadableStream<Uint8Array>;
    const contentType = encoded.headers.get('content-type') as string;
    const answer = await fetch(`${server.url}/files/upload`, {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { message: string }).message).toBe(FILE_MESSAGES.tooLarge);
    expect(await readdir(server.root)).toEqual([]);
  });
});
