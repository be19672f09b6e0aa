import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { constants, createGzip } from 'node:zlib';
import { sendJson } from './errors.js';
import type { FileItem } from './file-item.js';

/** Items serialised per write: large enough to keep the per-write cost low, small enough to stream. */
const BATCH = 1000;

/** True when the request's Accept-Encoding admits gzip (a `;q=0` refuses it). */
export function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Answers a listing `{dirs, files}`. With gzip allowed it is compressed at level 1 while it is
 * serialised, a batch of items at a time: 100k files are ~35 MiB of JSON and ~4 MiB gzipped, and
 * level 1 costs far less than sending the difference (issue 6: list ≤ 1.2x `ls -l`). Without gzip,
 * plain JSON with its length.
 */
export async function sendListing(
  req: IncomingMessage,
  res: ServerResponse,
  listing: { dirs: FileItem[]; files: FileItem[] },
): Promise<void> {
  if (!acceptsGzip(req)) {
    sendJson(res, 200, listing);
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Encoding': 'gzip',
    Vary: 'Accept-Encoding',
    'Cache-Control': 'no-store',
  });
  const gzip = createGzip({ level: 1, chunkSize: 256 * 1024, strategy: constants.Z_DEFAULT_STRATEGY });
  const done = new Promise<void>((resolve, reject) => {
    gzip.once('error', reject);
    res.once('close', () => {
      if (res.writableFinished) return resolve();
      const gone = new Error('client went away');
      gzip.destroy(gone);
      reject(gone);
    });
    res.once('finish', resolve);
  });
  done.catch(() => undefined);
  gzip.pipe(res);
  try {
    await write(gzip, '{"dirs":');
    await writeItems(gzip, listing.dirs);
    await write(gzip, ',"files":');
    await writeItems(gzip, listing.files);
    gzip.end('}');
  } catch (error) {
    gzip.destroy();
    res.destroy();
    throw error;
  }
  await done;
}

async function writeItems(stream: Writable, items: FileItem[]) {
  if (items.length === 0) return write(stream, '[]');
  for (let start = 0; start < items.length; start += BATCH) {
    const text = JSON.stringify(items.slice(start, start + BATCH));
    // Batches joined into one array: drop the inner brackets, keep the commas between them.
    const first = start === 0 ? '[' : ',';
    const last = start + BATCH >= items.length ? ']' : '';
    await write(stream, first + text.slice(1, -1) + last);
  }
}

/** Writes with backpressure: waits for 'drain' when the compressor's buffer is full. */
function write(stream: Writable, text: string): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error('the answer was closed'));
  if (stream.write(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      stream.off('drain', onDrain);
      reject(error);
    };
    const onDrain = () => {
      stream.off('error', onError);
      resolve();
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
    stream.once('close', () => onError(new Error('the answer was closed')));
  });
}
