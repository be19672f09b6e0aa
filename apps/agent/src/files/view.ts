import type { FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Confinement } from './confine.js';
import { FileError } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { isMedia, mimeOf } from './mime.js';
import type { Payload } from './payload.js';
import { serveFile } from './serve-file.js';

const TAIL_CHUNK = 64 * 1024;
const NEWLINE = 0x0a;

export interface ViewRequest {
  confinement: Confinement;
  visible: string;
  payload: Payload;
  maxViewBytes: number;
  chunkBytes: number;
}

/**
 * GET /files/view ?path, root, encode, limit (spec/001 §7). Text as text/plain: the whole file for
 * limit -1 (All), else its last `limit` lines read backwards from the end, so a 10 GB log costs a
 * few reads. 204 when the file cannot be viewed (binary, or All of a file above maxViewBytes):
 * the client shows 'File is too large, cannot be previewed'. Images, video and audio are served as
 * media with their content type and Range support (the client's view URL, §2).
 * `encode=base64` (or 1/true) sends the text base64-encoded, as the save call may receive it.
 */
export async function viewFile(
  request: ViewRequest,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { confinement, visible, payload } = request;
  const node = await confinement.target(visible);
  const name = node.name;
  if (isMedia(name)) {
    await serveFile(confinement, node, req, res, {
      contentType: mimeOf(name),
      disposition: 'inline',
      name,
      chunkBytes: request.chunkBytes,
    });
    return;
  }
  const limit = payload.integer('limit', -1, -1, 10_000_000, FILE_MESSAGES.invalidLimit);
  if (limit === 0)
    throw new FileError(422, FILE_MESSAGES.invalidLimit, { limit: FILE_MESSAGES.invalidLimit });
  const handle = await confinement.openPinned(node);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new FileError(409, FILE_MESSAGES.notAFile);
    const text =
      limit === -1
        ? stats.size > request.maxViewBytes
          ? null
          : await readAll(handle, stats.size)
        : await readTail(handle, stats.size, limit, request.maxViewBytes);
    if (text === null || text.includes(0)) {
      res.writeHead(204, { 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    const body = isBase64(payload.optionalString('encode')) ? text.toString('base64') : text;
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-File-Size': stats.size,
    });
    res.end(body);
  } finally {
    await handle.close();
  }
}

export function isBase64(encode: string | undefined): boolean {
  return encode === 'base64' || encode === '1' || encode === 'true';
}

async function readAll(handle: FileHandle, size: number): Promise<Buffer> {
  const buffer = Buffer.alloc(size);
  let offset = 0;
  while (offset < size) {
    const { bytesRead } = await handle.read(buffer, offset, size - offset, offset);
    if (bytesRead === 0) break;
    offset += bytesRead;
  }
  return buffer.subarray(0, offset);
}

/**
 * The last `lines` lines, reading 64 KiB blocks backwards until enough newlines are seen (a final
 * newline ends the last line, it does not start another). Never more than `maxBytes`: a longer tail
 * is cut to start at a line boundary.
 */
export async function readTail(
  handle: FileHandle,
  size: number,
  lines: number,
  maxBytes: number,
): Promise<Buffer> {
  const blocks: Buffer[] = [];
  let position = size;
  let collected = 0;
  let newlines = 0;
  let skipFinalNewline = true;
  while (position > 0 && newlines < lines && collected < maxBytes) {
    const length = Math.min(TAIL_CHUNK, position, maxBytes - collected);
    position -= length;
    const block = Buffer.alloc(length);
    const { bytesRead } = await handle.read(block, 0, length, position);
    const data = block.subarray(0, bytesRead);
    blocks.unshift(data);
    collected += bytesRead;
    for (let index = data.length - 1; index >= 0; index -= 1) {
      if (data[index] !== NEWLINE) continue;
      if (skipFinalNewline && position + index === size - 1) continue;
      newlines += 1;
    }
    skipFinalNewline = false;
  }
  const data = Buffer.concat(blocks);
  // Walk back from the end to the newline that precedes the first wanted line.
  let seen = 0;
  for (let index = data.length - 1; index >= 0; index -= 1) {
    if (data[index] !== NEWLINE || index === data.length - 1) continue;
    seen += 1;
    if (seen === lines) return data.subarray(index + 1);
  }
  if (position === 0) return data;
  // The tail hit maxBytes first: start at the first complete line.
  const firstNewline = data.indexOf(NEWLINE);
  return firstNewline < 0 ? data : data.subarray(firstNewline + 1);
}
