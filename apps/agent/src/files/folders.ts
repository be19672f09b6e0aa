import type { Stats } from 'node:fs';
import { chown, lchown, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Confinement } from './confine.js';
import { FileError, systemErrorCode } from './errors.js';
import { FILE_MESSAGES } from './messages.js';

const posix = path.posix;

/**
 * Who new files belong to. A site token's calls run in a worker with the site user's uid, so
 * new files are already the site's. A server token's calls run as root: a file root creates in
 * /home/site/public would then be root's and the site could no longer change it, so they take
 * the owner of the folder they are created in (root's folders stay root's).
 */
export function inheritedOwner(parentStats: Stats): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  return { uid: parentStats.uid, gid: parentStats.gid };
}

/** Gives `target` (never followed if it is a link) the owner new entries of `parentReal` take. */
export async function applyInheritedOwner(target: string, parentReal: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const owner = inheritedOwner(await stat(parentReal));
  if (owner) await lchown(target, owner.uid, owner.gid);
}

/**
 * The folder `visibleFolder` as a real path, creating the missing ones like `mkdir -p`
 * ('abc/def/xyz', spec/001 §2). The deepest existing ancestor is resolved and confined; each
 * missing level is created inside its pinned parent, so a link planted meanwhile is never followed
 * out of the root. Returns whether the last level was created.
 */
export async function ensureFolders(
  confinement: Confinement,
  visibleFolder: string,
): Promise<{ real: string; created: boolean }> {
  const missing: string[] = [];
  let current = visibleFolder;
  let real: string | null = null;
  while (real === null) {
    try {
      real = await confinement.target(current);
    } catch (error) {
      if (!(error instanceof FileError) || error.status !== 404 || confinement.isRootPath(current))
        throw error;
      missing.unshift(posix.basename(current));
      current = posix.dirname(current);
    }
  }
  if (!(await stat(real)).isDirectory()) throw new FileError(409, FILE_MESSAGES.notADirectory);
  for (const name of missing) {
    const parent: string = real;
    await confinement.inDirectory(parent, async (directory) => {
      const created = posix.join(directory, name);
      try {
        await mkdir(created, 0o755);
        const owner = inheritedOwner(await stat(directory));
        if (owner) await chown(created, owner.uid, owner.gid);
      } catch (error) {
        if (systemErrorCode(error) !== 'EEXIST') throw error;
      }
    });
    current = posix.join(current, name);
    // Resolved again: created just now, or created concurrently (then it must still be a folder inside).
    real = await confinement.target(current);
    if (!(await stat(real)).isDirectory()) throw new FileError(409, FILE_MESSAGES.notADirectory);
  }
  return { real, created: missing.length > 0 };
}
