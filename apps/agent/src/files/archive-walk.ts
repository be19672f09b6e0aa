import type { Stats } from 'node:fs';
import { open, readlink, type FileHandle } from 'node:fs/promises';
import type { PinnedNode } from './confine.js';
import {
  childPath,
  closeDescriptor,
  descriptorPath,
  pinChild,
  raceWindow,
  READ_PINNED,
} from './descriptors.js';
import { systemErrorCode } from './errors.js';
import { assertNotForeignHardLink } from './hard-links.js';
import { childNames, type Folder } from './tree-walk.js';

/** Temp files of writes in progress (atomic-write.ts) are never archived. */
const TEMP_NAME = /^\..*\.[0-9a-f]{12}\.hdtmp$/;

export type ArchiveEntry =
  | { kind: 'directory'; name: string; stats: Stats }
  | { kind: 'file'; name: string; stats: Stats; handle: FileHandle }
  | { kind: 'link'; name: string; stats: Stats; text: string };

/** A selected item: its pinned node, and its name in the archive ('' for a folder whose entries go at the top). */
export interface ArchiveItem {
  node: PinnedNode;
  name: string;
}

/**
 * Walks the selected items depth first, names sorted, for an archive writer (tree-walk.ts rules):
 * every entry is pinned inside its pinned folder before it is used, a file is read through its own
 * descriptor (opened only when its turn comes, so a 100k-file tree holds one file at a time), a
 * link is stored as a link and never followed, anything else (socket, pipe, device) is skipped.
 */
export async function walkArchive(items: ArchiveItem[], visit: (entry: ArchiveEntry) => Promise<void>) {
  for (const { node, name } of items) await visitPinned(node, node.parent, node.name, name, visit);
}

async function visitPinned(
  pinned: Folder,
  folder: Folder | null,
  nameInFolder: string,
  name: string,
  visit: (entry: ArchiveEntry) => Promise<void>,
): Promise<void> {
  const { stats } = pinned;
  if (stats.isFile()) {
    assertNotForeignHardLink(stats, folder?.stats ?? null);
    const handle = await open(descriptorPath(pinned.fd), READ_PINNED);
    try {
      await visit({ kind: 'file', name, stats, handle });
    } finally {
      await handle.close();
    }
  } else if (stats.isDirectory()) {
    if (name !== '') await visit({ kind: 'directory', name, stats });
    for (const child of (await childNames(pinned.fd)).sort()) {
      if (TEMP_NAME.test(child)) continue;
      const entry = await pinChild(pinned.fd, child);
      // Removed meanwhile: not archived.
      if (!entry) continue;
      try {
        if (raceWindow.hook) await raceWindow.hook('walked', child);
        await visitPinned(entry, pinned, child, name === '' ? child : `${name}/${child}`, visit);
      } finally {
        await closeDescriptor(entry.fd);
      }
    }
  } else if (stats.isSymbolicLink() && folder) {
    // Read by name: if it is no longer a link it is skipped; another link's text is only text.
    const text = await readlink(childPath(folder.fd, nameInFolder)).catch((error: unknown) =>
      systemErrorCode(error) === 'EINVAL' ? null : Promise.reject(error),
    );
    if (text !== null) await visit({ kind: 'link', name, stats, text });
  }
}
