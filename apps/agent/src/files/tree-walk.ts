import type { Stats } from 'node:fs';
import { chmod, chown, mkdir, open, readdir, readlink, rmdir, symlink, unlink } from 'node:fs/promises';
import {
  childPath,
  closeDescriptor,
  copyContents,
  CREATE_NEW,
  descriptorPath,
  pinChild,
  raceWindow,
  READ_PINNED,
} from './descriptors.js';
import { FileError, systemErrorCode } from './errors.js';
import { assertNotForeignHardLink } from './hard-links.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

/**
 * Recursive work through descriptors (docs/agent-file-safety.md): each folder is pinned with
 * O_NOFOLLOW before its entries are listed, and every entry is pinned, checked and used through
 * its folder's descriptor. No path is joined and looked up again, so a folder swapped for a link
 * during the walk is met as a link (and never followed), and the walk stays in the folders it
 * pinned. Node's fs.rm({recursive}), fs.cp and copyFile(path) are not used on such trees.
 */

/** A pinned folder: its descriptor and its fstat. */
export interface Folder {
  fd: number;
  stats: Stats;
}

export interface Owner {
  uid: number;
  gid: number;
}

const changedMeanwhile = () => new FileError(409, FILE_MESSAGES.changedMeanwhile);
/** Tries of a removal whose entry keeps changing type under it before giving up (409). */
const REMOVE_TRIES = 4;

/** The names in a pinned folder (readdir of its own descriptor). */
export function childNames(folderFd: number): Promise<string[]> {
  return readdir(descriptorPath(folderFd));
}

/** `${dev}:${ino}`: what identifies a folder whatever its path. */
export function fileKey(stats: Stats): string {
  return `${stats.dev}:${stats.ino}`;
}

/**
 * Removes `name` from the pinned folder, everything in it included (`rm -r`, never following a
 * link): a folder is pinned, emptied through its descriptor, then removed by name; a link or a
 * file is unlinked by name. Both calls act on the entry itself, whatever it is by then. A name
 * that is already gone is fine.
 */
export async function removeTree(folderFd: number, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const entry = await pinChild(folderFd, name);
    if (!entry) return;
    try {
      if (raceWindow.hook) await raceWindow.hook('walked', name);
      if (entry.stats.isDirectory()) {
        for (const child of await childNames(entry.fd)) await removeTree(entry.fd, child);
        if (await removed(() => rmdir(childPath(folderFd, name)), ['ENOTDIR', 'ENOTEMPTY'])) return;
      } else if (await removed(() => unlink(childPath(folderFd, name)), ['EISDIR'])) return;
    } finally {
      await closeDescriptor(entry.fd);
    }
    // The name now holds something else (swapped meanwhile): look again.
    if (attempt >= REMOVE_TRIES) throw changedMeanwhile();
  }
}

/** True when removed (or gone already); false on one of `retryCodes`. */
async function removed(remove: () => Promise<void>, retryCodes: string[]): Promise<boolean> {
  try {
    await remove();
    return true;
  } catch (error) {
    const code = systemErrorCode(error) ?? '';
    if (code === 'ENOENT') return true;
    if (retryCodes.includes(code)) return false;
    throw error;
  }
}

export interface CopyOptions {
  /** Owner of every copy: a given one (root copying into a site's folder), each source's own, or none (the process's). */
  owner: Owner | 'source' | null;
}

/**
 * Copies `name` of the pinned folder `from` as `toName` into the pinned folder `to` (`cp -r`
 * without following links): folders re-created, regular files copied from their own pinned
 * descriptor into a file created here with O_EXCL|O_NOFOLLOW, links re-created with the same text,
 * sockets, pipes and devices skipped. setuid/setgid bits are never copied, and a new file has its
 * owner before it gets a byte or a mode, so root never holds a copy someone else could run. A
 * folder is root's own (0700) while it fills, then gets its owner and mode. Folders this copy made
 * are never walked into, so a copy into itself cannot grow, even if folders move meanwhile.
 */
export async function copyTree(from: Folder, name: string, to: Folder, toName: string, options: CopyOptions) {
  await copyEntry(from, name, to, toName, options, new Set());
}

async function copyEntry(
  from: Folder,
  name: string,
  to: Folder,
  toName: string,
  options: CopyOptions,
  made: Set<string>,
): Promise<void> {
  const source = await pinChild(from.fd, name);
  // Removed meanwhile: nothing to copy.
  if (!source) return;
  try {
    if (raceWindow.hook) await raceWindow.hook('walked', name);
    const { stats } = source;
    const owner = options.owner === 'source' ? { uid: stats.uid, gid: stats.gid } : options.owner;
    if (stats.isDirectory()) {
      if (!made.has(fileKey(stats))) await copyFolder(source, to, toName, owner, options, made);
    } else if (stats.isFile()) {
      assertNotForeignHardLink(stats, from.stats);
      await copyRegularFile(source, to, toName, owner);
    } else if (stats.isSymbolicLink()) {
      await copyLink(from, name, to, toName, owner);
    }
  } finally {
    await closeDescriptor(source.fd);
  }
}

async function copyFolder(
  source: Folder,
  to: Folder,
  toName: string,
  owner: Owner | null,
  options: CopyOptions,
  made: Set<string>,
) {
  await mkdir(childPath(to.fd, toName), 0o700);
  const copy = await pinChild(to.fd, toName);
  try {
    if (!copy?.stats.isDirectory()) throw changedMeanwhile();
    made.add(fileKey(copy.stats));
    for (const child of await childNames(source.fd))
      await copyEntry(source, child, copy, child, options, made);
    if (owner) await chown(descriptorPath(copy.fd), owner.uid, owner.gid);
    await chmod(descriptorPath(copy.fd), source.stats.mode & 0o1777);
  } finally {
    if (copy) await closeDescriptor(copy.fd);
  }
}

async function copyRegularFile(source: Folder, to: Folder, toName: string, owner: Owner | null) {
  const reader = await open(descriptorPath(source.fd), READ_PINNED);
  try {
    const writer = await open(childPath(to.fd, toName), CREATE_NEW, 0o600);
    try {
      if (owner) await writer.chown(owner.uid, owner.gid);
      await copyContents(reader.fd, writer.fd, source.stats.size);
      await writer.chmod(source.stats.mode & 0o1777);
    } finally {
      await writer.close();
    }
  } finally {
    await reader.close();
  }
}

async function copyLink(from: Folder, name: string, to: Folder, toName: string, owner: Owner | null) {
  // Read by name: if it is no longer a link, it is not copied; another link's text is only text.
  const text = await readlink(childPath(from.fd, name)).catch((error: unknown) =>
    systemErrorCode(error) === 'EINVAL' ? null : Promise.reject(error),
  );
  if (text === null) return;
  await symlink(text, childPath(to.fd, toName));
  if (!owner) return;
  const copy = await pinChild(to.fd, toName);
  if (!copy) return;
  try {
    // chown of the pinned link itself (what lchown does, without a second lookup of the name).
    if (copy.stats.isSymbolicLink() && copy.stats.nlink === 1)
      await chown(descriptorPath(copy.fd), owner.uid, owner.gid);
  } finally {
    await closeDescriptor(copy.fd);
  }
}
