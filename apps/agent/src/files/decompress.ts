import { randomBytes } from 'node:crypto';
import { lstat, mkdir, rename, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { Confinement, type PinnedNode } from './confine.js';
import type { CallContext } from './context.js';
import {
  childPath,
  closeDescriptor,
  descriptorPath,
  openDescriptor,
  pinChild,
  PIN_FOLDER,
  raceWindow,
  sameFile,
} from './descriptors.js';
import { conflict, FileError, systemErrorCode } from './errors.js';
import { extractTar } from './extract-tar.js';
import { extractionBudget, ExtractionTarget } from './extract-target.js';
import { extractZip } from './extract-zip.js';
import { ensureFolders, inheritedOwner } from './folders.js';
import { assertNotForeignHardLink } from './hard-links.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { basenameOf, extensionOf } from './mime.js';
import type { Payload } from './payload.js';
import { payloadPaths } from './mutations.js';
import { childNames, removeTree } from './tree-walk.js';

const posix = path.posix;

/**
 * POST /files/decompress {path, root, here} (spec/001 §5, §7): here (default) extracts into the
 * archive's folder, otherwise into a folder named after the archive. The archive is unpacked into
 * a private staging folder inside the destination (extract-target.ts enforces the entry rules and
 * caps); only a fully checked extraction is moved into place, through the pinned descriptors of
 * both. A refused archive (zip-slip, links out, devices, a bomb) answers 4xx and leaves nothing:
 * the staging folder, and a folder this call created, are removed.
 */
export async function decompressArchive(context: CallContext, payload: Payload): Promise<string> {
  const { confinement, options } = context;
  const [visible] = await payloadPaths(context, payload);
  const archiveVisible = visible as string;
  const archiveNode = await confinement.target(archiveVisible);
  const name = posix.basename(archiveVisible);
  const extension = extensionOf(name);
  const kind = extension === 'zip' ? 'zip' : ['tar', 'tar.gz', 'tgz'].includes(extension) ? 'tar' : null;
  if (!kind)
    throw new FileError(422, FILE_MESSAGES.unsupportedArchive, { path: FILE_MESSAGES.unsupportedArchive });
  const here = payload.boolean('here', true);
  const folderVisible = here
    ? posix.dirname(archiveVisible)
    : posix.join(posix.dirname(archiveVisible), basenameOf(name) || `${name}.d`);

  assertNotForeignHardLink(archiveNode.stats, archiveNode.parent?.stats ?? null);
  const archive = await confinement.openPinned(archiveNode);
  let createdFolder: PinnedNode | null = null;
  try {
    const archiveStats = await archive.stat();
    const { folder, created } = await ensureFolders(confinement, folderVisible);
    if (created) createdFolder = folder;
    const stagingName = `.hdextract-${randomBytes(6).toString('hex')}`;
    await mkdir(childPath(folder.fd, stagingName), 0o700);
    const pinned = await confinement.child(folder, stagingName);
    try {
      // Ours, and still private: a folder swapped in under its name is not written into.
      if (!pinned?.stats.isDirectory() || pinned.stats.uid !== process.getuid?.())
        throw new FileError(409, FILE_MESSAGES.changedMeanwhile);
      const staging = await Confinement.open(descriptorPath(pinned.fd));
      try {
        const maxBytes = extractionBudget(options.archive, archiveStats.size);
        const target = new ExtractionTarget(
          staging,
          { maxEntries: options.archive.maxEntries, maxBytes },
          inheritedOwner(folder.stats),
        );
        // The archive's own open descriptor: yauzl and the tar reader open exactly that file.
        const source = descriptorPath(archive.fd);
        if (kind === 'zip') await extractZip(source, target, maxBytes, options.archive.maxEntries);
        else await extractTar(source, target);
        await target.verifyLinks();
        await findConflicts(staging.root.fd, folder.fd);
        await moveInto(staging.root.fd, folder.fd);
        createdFolder = null;
      } finally {
        await staging.close();
      }
    } finally {
      if (pinned) await removeStaging(folder, stagingName, pinned);
    }
  } finally {
    await archive.close();
    const parent = createdFolder?.parent;
    if (createdFolder && parent) await rmdir(childPath(parent.fd, createdFolder.name)).catch(() => undefined);
  }
  return folderVisible;
}

/** Empties the staging folder through its descriptor, then removes its name if it still names it. */
async function removeStaging(folder: PinnedNode, name: string, staging: PinnedNode): Promise<void> {
  for (const child of await childNames(staging.fd)) await removeTree(staging.fd, child);
  const now = await pinChild(folder.fd, name);
  if (!now) return;
  try {
    if (sameFile(now.stats, staging.stats)) await rmdir(childPath(folder.fd, name)).catch(() => undefined);
  } finally {
    await closeDescriptor(now.fd);
  }
}

async function lstatOrNull(file: string) {
  return lstat(file).catch(() => null);
}

/** Runs `work` on the same-named sub-folders of two pinned folders, both pinned (never through a link). */
async function inSubfolders(
  fromFd: number,
  toFd: number,
  name: string,
  work: (from: number, to: number) => Promise<void>,
): Promise<void> {
  const from = await openDescriptor(childPath(fromFd, name), PIN_FOLDER);
  try {
    const to = await openDescriptor(childPath(toFd, name), PIN_FOLDER).catch((error: unknown) => {
      // Swapped for a link or a file since it was looked at: a clash, as findConflicts reports.
      throw ['ELOOP', 'ENOTDIR'].includes(systemErrorCode(error) ?? '') ? conflict() : error;
    });
    try {
      await work(from, to);
    } finally {
      await closeDescriptor(to);
    }
  } finally {
    await closeDescriptor(from);
  }
}

/**
 * Before anything moves: a staged folder may only merge into a real folder (never into a link),
 * and a staged file may not replace a folder. Such clashes are a 409 and nothing is moved.
 */
async function findConflicts(fromFd: number, toFd: number): Promise<void> {
  for (const name of await childNames(fromFd)) {
    const staged = await lstat(childPath(fromFd, name));
    const existing = await lstatOrNull(childPath(toFd, name));
    if (!existing) continue;
    if (staged.isDirectory() && existing.isDirectory()) await inSubfolders(fromFd, toFd, name, findConflicts);
    else if (staged.isDirectory() || existing.isDirectory()) throw conflict();
  }
}

/**
 * Moves the staged tree into place: new names by rename, folders merged, files replaced (as unzip -o).
 * Names are renamed between pinned folders, and a folder is merged into only once it is pinned as a
 * real folder, so a link swapped in on the way is replaced as a name, never written through.
 */
async function moveInto(fromFd: number, toFd: number): Promise<void> {
  for (const name of await childNames(fromFd)) {
    const existing = await lstatOrNull(childPath(toFd, name));
    if (raceWindow.hook) await raceWindow.hook('walked', name);
    if (existing?.isDirectory()) await inSubfolders(fromFd, toFd, name, moveInto);
    else await rename(childPath(fromFd, name), childPath(toFd, name));
  }
}
