import { lstatSync, type Stats } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isMainThread } from 'node:worker_threads';
import type { Confinement, PinnedNode } from './confine.js';
import { childPath, descriptorPath } from './descriptors.js';
import { FileError } from './errors.js';
import { presentItem, type FileItem, type ItemLink } from './file-item.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { loadAccounts } from './owners.js';

const LSTAT_BATCH = 2000;

/** POST /files/list {path, root} → {dirs, files} (spec/001 §7). Links to folders inside the root are dirs. */
export async function listFolder(
  confinement: Confinement,
  visible: string,
): Promise<{ dirs: FileItem[]; files: FileItem[] }> {
  const folder = await confinement.target(visible);
  if (!folder.stats.isDirectory()) throw new FileError(409, FILE_MESSAGES.notADirectory);
  const accounts = loadAccounts();
  // The pinned folder's own entries, whatever its path names meanwhile.
  const names = await readdir(descriptorPath(folder.fd));
  const dirs: FileItem[] = [];
  const files: FileItem[] = [];
  const add = (name: string, stats: Stats, link: ItemLink | null) => {
    const item = presentItem(visible, name, stats, accounts, link);
    (item.type === 'dir' || item.linkType === 'dir' ? dirs : files).push(item);
  };
  // lstat in synchronous batches: ~2x faster than 100k trips through libuv's small thread pool
  // (spec target: within 1.2x of `ls -l`), yielding between batches so other calls still run.
  for (let start = 0; start < names.length; start += LSTAT_BATCH) {
    if (start > 0) await yieldToEventLoop();
    const links: Array<{ name: string; stats: Stats }> = [];
    for (const [name, stats] of lstatBatch(folder, names.slice(start, start + LSTAT_BATCH))) {
      if (stats.isSymbolicLink()) links.push({ name, stats });
      else add(name, stats, null);
    }
    for (const { name, stats } of links) add(name, stats, await describeLink(confinement, folder, name));
  }
  const byName = (a: FileItem, b: FileItem) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return { dirs: dirs.sort(byName), files: files.sort(byName) };
}

/**
 * lstat of names in the pinned folder. In the agent's own process it works from inside the folder:
 * chdir to its descriptor, then one-name lookups, ~1.4x cheaper than the real path and ~2.5x
 * cheaper than /proc/self/fd/N/name each. The batch is synchronous, so nothing else runs while the
 * working folder is changed, and it is put back before anything else can. A worker thread may not
 * chdir: there, the /proc path. An entry removed meanwhile is simply not listed.
 */
function lstatBatch(folder: PinnedNode, names: string[]): Array<[string, Stats]> {
  const found: Array<[string, Stats]> = [];
  if (!isMainThread) {
    for (const name of names) {
      const stats = lstatSync(childPath(folder.fd, name), { throwIfNoEntry: false });
      if (stats) found.push([name, stats]);
    }
    return found;
  }
  let previous = '/';
  try {
    previous = process.cwd();
  } catch {
    // The working folder was removed: '/' afterwards.
  }
  process.chdir(descriptorPath(folder.fd));
  try {
    for (const name of names) {
      const stats = lstatSync(name, { throwIfNoEntry: false });
      if (stats) found.push([name, stats]);
    }
  } finally {
    try {
      process.chdir(previous);
    } catch {
      process.chdir('/');
    }
  }
  return found;
}

/**
 * A link's target, shown only when it resolves inside the root (spec/001 §2): walked like any path
 * from the pinned folder, so one leading out is never probed. Its descriptors are closed at once.
 */
async function describeLink(confinement: Confinement, folder: PinnedNode, name: string): Promise<ItemLink> {
  return confinement.scoped(async () => {
    try {
      const target = await confinement.follow(folder, name);
      return { target: confinement.toVisible(target.real), targetStats: target.stats };
    } catch (error) {
      if (error instanceof FileError) return { target: null, targetStats: null };
      throw error;
    }
  });
}
