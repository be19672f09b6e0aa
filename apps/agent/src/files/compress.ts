import { randomBytes } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { walkArchive, type ArchiveEntry, type ArchiveItem } from './archive-walk.js';
import { writeAtomically } from './atomic-write.js';
import { checkName } from './confine.js';
import type { CallContext } from './context.js';
import { childPath } from './descriptors.js';
import { FileError, forbidden } from './errors.js';
import { presentItem, type FileItem } from './file-item.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { loadAccounts } from './owners.js';
import type { Payload } from './payload.js';
import { payloadPaths } from './mutations.js';
import { writeStreamOf } from './fd-streams.js';
import { TarWriter } from './tar-writer.js';
import { ZipWriter } from './zip-writer.js';

const posix = path.posix;
const ARCHIVE_TYPES = ['zip', 'tar', 'tar.gz'] as const;
type ArchiveType = (typeof ARCHIVE_TYPES)[number];
const SYMLINK_MODE = 0o120777;

/**
 * POST /files/compress {path (array, or one string from old agents), root, level, type, junk, name}
 * (spec/001 §5, §7). The archive is written beside the first item, atomically. junk (default true)
 * stores paths relative to the items' folder; without it the full path (minus the leading '/').
 * Every item is pinned, then walked through descriptors (archive-walk.ts): links are stored as
 * links and never followed, so nothing outside the root gets in; a selected item that is itself a
 * link is archived through it only when it stays inside the root.
 */
export async function compressPaths(context: CallContext, payload: Payload): Promise<FileItem> {
  const { confinement } = context;
  const type = (payload.optionalString('type') || 'zip') as ArchiveType;
  if (!ARCHIVE_TYPES.includes(type))
    throw new FileError(422, FILE_MESSAGES.invalidType, { type: FILE_MESSAGES.invalidType });
  const level = payload.integer('level', 3, 0, 9, FILE_MESSAGES.invalidLevel);
  const junk = payload.boolean('junk', true);
  const visibles = await payloadPaths(context, payload);
  const nodes = [];
  for (const visible of visibles) nodes.push(await confinement.target(visible));
  const includesRoot = nodes.some((node) => node === confinement.root || !node.parent);
  if (includesRoot && visibles.length > 1) throw forbidden(FILE_MESSAGES.rootProtected);

  // Names in the archive are relative to the deepest folder holding every item.
  const cwd = commonFolder(nodes.map((node) => posix.dirname(node.real)));
  const cwdVisible = confinement.toVisible(cwd);
  const prefix = junk || cwdVisible === '/' ? '' : `${cwdVisible.slice(1)}/`;
  const items: ArchiveItem[] = nodes.map((node) => ({
    node,
    name: `${prefix}${posix.relative(cwd, node.real)}`.replace(/\/$/, ''),
  }));
  // The archive goes beside the first item; for the root itself (whose folder is outside), into it.
  const first = visibles[0] as string;
  const folderVisible = includesRoot ? first : posix.dirname(first);
  const defaultName =
    visibles.length === 1 ? posix.basename(first) : `archive-${randomBytes(4).toString('hex')}`;
  const name = checkName(payload.optionalString('name') || `${defaultName}.${type}`);
  const destination = await confinement.destination(posix.join(folderVisible, name));
  const chunkBytes = context.options.chunkBytes;
  await writeAtomically(destination, { overwrite: false }, async (handle) => {
    const output = writeStreamOf(handle, chunkBytes);
    if (type === 'zip') await writeZip(items, level, chunkBytes, output);
    else await writeTar(items, type === 'tar.gz' ? level : null, chunkBytes, output);
  });
  const stats = await lstat(childPath(destination.folder.fd, destination.name));
  return presentItem(folderVisible, name, stats, loadAccounts(), null);
}

/** The deepest folder holding every one of `folders`. */
function commonFolder(folders: string[]): string {
  let common = folders[0] as string;
  for (const folder of folders) {
    while (common !== '/' && folder !== common && !folder.startsWith(`${common}/`))
      common = posix.dirname(common);
  }
  return common;
}

async function writeTar(
  items: ArchiveItem[],
  gzipLevel: number | null,
  chunkBytes: number,
  output: Writable,
) {
  const gzip = gzipLevel === null ? null : createGzip({ level: gzipLevel, chunkSize: chunkBytes });
  const piped = gzip ? pipeline(gzip, output) : null;
  piped?.catch(() => undefined);
  const tar = new TarWriter(gzip ?? output, chunkBytes);
  await walkArchive(items, async (entry: ArchiveEntry) => {
    if (entry.kind === 'directory') await tar.addDirectory(entry.name, entry.stats);
    else if (entry.kind === 'link') await tar.addSymlink(entry.name, entry.text, entry.stats);
    else await tar.addFile(entry.name, entry.handle, entry.stats);
  });
  await tar.finish();
  await piped;
}

/**
 * zip through our ZipWriter, walking depth first: each file is opened only when its turn comes, so
 * a 100k-file tree holds one descriptor at a time. Level 0 stores; 1-9 deflate.
 */
async function writeZip(items: ArchiveItem[], level: number, chunkBytes: number, output: Writable) {
  const zip = new ZipWriter(output, chunkBytes);
  const failed = new Promise<never>((_, reject) => output.once('error', reject));
  failed.catch(() => undefined);
  const add = async (entry: ArchiveEntry) => {
    const info = { mtime: entry.stats.mtime };
    if (entry.kind === 'link') await zip.addSymlink(entry.name, entry.text, { ...info, mode: SYMLINK_MODE });
    else if (entry.kind === 'directory')
      await zip.addDirectory(entry.name, { ...info, mode: entry.stats.mode & 0o40777 });
    else
      await zip.addFile(entry.name, entry.handle, entry.stats.size, level, {
        ...info,
        mode: entry.stats.mode & 0o100777,
      });
  };
  await Promise.race([
    (async () => {
      await walkArchive(items, add);
      await zip.finish();
    })(),
    failed,
  ]);
  await new Promise<void>((resolve, reject) => {
    output.once('error', reject);
    output.end(() => resolve());
  });
}
