import { AGENT_MULTI_PATH_ARCHIVE_VERSION } from '@hostdeck/contracts';
import type { ArchiveType } from '../api/types';
import { lastSegment, parentPath } from './name-rules';

export const ARCHIVE_TYPES: readonly ArchiveType[] = ['zip', 'tar', 'tar.gz'];
export const ZIP_LEVEL_MIN = 0;
export const ZIP_LEVEL_MAX = 9;
export const ZIP_LEVEL_DEFAULT = 3;
export const ARCHIVE_JUNK_DEFAULT = true;
/**
 * spec/001 §9 "Agent version 22 is the threshold for multi-path archive": agents from 22 on take
 * several paths; older ones archive one folder (§5).
 */
export const MULTI_PATH_AGENT_VERSION = AGENT_MULTI_PATH_ARCHIVE_VERSION;

/** The name when neither the item nor its folder has one (an archive of the root's items). */
export const FALLBACK_ARCHIVE_NAME = 'archive';

/**
 * The name the archive dialog starts with: one item's own name, or for several the name of the
 * folder holding them (`/var/www/site` + 3 files → `site.zip`), plus the type extension; `-2`,
 * `-3`… when the folder has that name already (`taken`: the names in the folder).
 */
export function defaultArchiveName(
  paths: readonly string[],
  type: ArchiveType,
  taken: ReadonlySet<string> = new Set(),
): string {
  const [first = ''] = paths;
  const base =
    (paths.length === 1 ? lastSegment(first) : lastSegment(parentPath(first))) || FALLBACK_ARCHIVE_NAME;
  let name = `${base}.${type}`;
  for (let counter = 2; taken.has(name); counter += 1) name = `${base}-${counter}.${type}`;
  return name;
}

/** Changing the type swaps the extension: 'site.zip' → 'site.tar.gz'. A name without one gains it. */
export function swapArchiveExtension(name: string, type: ArchiveType): string {
  const known = [...ARCHIVE_TYPES]
    .sort((a, b) => b.length - a.length)
    .find((ext) => name.endsWith(`.${ext}`));
  const base = known ? name.slice(0, -(known.length + 1)) : name;
  return `${base}.${type}`;
}

export const isOldAgent = (agentVersion: number | null) =>
  agentVersion !== null && agentVersion < MULTI_PATH_AGENT_VERSION;

/**
 * The paths sent: all of them, or for an old agent the first folder only; null when an old agent
 * has no folder selected ('No folder selected').
 */
export function archivePaths(
  items: ReadonlyArray<{ path: string; type: string; linkType?: string | null }>,
  agentVersion: number | null,
): string[] | null {
  if (!isOldAgent(agentVersion)) return items.map((item) => item.path);
  const folder = items.find((item) => item.type === 'dir' || item.linkType === 'dir');
  return folder ? [folder.path] : null;
}

/** 'site.tar.gz' → 'site' (the folder 'extract to a folder' creates, as the agent names it). */
export function archiveFolderName(name: string): string {
  const stripped = name.replace(/\.(tar\.gz|tgz|tar|zip)$/i, '');
  return stripped === '' ? `${name}.d` : stripped;
}

/**
 * What extracting may replace (the agent replaces files of the same name, as unzip -o): 'here'
 * into the archive's own folder; 'existing-folder' when the folder named after the archive is
 * there already; null for a new folder, where nothing can be replaced.
 */
export function extractionRisk(
  here: boolean,
  archivePath: string,
  namesInFolder: ReadonlySet<string>,
): 'here' | 'existing-folder' | null {
  if (here) return 'here';
  return namesInFolder.has(archiveFolderName(lastSegment(archivePath))) ? 'existing-folder' : null;
}
