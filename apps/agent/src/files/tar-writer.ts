import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { Header, Pax, type HeaderData } from 'tar';

const BLOCK = 512;
/** Two empty blocks end an archive. */
const END = Buffer.alloc(2 * BLOCK);

/** What `tar --portable` stores of a mode: at least rw for the owner, no group/other write; folders listable. */
function portableMode(mode: number, isFolder: boolean): number {
  let bits = ((mode & 0o7777) | 0o600) & ~0o22;
  if (isFolder) {
    if (bits & 0o400) bits |= 0o100;
    if (bits & 0o40) bits |= 0o10;
    if (bits & 0o4) bits |= 0o1;
  }
  return bits;
}

/**
 * A tar stream written entry by entry from descriptors the caller has opened and checked (the
 * `tar` package's own packer walks paths itself, which a pinned walk must not do). Headers are the
 * `tar` package's, as its portable mode writes them: no owner, no user names, no times on folders;
 * a long name gets a pax header. Writes wait for the output to drain.
 */
export class TarWriter {
  private failure: unknown = null;

  constructor(
    private readonly output: Writable,
    private readonly chunkBytes: number,
  ) {
    output.on('error', (error) => (this.failure ??= error));
  }

  async addDirectory(name: string, stats: Stats): Promise<void> {
    await this.header({ path: `${name}/`, type: 'Directory', mode: portableMode(stats.mode, true), size: 0 });
  }

  async addSymlink(name: string, target: string, stats: Stats): Promise<void> {
    await this.header({
      path: name,
      type: 'SymbolicLink',
      linkpath: target,
      mode: portableMode(stats.mode, false),
      size: 0,
      mtime: stats.mtime,
    });
  }

  /** A regular file of `stats.size` bytes: a file that shrank meanwhile is padded with zeros, one that grew is cut. */
  async addFile(name: string, handle: FileHandle, stats: Stats): Promise<void> {
    const size = stats.size;
    await this.header({
      path: name,
      type: 'File',
      mode: portableMode(stats.mode, false),
      size,
      mtime: stats.mtime,
    });
    for (let position = 0; position < size;) {
      const length = Math.min(this.chunkBytes, size - position);
      const buffer = Buffer.alloc(length);
      // Filled as far as the file goes: past its end (it shrank), the rest stays zeros.
      for (let filled = 0; filled < length;) {
        const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      await this.write(buffer);
      position += length;
    }
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding) await this.write(Buffer.alloc(padding));
  }

  /** Ends the archive and the output. */
  async finish(): Promise<void> {
    await this.write(END);
    await new Promise<void>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.output.once('error', reject);
      this.output.end(() => resolve());
    });
  }

  private async header(data: HeaderData): Promise<void> {
    const header = new Header(data);
    const needsPax = header.encode();
    if (needsPax) {
      const { path, linkpath, size, mtime } = data;
      await this.write(new Pax({ path, linkpath, size, mtime }).encode());
    }
    await this.write(header.block as Buffer);
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.output.write(chunk)) return;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: unknown) => {
        this.output.off('drain', done);
        this.output.off('error', done);
        this.output.off('close', closed);
        if (error) reject(error);
        else resolve();
      };
      const closed = () => done(this.failure ?? new Error('the archive output was closed'));
      this.output.once('drain', done);
      this.output.once('error', done);
      this.output.once('close', closed);
    });
  }
}
