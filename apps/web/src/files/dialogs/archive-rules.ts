import { AGENT_MULTI_PATH_ARCHIVE_VERSION } from '@hostdeck/contracts';
import type { ArchiveType } from '../api/types';
import { lastSegment } from './name-rules';

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

/** A short random id for the name of an archive of several items. */
export const randomArchiveId = () => Math.random().toString(36).slice(2, 10);

/** The last path segment for one item, else a random id; plus the type extension. */
export function defaultArchiveName(
  paths: readonly string[],
  type: ArchiveType,
  id = randomArchiveId(),
): string {
  const base = paths.length === 1 ? lastSegment(paths[0] ?? '') || id : id;
  return `${base}.${type}`;
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
