import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { lstat, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import type { ConfinedDestination } from './confine.js';
import { childPath, CREATE_NEW } from './descriptors.js';
import { conflict, FileError, systemErrorCode } from './errors.js';
import { inheritedOwner } from './folders.js';
import { isForeignHardLink } from './hard-links.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

export interface AtomicWriteOptions {
  /** Replace an existing file (its mode and owner are kept); otherwise an existing name is a 409. */
  overwrite: boolean;
  /** Mode of a new file (umask applies). */
  mode?: number;
}

/** A hidden temp name beside the target, within the 255-byte name limit. */
function tempName(name: string): string {
  const suffix = `.${randomBytes(6).toString('hex')}.hdtmp`;
  let stem = name;
  while (Buffer.byteLength(`.${stem}${suffix}`) > 255) stem = stem.slice(0, -1);
  return `.${stem}${suffix}`;
}

/**
 * Writes a file through a temp file beside it, then renames it into place: a reader never sees
 * half a file, and a failed or canceled transfer leaves nothing behind. Everything happens by name
 * inside the destination's pinned folder: the temp file is created with O_EXCL|O_NOFOLLOW, and
 * rename(2) replaces whatever holds the name by then (a link itself, never what it names). The data
 * is flushed (fdatasync) before the rename, as `dd conv=fdatasync` does. `write` fills the handle.
 */
export async function writeAtomically(
  destination: ConfinedDestination,
  options: AtomicWriteOptions,
  write: (handle: FileHandle) => Promise<void>,
): Promise<void> {
  if (destination.stats?.isDirectory()) throw new FileError(409, FILE_MESSAGES.notAFile);
  if (destination.stats && !options.overwrite) throw conflict();
  const { folder, name } = destination;
  const temp = childPath(folder.fd, tempName(name));
  const final = childPath(folder.fd, name);
  const handle = await open(temp, CREATE_NEW, options.mode ?? 0o644);
  let renamed = false;
  try {
    await write(handle);
    await handle.datasync();
    await keepOwnership(handle, destination.stats, folder.stats);
    await handle.close();
    if (!options.overwrite) {
      const existing = await lstat(final).catch((error: unknown) =>
        systemErrorCode(error) === 'ENOENT' ? null : Promise.reject(error),
      );
      if (existing) throw conflict();
    }
    await rename(temp, final);
    renamed = true;
  } finally {
    if (!renamed) {
      await handle.close().catch(() => undefined);
      await unlink(temp).catch(() => undefined);
    }
  }
}

/**
 * A replaced file keeps its mode and owner; a new one gets the folder's owner when root writes it.
 * A suspect hard link (hard-links.ts) is replaced like a new file: its owner and mode are another
 * file's, which root must not copy onto content it writes into someone else's folder.
 */
async function keepOwnership(handle: FileHandle, replaced: Stats | null, folder: Stats) {
  if (replaced && !isForeignHardLink(replaced, folder)) {
    // chown first: changing the owner may clear setuid/setgid, which chmod then restores as it was.
    if (process.getuid?.() === 0) await handle.chown(replaced.uid, replaced.gid);
    await handle.chmod(replaced.mode & 0o7777);
    return;
  }
  const owner = inheritedOwner(folder);
  if (owner) await handle.chown(owner.uid, owner.gid);
}
