import { constants } from 'node:fs';
import {
  chmod,
  copyFile,
  lchown,
  lstat,
  mkdir,
  readdir,
  readlink,
  rename,
  rm,
  stat,
  symlink,
} from 'node:fs/promises';
import path from 'node:path';
import { isInside } from './confine.js';
import type { CallContext } from './context.js';
import { badRequest, conflict, FileError, forbidden, systemErrorCode } from './errors.js';
import { inheritedOwner } from './folders.js';
import { FILE_MESSAGES } from './messages.js';
import type { Payload } from './payload.js';
import { payloadPaths } from './mutations.js';

const posix = path.posix;

/**
 * POST /files/move and /files/copy {path, root, destination}: one item per call (spec/001 §7) into the
 * folder `destination`, keeping its name. Both ends are confined; a folder never goes into itself;
 * an existing name is a 409. Links are moved or copied as links (their text unchanged), never
 * followed, so a copy cannot pull in what a link points at outside the root.
 */
export async function moveOrCopy(
  context: CallContext,
  payload: Payload,
  mode: 'move' | 'copy',
): Promise<string> {
  const { confinement } = context;
  const [visible] = await payloadPaths(context, payload);
  const source = await confinement.entry(visible as string);
  if (source.isRoot) throw forbidden(FILE_MESSAGES.rootProtected);
  const base = await confinement.base(payload.optionalString('root'));
  const destinationVisible = confinement.visiblePath(payload.string('destination'), base);
  const destinationReal = await confinement.target(destinationVisible);
  if (!(await stat(destinationReal)).isDirectory()) throw new FileError(409, FILE_MESSAGES.notADirectory);
  if (source.stats.isDirectory() && isInside(destinationReal, source.real))
    throw badRequest(FILE_MESSAGES.intoItself);
  const targetVisible = posix.join(destinationVisible, source.name);
  if (destinationReal === source.parentReal && mode === 'move') return targetVisible;

  await confinement.inDirectory(destinationReal, async (destination) => {
    const target = posix.join(destination, source.name);
    if (await exists(target)) throw conflict();
    await confinement.inDirectory(source.parentReal, async (sourceFolder) => {
      const from = posix.join(sourceFolder, source.name);
      if (mode === 'copy') return copyTree(from, target, inheritedOwner(await stat(destination)));
      try {
        await rename(from, target);
      } catch (error) {
        // Another file system: copy, then remove the original.
        if (systemErrorCode(error) !== 'EXDEV') throw error;
        await copyTree(from, target, null);
        await rm(from, { recursive: true, force: true });
      }
    });
  });
  return targetVisible;
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    (error: unknown) => (systemErrorCode(error) === 'ENOENT' ? false : Promise.reject(error)),
  );
}

/**
 * Recursive copy by lstat: folders re-created, files copied with COPYFILE_EXCL (never over an
 * existing path or through a planted link), links re-created with the same text, sockets, pipes
 * and devices skipped. setuid/setgid bits are not copied. With `owner`, copies take it (root
 * copying into a site's folder).
 */
export async function copyTree(
  from: string,
  to: string,
  owner: { uid: number; gid: number } | null,
): Promise<void> {
  const stats = await lstat(from);
  if (stats.isDirectory()) {
    await mkdir(to, 0o700);
    for (const name of await readdir(from))
      await copyTree(posix.join(from, name), posix.join(to, name), owner);
    await chmod(to, stats.mode & 0o1777);
  } else if (stats.isFile()) {
    await copyFile(from, to, constants.COPYFILE_EXCL);
    await chmod(to, stats.mode & 0o1777);
  } else if (stats.isSymbolicLink()) {
    await symlink(await readlink(from), to);
  } else {
    return;
  }
  if (owner) await lchown(to, owner.uid, owner.gid);
}
