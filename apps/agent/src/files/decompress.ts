import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CallContext } from './context.js';
import { conflict, FileError } from './errors.js';
import { extractTar } from './extract-tar.js';
import { extractionBudget, ExtractionTarget } from './extract-target.js';
import { extractZip } from './extract-zip.js';
import { ensureFolders, inheritedOwner } from './folders.js';
import { FILE_MESSAGES } from './messages.js';
import { basenameOf, extensionOf } from './mime.js';
import type { Payload } from './payload.js';
import { payloadPaths } from './mutations.js';

const posix = path.posix;

/**
 * POST /files/decompress {path, root, here} (spec/001 §5, §7): here (default) extracts into the
 * archive's folder, otherwise into a folder named after the archive. The archive is unpacked into
 * a private staging folder inside the destination (extract-target.ts enforces the entry rules and
 * caps); only a fully checked extraction is moved into place. A refused archive (zip-slip, links
 * out, devices, a bomb) answers 4xx and leaves nothing: the staging folder, and a folder this call
 * created, are removed.
 */
export async function decompressArchive(context: CallContext, payload: Payload): Promise<string> {
  const { confinement, options } = context;
  const [visible] = await payloadPaths(context, payload);
  const archiveVisible = visible as string;
  const archiveReal = await confinement.target(archiveVisible);
  const name = posix.basename(archiveVisible);
  const extension = extensionOf(name);
  const kind = extension === 'zip' ? 'zip' : ['tar', 'tar.gz', 'tgz'].includes(extension) ? 'tar' : null;
  if (!kind)
    throw new FileError(422, FILE_MESSAGES.unsupportedArchive, { path: FILE_MESSAGES.unsupportedArchive });
  const here = payload.boolean('here', true);
  const folderVisible = here
    ? posix.dirname(archiveVisible)
    : posix.join(posix.dirname(archiveVisible), basenameOf(name) || `${name}.d`);

  const archive = await confinement.openFile(archiveReal, constants.O_RDONLY);
  let createdFolder: string | null = null;
  try {
    const archiveStats = await archive.stat();
    if (!archiveStats.isFile()) throw new FileError(409, FILE_MESSAGES.notAFile);
    const folder = await ensureFolders(confinement, folderVisible);
    if (folder.created) createdFolder = folder.real;
    const stagingName = `.hdextract-${randomBytes(6).toString('hex')}`;
    await confinement.inDirectory(folder.real, (directory) =>
      mkdir(posix.join(directory, stagingName), 0o700),
    );
    const staging = posix.join(folder.real, stagingName);
    const maxBytes = extractionBudget(options.archive, archiveStats.size);
    const target = new ExtractionTarget(
      staging,
      { maxEntries: options.archive.maxEntries, maxBytes },
      inheritedOwner(await stat(folder.real)),
    );
    try {
      const source = confinement.descriptorPath(archive, archiveReal);
      if (kind === 'zip') await extractZip(source, target, maxBytes, options.archive.maxEntries);
      else await extractTar(source, target);
      await target.verifyLinks();
      await findConflicts(staging, folder.real);
      await moveInto(staging, folder.real);
      createdFolder = null;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } finally {
    await archive.close();
    if (createdFolder) await rmdir(createdFolder).catch(() => undefined);
  }
  return folderVisible;
}

async function lstatOrNull(file: string) {
  return lstat(file).catch(() => null);
}

/**
 * Before anything moves: a staged folder may only merge into a real folder (never into a link),
 * and a staged file may not replace a folder. Such clashes are a 409 and nothing is moved.
 */
async function findConflicts(from: string, to: string): Promise<void> {
  for (const name of await readdir(from)) {
    const staged = await lstat(posix.join(from, name));
    const existing = await lstatOrNull(posix.join(to, name));
    if (!existing) continue;
    if (staged.isDirectory() && existing.isDirectory())
      await findConflicts(posix.join(from, name), posix.join(to, name));
    else if (staged.isDirectory() || existing.isDirectory()) throw conflict();
  }
}

/** Moves the staged tree into place: new names by rename, folders merged, files replaced (as unzip -o). */
async function moveInto(from: string, to: string): Promise<void> {
  for (const name of await readdir(from)) {
    const staged = posix.join(from, name);
    const existing = await lstatOrNull(posix.join(to, name));
    if (existing?.isDirectory()) await moveInto(staged, posix.join(to, name));
    else await rename(staged, posix.join(to, name));
  }
}
