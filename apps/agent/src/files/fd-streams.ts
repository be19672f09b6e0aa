import { createReadStream, fdatasync, writev, type ReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

/**
 * Written bytes between two background flushes. A large write ends with an fdatasync
 * (atomic-write.ts), as `dd conv=fdatasync` does; flushing along the way lets the disk work while
 * the rest arrives, instead of writing all of it back after the last byte (1 GiB upload: ~1.4 s
 * instead of ~1.8 s here). 32 MiB: well below the kernel's own background threshold (10 % of RAM).
 */
const FLUSH_EVERY_BYTES = 32 * 2 ** 20;

/**
 * A write stream over an open FileHandle that leaves it open for the caller (datasync, chmod,
 * close): what is queued goes out in one writev, and an fdatasync is started in the background
 * every FLUSH_EVERY_BYTES (one at a time; it never holds the writes up) unless `flushAlong` is
 * false, for a caller that never flushes at the end either. A FileHandle's own
 * createWriteStream({autoClose: false}) keeps a reference that makes handle.close() wait forever;
 * this stream works on the bare descriptor number. The caller closes the handle after it ends.
 */
export function writeStreamOf(
  handle: FileHandle,
  highWaterMark: number,
  { flushAlong = true }: { flushAlong?: boolean } = {},
): Writable {
  const fd = handle.fd;
  let unflushed = 0;
  let flushing: Promise<void> | null = null;
  const flushInBackground = () => {
    unflushed = 0;
    flushing = new Promise<void>((resolve) => fdatasync(fd, () => resolve())).then(() => {
      flushing = null;
    });
  };
  return new Writable({
    highWaterMark,
    writev(chunks, callback) {
      writeAll(
        fd,
        chunks.map(({ chunk }) => chunk as Buffer),
        (written) => {
          unflushed += written;
          if (flushAlong && unflushed >= FLUSH_EVERY_BYTES && !flushing) flushInBackground();
        },
        callback,
      );
    },
    final(callback) {
      // The caller's own datasync comes next: a background flush still running is waited for first.
      if (!flushing) return callback();
      flushing.then(() => callback(), callback);
    },
  });
}

/** writev until every byte is written (a regular file may take fewer bytes than asked). */
function writeAll(
  fd: number,
  buffers: Buffer[],
  onWritten: (bytes: number) => void,
  callback: (error?: Error | null) => void,
) {
  writev(fd, buffers, null, (error, written) => {
    if (error) return callback(error);
    onWritten(written);
    let rest = buffers;
    for (let skipped = written; skipped > 0 && rest.length;) {
      const first = rest[0] as Buffer;
      if (first.length <= skipped) {
        skipped -= first.length;
        rest = rest.slice(1);
      } else {
        rest = [first.subarray(skipped), ...rest.slice(1)];
        skipped = 0;
      }
    }
    if (rest.length && written > 0) return writeAll(fd, rest, onWritten, callback);
    if (rest.length) return callback(new Error('the disk took no bytes'));
    callback();
  });
}

export function readStreamOf(
  handle: FileHandle,
  options: { start?: number; end?: number; highWaterMark: number },
): ReadStream {
  return createReadStream('', { fd: handle.fd, autoClose: false, ...options });
}
