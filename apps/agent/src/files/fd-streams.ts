import { createReadStream, createWriteStream, type ReadStream, type WriteStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/**
 * Streams over an open FileHandle that leave it open for the caller (datasync, chmod, close).
 * A FileHandle's own createWriteStream({autoClose: false}) keeps a reference that makes
 * handle.close() wait forever, and destroying it closes the handle; streams on the bare
 * descriptor number have neither problem. The caller closes the handle after the stream ends.
 */
export function writeStreamOf(handle: FileHandle, highWaterMark: number): WriteStream {
  return createWriteStream('', { fd: handle.fd, autoClose: false, highWaterMark });
}

export function readStreamOf(
  handle: FileHandle,
  options: { start?: number; end?: number; highWaterMark: number },
): ReadStream {
  return createReadStream('', { fd: handle.fd, autoClose: false, ...options });
}
