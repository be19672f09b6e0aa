import { close, constants, fstat, open, read, write, type Stats } from 'node:fs';
import { promisify } from 'node:util';

/**
 * Descriptors instead of paths (docs/agent-file-safety.md). Node has no openat(), but on Linux
 * `/proc/self/fd/N/name` looks `name` up inside the very folder descriptor N holds, whatever has
 * happened to that folder's path since, and `/proc/self/fd/N` alone is the very file N holds.
 * Every file call works through these two forms once it has checked what a descriptor holds.
 */

/** O_PATH (Linux): pins a file, folder or link without opening it for I/O. Node does not export it. */
export const O_PATH: number = (constants as Record<string, number | undefined>).O_PATH ?? 0o10000000;
/** Pins the entry itself: a link is pinned as a link, never followed. */
export const PIN = O_PATH | constants.O_NOFOLLOW;
export const PIN_FOLDER = PIN | constants.O_DIRECTORY;
/** Reads a pinned regular file: never waits on a pipe, never becomes a controlling terminal. */
export const READ_PINNED = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
/** A file created here and nowhere else: an existing name, or a link planted with that name, fails. */
export const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

export const openDescriptor = promisify(open) as (
  file: string,
  flags: number,
  mode?: number,
) => Promise<number>;
export const statDescriptor = promisify(fstat) as (fd: number) => Promise<Stats>;

export function closeDescriptor(fd: number): Promise<void> {
  return new Promise((resolve) => close(fd, () => resolve()));
}

/** The file or folder descriptor `fd` holds, as a path (for calls that follow it: chmod, chown, open, readdir). */
export function descriptorPath(fd: number): string {
  return `/proc/self/fd/${fd}`;
}

/** `name` inside the folder descriptor `folderFd` holds (calls on it do not follow a final link, except open/stat). */
export function childPath(folderFd: number, name: string): string {
  return `/proc/self/fd/${folderFd}/${name}`;
}

/** Pins `name` in `folderFd` (a link as a link), or null when it does not exist (any more). */
export async function pinChild(folderFd: number, name: string): Promise<{ fd: number; stats: Stats } | null> {
  let fd: number;
  try {
    fd = await openDescriptor(childPath(folderFd, name), PIN);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return { fd, stats: await statDescriptor(fd) };
  } catch (error) {
    await closeDescriptor(fd);
    throw error;
  }
}

/** Two pinned entries are the same file (same device and inode). */
export function sameFile(a: Stats, b: Stats): boolean {
  return a.ino === b.ino && a.dev === b.dev;
}

const COPY_CHUNK = 2 ** 20;
const readAt = promisify(read);
const writeAt = promisify(write);

/** Copies every byte of `fromFd` into `toFd` (both opened by the caller), in reads of up to 1 MiB. */
export async function copyContents(fromFd: number, toFd: number, sizeHint: number): Promise<void> {
  const length = Math.min(COPY_CHUNK, Math.max(64 * 1024, sizeHint));
  const buffer = Buffer.allocUnsafe(length);
  for (let position = 0; ;) {
    const { bytesRead } = await readAt(fromFd, buffer, 0, length, position);
    if (bytesRead === 0) return;
    for (let written = 0; written < bytesRead;) {
      const { bytesWritten } = await writeAt(toFd, buffer, written, bytesRead - written, position + written);
      written += bytesWritten;
    }
    position += bytesRead;
  }
}

/**
 * Tests only (never set in production): called between the check of an entry and its use, the
 * window a swapped link used to slip through, so a test can swap paths there deterministically.
 */
export const raceWindow: { hook: ((point: 'pinned' | 'walked', name: string) => Promise<void>) | null } = {
  hook: null,
};
