import { chmod, chown, lstat, rename } from 'node:fs/promises';
import path from 'node:path';
import { checkName, checkRelativeName, type ConfinedEntry, type PinnedNode } from './confine.js';
import type { CallContext } from './context.js';
import { childPath, descriptorPath } from './descriptors.js';
import { conflict, FileError, forbidden, systemErrorCode } from './errors.js';
import { ensureFolders } from './folders.js';
import { assertNotForeignHardLink, assertOwnerChangeAllowed } from './hard-links.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { loadAccounts } from './owners.js';
import type { Payload } from './payload.js';
import { removeTree } from './tree-walk.js';

const posix = path.posix;

/** The payload's `path` field(s) made visible paths under its `root`. */
export async function payloadPaths(context: CallContext, payload: Payload): Promise<string[]> {
  const base = await context.confinement.base(payload.optionalString('root'));
  return payload.stringList('path').map((input) => context.confinement.visiblePath(input, base));
}

/** An entry that may be changed: never the root; its folder is pinned. */
async function entryToChange(
  context: CallContext,
  visible: string,
): Promise<ConfinedEntry & { folder: PinnedNode }> {
  const entry = await context.confinement.entry(visible);
  if (entry.isRoot || !entry.node.parent) throw forbidden(FILE_MESSAGES.rootProtected);
  return { ...entry, folder: entry.node.parent };
}

/** True when `name` exists in the pinned folder (a link counts, whatever it points at). */
export async function existsIn(folder: PinnedNode, name: string): Promise<boolean> {
  return lstat(childPath(folder.fd, name)).then(
    () => true,
    (error: unknown) => (systemErrorCode(error) === 'ENOENT' ? false : Promise.reject(error)),
  );
}

/** POST /files/mkdir {path, name, root}: name may hold sub-folders 'abc/def/xyz' (spec/001 §2); an existing one is a 409. */
export async function makeFolder(context: CallContext, payload: Payload): Promise<string> {
  const [parent] = await payloadPaths(context, payload);
  const segments = checkRelativeName(payload.string('name'));
  const visible = posix.join(parent as string, ...segments);
  const existing = await context.confinement.entry(visible).catch((error: unknown) => {
    if (error instanceof FileError && error.status === 404) return null;
    throw error;
  });
  if (existing) throw conflict();
  await ensureFolders(context.confinement, visible);
  return visible;
}

/**
 * DELETE /files/delete {path: [...], root}. A link is removed, never what it points to; folders are
 * removed recursively through pinned descriptors (tree-walk.ts), never following links inside them.
 * Every path is checked before any is removed, so one refused path deletes nothing.
 */
export async function deletePaths(context: CallContext, payload: Payload): Promise<string[]> {
  const visibles = await payloadPaths(context, payload);
  const entries = await Promise.all(visibles.map((visible) => entryToChange(context, visible)));
  for (const entry of entries) await removeTree(entry.folder.fd, entry.node.name);
  return visibles;
}

/** PUT /files/rename {path, name, root}: a new name in the same folder (one segment, ≤ 255, spec/001 §5). */
export async function renamePath(context: CallContext, payload: Payload): Promise<string> {
  const [visible] = await payloadPaths(context, payload);
  const entry = await entryToChange(context, visible as string);
  const name = checkName(payload.string('name'));
  if (name === entry.node.name) return entry.visible;
  if (await existsIn(entry.folder, name)) throw conflict();
  // Both names in the one pinned folder: rename(2) acts on the entries themselves, links included.
  await rename(childPath(entry.folder.fd, entry.node.name), childPath(entry.folder.fd, name));
  return posix.join(posix.dirname(entry.visible), name);
}

/** POST /files/chmod {path, root, mode}: mode is exactly three octal digits (spec/001 §5), so no setuid. */
export async function changeMode(context: CallContext, payload: Payload): Promise<void> {
  const modeText = payload.string('mode');
  if (!/^[0-7]{3}$/.test(modeText))
    throw new FileError(422, FILE_MESSAGES.invalidChmod, { mode: FILE_MESSAGES.invalidChmod });
  const mode = Number.parseInt(modeText, 8);
  for (const visible of await payloadPaths(context, payload)) {
    const node = await context.confinement.target(visible);
    assertNotForeignHardLink(node.stats, node.parent?.stats ?? null);
    // The pinned file itself (/proc/self/fd/N): a link planted at its name meanwhile is not followed.
    await chmod(descriptorPath(node.fd), mode);
  }
}

/** POST /files/chown {path, root, owner, group}: names that exist on this server (/etc/passwd, /etc/group). */
export async function changeOwner(context: CallContext, payload: Payload): Promise<void> {
  const accounts = loadAccounts();
  const owner = accounts.users.get(payload.string('owner'));
  if (!owner) throw new FileError(422, FILE_MESSAGES.unknownUser, { owner: FILE_MESSAGES.unknownUser });
  const groupName = payload.optionalString('group');
  const gid = groupName ? accounts.groups.get(groupName) : owner.gid;
  if (gid === undefined)
    throw new FileError(422, FILE_MESSAGES.unknownGroup, { group: FILE_MESSAGES.unknownGroup });
  for (const visible of await payloadPaths(context, payload)) {
    const node = await context.confinement.target(visible);
    assertOwnerChangeAllowed(node.stats, node.parent?.stats ?? null, owner.uid, gid);
    await chown(descriptorPath(node.fd), owner.uid, gid);
  }
}
