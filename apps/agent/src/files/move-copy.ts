import { rename } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from './confine.js';
import type { CallContext } from './context.js';
import { childPath, sameFile } from './descriptors.js';
import { badRequest, conflict, FileError, forbidden, systemErrorCode } from './errors.js';
import { inheritedOwner } from './folders.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import type { Payload } from './payload.js';
import { existsIn, payloadPaths } from './mutations.js';
import { copyTree, removeTree } from './tree-walk.js';

const posix = path.posix;

/**
 * POST /files/move and /files/copy {path, root, destination}: one item per call (spec/001 §7) into the
 * folder `destination`, keeping its name. Both ends are confined and pinned; a folder never goes
 * into itself; an existing name is a 409. Links are moved or copied as links (their text
 * unchanged), never followed, so a copy cannot pull in what a link points at outside the root.
 * Everything happens through the pinned folders (tree-walk.ts).
 */
export async function moveOrCopy(
  context: CallContext,
  payload: Payload,
  mode: 'move' | 'copy',
): Promise<string> {
  const { confinement } = context;
  const [visible] = await payloadPaths(context, payload);
  const source = await confinement.entry(visible as string);
  const from = source.node.parent;
  if (source.isRoot || !from) throw forbidden(FILE_MESSAGES.rootProtected);
  const name = source.node.name;
  const base = await confinement.base(payload.optionalString('root'));
  const destinationVisible = confinement.visiblePath(payload.string('destination'), base);
  const to = await confinement.target(destinationVisible);
  if (!to.stats.isDirectory()) throw new FileError(409, FILE_MESSAGES.notADirectory);
  if (source.node.stats.isDirectory() && isInside(to.real, source.node.real))
    throw badRequest(FILE_MESSAGES.intoItself);
  const targetVisible = posix.join(destinationVisible, name);
  if (mode === 'move' && sameFile(to.stats, from.stats)) return targetVisible;
  if (await existsIn(to, name)) throw conflict();

  if (mode === 'copy') {
    await copyTree(from, name, to, name, { owner: inheritedOwner(to.stats) });
    return targetVisible;
  }
  try {
    await rename(childPath(from.fd, name), childPath(to.fd, name));
  } catch (error) {
    const code = systemErrorCode(error);
    // The kernel's own refusal of a folder moved into itself (its path may have changed since the check).
    if (code === 'EINVAL') throw badRequest(FILE_MESSAGES.intoItself);
    if (code !== 'EXDEV') throw error;
    // Another file system: copy (owners kept, as mv does), then remove the original.
    await copyTree(from, name, to, name, { owner: process.getuid?.() === 0 ? 'source' : null });
    await removeTree(from.fd, name);
  }
  return targetVisible;
}
