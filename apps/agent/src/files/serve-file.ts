import type { FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Confinement, PinnedNode } from './confine.js';
import { FileError } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * One `bytes=` range of a `size`-byte file: null to send the whole file (no header, several ranges
 * or a unit other than bytes), 'unsatisfiable' for a range past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return null;
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** `attachment; filename="…"; filename*=UTF-8''…` with an ASCII fallback (RFC 6266). */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface ServeOptions {
  contentType: string;
  disposition: 'attachment' | 'inline';
  name: string;
  chunkBytes: number;
}

/**
 * Streams a regular file with Content-Length and single-range support, in `chunkBytes` reads
 * (1 MiB: ~3x the throughput of Node's 64 KiB default). Memory stays flat whatever the size: the
 * reads wait for the socket (sendBytes).
 */
export async function serveFile(
  confinement: Confinement,
  node: PinnedNode,
  req: IncomingMessage,
  res: ServerResponse,
  options: ServeOptions,
): Promise<void> {
  const handle = await confinement.openPinned(node);
  try {
    await serveOpenFile(handle, req, res, options);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** serveFile for a file already opened (and checked) by the caller, who closes it. */
export async function serveOpenFile(
  handle: FileHandle,
  req: IncomingMessage,
  res: ServerResponse,
  options: ServeOptions,
): Promise<void> {
  const stats = await handle.stat();
  if (!stats.isFile()) throw new FileError(409, FILE_MESSAGES.notAFile);
  const range = parseRange(typeof req.headers.range === 'string' ? req.headers.range : undefined, stats.size);
  const headers: Record<string, string | number> = {
    'Content-Type': options.contentType,
    'Accept-Ranges': 'bytes',
    'Last-Modified': stats.mtime.toUTCString(),
    'Content-Disposition': contentDisposition(options.disposition, options.name),
    'X-Content-Type-Options': 'nosniff',
    // Served content never runs as a page of the agent's origin (an uploaded .svg or .html).
    'Content-Security-Policy':
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    'Cache-Control': 'private, no-store',
  };
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${stats.size}`, 'Content-Length': 0 });
    res.end();
    return;
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? stats.size - 1;
  const length = stats.size === 0 ? 0 : end - start + 1;
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${stats.size}`;
  res.writeHead(range ? 206 : 200, { ...headers, 'Content-Length': length });
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  await sendBytes(handle, res, start, length, options.chunkBytes);
}

/**
 * Sends `length` bytes of the file from `start` through two buffers taken in turns: one is read
 * into while the socket sends the other, and a buffer is used again only once the socket has taken
 * all of it (its write callback). Unlike a read stream, nothing is allocated per chunk: a 1 GiB
 * download leaves no garbage behind (fresh 1-4 MiB chunks grew the process by ~40 MB) and runs
 * faster (issue 6: download ≥ 0.85x nginx).
 */
async function sendBytes(
  handle: FileHandle,
  res: ServerResponse,
  start: number,
  length: number,
  chunkBytes: number,
) {
  const size = Math.min(chunkBytes, length);
  const buffers = [Buffer.allocUnsafeSlow(size), Buffer.allocUnsafeSlow(size)] as const;
  const sent: Array<Promise<void> | null> = [null, null];
  const closed = new Promise<never>((_, reject) =>
    res.once('close', () => reject(new Error('the client went away'))),
  );
  closed.catch(() => undefined);
  let position = start;
  let left = length;
  try {
    for (let turn = 0; left > 0; turn ^= 1) {
      if (sent[turn]) await Promise.race([sent[turn], closed]);
      const buffer = turn === 0 ? buffers[0] : buffers[1];
      const { bytesRead } = await handle.read(buffer, 0, Math.min(size, left), position);
      if (bytesRead === 0) throw new Error('the file got shorter while it was sent');
      position += bytesRead;
      left -= bytesRead;
      sent[turn] = new Promise<void>((resolve, reject) => {
        res.write(buffer.subarray(0, bytesRead), (error) => (error ? reject(error) : resolve()));
      });
      sent[turn]?.catch(() => undefined);
    }
    await Promise.race([Promise.all(sent), closed]);
  } catch (error) {
    res.destroy();
    throw error;
  }
  await new Promise<void>((resolve) => res.end(resolve));
}
