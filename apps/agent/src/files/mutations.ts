import { chmod, lchown, lstat, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkName, checkRelativeName, type ConfinedEntry } from './confine.js';
import type { CallContext } from './context.js';
import { conflict, FileError, forbidden, systemErrorCode } from './errors.js';
import { ensureFolders } from './folders.js';
import { FILE_MESSAGES } from './messages.js';
import { loadAccounts } from './owners.js';
import type { Payload } from './payload.js';

const posix = path.posix;

/** The payload's `path` field(s) made visible paths under its `root`. */
export async function payloadPaths(context: CallContext, payload: Payload): Promise<string[]> {
  const base = await context.confinement.base(payload.optionalString('root'));
  return payload.stringList('path').map((input) => context.confinement.visiblePath(input, base));
}

async function entryToChange(context: CallContext, visible: string): Promise<ConfinedEntry> {
  const entry = await context.confinement.entry(visible);
  if (entry.isRoot) throw forbidden(FILE_MESSAGES.rootProtected);
  return entry;
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
 * removed recursively without following links inside them. Every path is checked before any is
 * removed, so one refused path deletes nothing.
 */
export async function deletePaths(context: CallContext, payload: Payload): Promise<string[]> {
  const visibles = await payloadPaths(context, payload);
  const entries = await Promise.all(visibles.map((visible) => entryToChange(context, visible)));
  for (const entry of entries) {
    await context.confinement.inDirectory(entry.parentReal, (directory) =>
      rm(posix.join(directory, entry.name), { recursive: true, force: true }),
    );
  }
  return visibles;
}

/** PUT /files/rename {path, name, root}: a new name in the same folder (one segment, ≤ 255, spec/001 §5). */
export async function renamePath(context: CallContext, payload: Payload): Promise<string> {
  const [visible] = await payloadPaths(context, payload);
  const entry = await entryToChange(context, visible as string);
  const name = checkName(payload.string('name'));
  if (name === entry.name) return entry.visible;
  await context.confinement.inDirectory(entry.parentReal, async (directory) => {
    const target = posix.join(directory, name);
    const existing = await lstat(target).catch((error: unknown) =>
      systemErrorCode(error) === 'ENOENT' ? null : Promise.reject(error),
    );
    if (existing) throw conflict();
    await rename(posix.join(directory, entry.name), target);
  });
  return posix.join(posix.dirname(entry.visible), name);
}

/** POST /files/chmod {path, root, mode}: mode is exactly three octal digits (spec/001 §5), so no setuid. */
export async function changeMode(context: CallContext, payload: Payload): Promise<void> {
  const modeText = payload.string('mode');
  if (!/^[0-7]{3}$/.test(modeText))
    throw new FileError(422, FILE_MESSAGES.invalidChmod, { mode: FILE_MESSAGES.invalidChmod });
  const mode = Number.parseInt(modeText, 8);
  for (const visible of await payloadPaths(context, payload)) {
    await inParent(context, await context.confinement.target(visible), (file) => chmod(file, mode));
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
    // lchown: the resolved path holds no link, and one planted meanwhile is changed, not followed.
    await inParent(context, await context.confinement.target(visible), (file) =>
      lchown(file, owner.uid, gid),
    );
  }
}

/** Runs `work` on a resolved path through its pinned parent folder (the root itself: directly, its parent is outside). */
async function inParent(
  context: CallContext,
  real: string,
  work: (file: string) => Promise<void>,
): Promise<void> {
  if (real === context.confinement.realRoot) return work(real);
  await context.confinement.inDirectory(posix.dirname(real), (directory) =>
    work(posix.join(directory, posix.basename(real))),
  );
}
