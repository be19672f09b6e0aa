import { lstatSync, type Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isInside, type Confinement } from './confine.js';
import { FileError, systemErrorCode } from './errors.js';
import { presentItem, type FileItem, type ItemLink } from './file-item.js';
import { FILE_MESSAGES } from './messages.js';
import { loadAccounts } from './owners.js';

const LSTAT_BATCH = 2000;

/** POST /files/list {path, root} → {dirs, files} (spec/001 §7). Links to folders inside the root are dirs. */
export async function listFolder(
  confinement: Confinement,
  visible: string,
): Promise<{ dirs: FileItem[]; files: FileItem[] }> {
  const real = await confinement.target(visible);
  if (!(await stat(real)).isDirectory()) throw new FileError(409, FILE_MESSAGES.notADirectory);
  const accounts = loadAccounts();
  return confinement.inDirectory(real, async (directory) => {
    const names = await readdir(directory);
    const pinned = await stat(directory);
    const dirs: FileItem[] = [];
    const files: FileItem[] = [];
    // lstat in synchronous batches: ~2x faster than 100k trips through libuv's small thread pool
    // (spec target: within 1.2x of `ls -l`), yielding between batches so other calls still run.
    for (let start = 0; start < names.length; start += LSTAT_BATCH) {
      if (start > 0) await yieldToEventLoop();
      for (const name of names.slice(start, start + LSTAT_BATCH)) {
        // The real path, not the pinned /proc/self/fd one: ~1.6x cheaper per lstat. A swap of the
        // folder meanwhile is caught below, before anything is answered.
        const entryPath = `${real}/${name}`;
        // An entry removed between readdir and lstat is simply not listed.
        const stats = lstatSync(entryPath, { throwIfNoEntry: false });
        if (!stats) continue;
        const link = stats.isSymbolicLink() ? await describeLink(confinement, entryPath) : null;
        const item = presentItem(visible, name, stats, accounts, link);
        (item.type === 'dir' || item.linkType === 'dir' ? dirs : files).push(item);
      }
    }
    const now = await stat(real);
    if (now.ino !== pinned.ino || now.dev !== pinned.dev)
      throw new FileError(409, FILE_MESSAGES.notADirectory);
    const byName = (a: FileItem, b: FileItem) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    return { dirs: dirs.sort(byName), files: files.sort(byName) };
  });
}

/** A link's target, shown only when it resolves inside the root (spec/001 §2); outside ones are not probed further. */
async function describeLink(confinement: Confinement, entryPath: string): Promise<ItemLink> {
  let target: string;
  try {
    target = await realpath(entryPath);
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT' || systemErrorCode(error) === 'ELOOP')
      return { target: null, targetStats: null };
    throw error;
  }
  if (!isInside(target, confinement.realRoot)) return { target: null, targetStats: null };
  const targetStats: Stats | null = await stat(target).catch(() => null);
  return { target: confinement.toVisible(target), targetStats };
}
