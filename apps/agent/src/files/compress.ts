import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create as createTar } from 'tar';
import { writeAtomically } from './atomic-write.js';
import { checkName } from './confine.js';
import type { CallContext } from './context.js';
import { FileError, forbidden } from './errors.js';
import { presentItem, type FileItem } from './file-item.js';
import { FILE_MESSAGES } from './messages.js';
import { loadAccounts } from './owners.js';
import type { Payload } from './payload.js';
import { payloadPaths } from './mutations.js';
import { writeStreamOf } from './fd-streams.js';
import { ZipWriter } from './zip-writer.js';

const posix = path.posix;
const ARCHIVE_TYPES = ['zip', 'tar', 'tar.gz'] as const;
type ArchiveType = (typeof ARCHIVE_TYPES)[number];
/** Temp files of writes in progress (atomic-write.ts) are never archived. */
const TEMP_NAME = /^\..*\.[0-9a-f]{12}\.hdtmp$/;
const SYMLINK_MODE = 0o120777;

interface ArchiveSource {
  /** Real folder the entry names are relative to. */
  cwd: string;
  /** Relative paths (from cwd) of the selected items. */
  items: string[];
  /** '' with junk, else the folder's visible path without its leading '/', plus '/'. */
  prefix: string;
}

/**
 * POST /files/compress {path (array, or one string from old agents), root, level, type, junk, name}
 * (spec/001 §5, §7). The archive is written beside the first item, atomically. junk (default true)
 * stores paths relative to the items' folder; without it the full path (minus the leading '/').
 * Links are stored as links and never followed, so nothing outside the root gets in; a selected
 * item that is itself a link is archived through it only when it stays inside the root.
 */
export async function compressPaths(context: CallContext, payload: Payload): Promise<FileItem> {
  const { confinement } = context;
  const type = (payload.optionalString('type') || 'zip') as ArchiveType;
  if (!ARCHIVE_TYPES.includes(type))
    throw new FileError(422, FILE_MESSAGES.invalidType, { type: FILE_MESSAGES.invalidType });
  const level = payload.integer('level', 3, 0, 9, FILE_MESSAGES.invalidLevel);
  const junk = payload.boolean('junk', true);
  const visibles = await payloadPaths(context, payload);
  const reals = await Promise.all(visibles.map((visible) => confinement.target(visible)));
  if (reals.includes(confinement.realRoot) && visibles.length > 1)
    throw forbidden(FILE_MESSAGES.rootProtected);

  const cwd = commonFolder(reals.map((real) => posix.dirname(real)));
  // The archive goes beside the first item; for the root itself (whose folder is outside), into it.
  const first = visibles[0] as string;
  const folderVisible = reals[0] === confinement.realRoot ? first : posix.dirname(first);
  const cwdVisible = confinement.toVisible(cwd);
  const source: ArchiveSource = {
    cwd,
    items: reals.map((real) => posix.relative(cwd, real)),
    prefix: junk || cwdVisible === '/' ? '' : `${cwdVisible.slice(1)}/`,
  };
  const defaultName =
    visibles.length === 1
      ? posix.basename(visibles[0] as string)
      : `archive-${randomBytes(4).toString('hex')}`;
  const name = checkName(payload.optionalString('name') || `${defaultName}.${type}`);
  const destination = await confinement.destination(posix.join(folderVisible, name));
  const chunkBytes = context.options.chunkBytes;
  await writeAtomically(confinement, destination, { overwrite: false }, async (handle) => {
    const output = writeStreamOf(handle, chunkBytes);
    if (type === 'zip') await writeZip(source, level, chunkBytes, output);
    else await pipeline(tarStream(source, type === 'tar.gz' ? level : null), output);
  });
  const stats = await lstat(posix.join(destination.parentReal, destination.name));
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

function tarStream(source: ArchiveSource, gzipLevel: number | null): AsyncIterable<Buffer> {
  return createTar(
    {
      cwd: source.cwd,
      prefix: source.prefix || undefined,
      gzip: gzipLevel === null ? false : { level: gzipLevel },
      // No uid, gid or user names in the archive; links stay links (follow is off by default).
      portable: true,
      filter: (entryPath: string, stats: Stats | unknown) => {
        if (TEMP_NAME.test(posix.basename(entryPath))) return false;
        const kind = stats as Stats;
        return (
          typeof kind.isFile !== 'function' || kind.isFile() || kind.isDirectory() || kind.isSymbolicLink()
        );
      },
    },
    source.items.length ? source.items : ['.'],
  ) as unknown as AsyncIterable<Buffer>;
}

/**
 * zip through our ZipWriter, walking depth first (lstat): each file is opened only when its turn
 * comes, so a 100k-file tree holds one descriptor at a time. Level 0 stores; 1-9 deflate.
 */
async function writeZip(
  source: ArchiveSource,
  level: number,
  chunkBytes: number,
  output: Writable,
): Promise<void> {
  const zip = new ZipWriter(output, chunkBytes);
  const failed = new Promise<never>((_, reject) => output.once('error', reject));
  failed.catch(() => undefined);
  const add = async (relative: string): Promise<void> => {
    const real = relative === '' ? source.cwd : posix.join(source.cwd, relative);
    const stats = await lstat(real);
    const name = `${source.prefix}${relative}`;
    if (stats.isSymbolicLink()) {
      await zip.addSymlink(name, await readlink(real), { mode: SYMLINK_MODE, mtime: stats.mtime });
    } else if (stats.isFile()) {
      const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW);
      try {
        await zip.addFile(name, handle, stats.size, level, {
          mode: stats.mode & 0o100777,
          mtime: stats.mtime,
        });
      } finally {
        await handle.close();
      }
    } else if (stats.isDirectory()) {
      if (name !== '') await zip.addDirectory(name, { mode: stats.mode & 0o40777, mtime: stats.mtime });
      for (const child of (await readdir(real)).sort()) {
        if (!TEMP_NAME.test(child)) await add(relative === '' ? child : `${relative}/${child}`);
      }
    }
  };
  await Promise.race([
    (async () => {
      for (const item of source.items) await add(item);
      await zip.finish();
    })(),
    failed,
  ]);
  await new Promise<void>((resolve, reject) => {
    output.once('error', reject);
    output.end(() => resolve());
  });
}
