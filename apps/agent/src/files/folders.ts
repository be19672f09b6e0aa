import type { Stats } from 'node:fs';
import { chown, mkdir } from 'node:fs/promises';
import type { Confinement, PinnedNode } from './confine.js';
import { childPath, descriptorPath, statDescriptor } from './descriptors.js';
import { FileError, notFound, systemErrorCode } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

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

/**
 * The folder `visibleFolder`, creating the missing ones like `mkdir -p` ('abc/def/xyz', spec/001
 * §2), walked one name at a time from the root: an existing name is followed if it is a link that
 * stays inside the root, a missing one is created inside its pinned parent, then pinned (never
 * followed) and given its parent's owner through its own descriptor. A link planted meanwhile is
 * thus never followed out of the root, and no chown ever reaches what a link names. Returns the
 * pinned folder and whether its last level was created here.
 */
export async function ensureFolders(
  confinement: Confinement,
  visibleFolder: string,
): Promise<{ folder: PinnedNode; created: boolean }> {
  let folder = confinement.root;
  let created = false;
  for (const name of confinement.segmentsOf(visibleFolder)) {
    if (!folder.stats.isDirectory()) throw new FileError(409, FILE_MESSAGES.notADirectory);
    created = false;
    let next = await confinement.child(folder, name);
    if (!next) {
      created = await mkdir(childPath(folder.fd, name), 0o755).then(
        () => true,
        (error: unknown) => (systemErrorCode(error) === 'EEXIST' ? false : Promise.reject(error)),
      );
      next = await confinement.child(folder, name);
      if (!next) throw notFound();
      const owner = inheritedOwner(folder.stats);
      if (created && owner && next.stats.isDirectory()) {
        await chown(descriptorPath(next.fd), owner.uid, owner.gid);
        // Its owner now decides whose links inside it root may follow (confine.ts assertMayFollow).
        next = { ...next, stats: await statDescriptor(next.fd) };
      }
    }
    if (next.stats.isSymbolicLink()) next = await confinement.follow(folder, name);
    if (!next.stats.isDirectory()) throw new FileError(409, FILE_MESSAGES.notADirectory);
    folder = next;
  }
  return { folder, created };
}
