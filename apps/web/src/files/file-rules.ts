import type { FileEntry } from './api/types';
import { DEFAULT_FILE_SETTINGS } from './dialogs/settings-rules';
import type { FileSettings } from './dialogs/types';

/**
 * The pure rules of the file manager shell (spec/001 §2, §5, §9): what the list shows, in which
 * order, what the toolbar and the right-click menu allow, the breadcrumb and the symlink rule.
 * Kept free of React so they are tested directly.
 */

export const DEFAULT_ROOT = '/';

/** spec/001 §9 file settings defaults (kept with the settings dialog's rules). */
export { DEFAULT_FILE_SETTINGS };

/** spec/001 §5: hidden unless 'Show system files' is on (paths of the server's filesystem root). */
export const SYSTEM_PATHS: readonly string[] = [
  '/swapfile',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/bin',
  '/sbin',
  '/srv',
  '/boot',
  '/lost+found',
  '/media',
  '/proc',
  '/run',
  '/dev',
  '/sys',
  '/usr',
  '/mnt',
  '/snap',
];

const SYSTEM_PATH_SET = new Set(SYSTEM_PATHS);

export function isSystemPath(path: string): boolean {
  return SYSTEM_PATH_SET.has(path);
}

/** Whether the list and the tree show an item under the current settings. */
export function isShown(item: Pick<FileEntry, 'path' | 'name' | 'hidden'>, settings: FileSettings): boolean {
  if (!settings.showSystemFiles && isSystemPath(item.path)) return false;
  const hidden = item.hidden || item.name.startsWith('.');
  if (hidden && !settings.showHiddenFiles) return settings.includes.includes(item.name);
  return true;
}

/** Folders first, then files, each by name (natural, case-insensitive). */
export function sortEntries<T extends Pick<FileEntry, 'name' | 'type' | 'linkType'>>(
  items: readonly T[],
): T[] {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return [...items].sort((a, b) => {
    const folderA = isFolder(a) ? 0 : 1;
    const folderB = isFolder(b) ? 0 : 1;
    return folderA - folderB || collator.compare(a.name, b.name);
  });
}

export function isFolder(item: Pick<FileEntry, 'type' | 'linkType'>): boolean {
  return item.type === 'dir' || (item.type === 'symbolic' && item.linkType === 'dir');
}

/** Size column: a dash for folders (spec/001 §2). */
export function sizeLabel(item: Pick<FileEntry, 'type' | 'linkType' | 'size_format'>): string {
  return isFolder(item) ? '-' : item.size_format;
}

/** '/a/b/c' → '/a/b'; '/a' → '/'. */
export function parentPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const at = trimmed.lastIndexOf('/');
  return at <= 0 ? '/' : trimmed.slice(0, at);
}

/** Going up is disabled at the root (spec/001 §2). */
export function canGoUp(path: string, root: string): boolean {
  return normalise(path) !== normalise(root) && isInsideRoot(path, root);
}

export function normalise(path: string): string {
  const cleaned = `/${path}`.replace(/\/+/g, '/');
  return cleaned.length > 1 ? cleaned.replace(/\/$/, '') : cleaned;
}

export function isInsideRoot(path: string, root: string): boolean {
  const p = normalise(path);
  const r = normalise(root);
  return r === '/' || p === r || p.startsWith(`${r}/`);
}

export interface Crumb {
  label: string;
  path: string;
}

/** The breadcrumb: the root as the first crumb, then each segment below it. */
export function breadcrumb(path: string, root: string): Crumb[] {
  const r = normalise(root);
  const p = normalise(path);
  const crumbs: Crumb[] = [{ label: r, path: r }];
  if (!isInsideRoot(p, r) || p === r) return crumbs;
  const rest = (r === '/' ? p.slice(1) : p.slice(r.length + 1)).split('/');
  let at = r === '/' ? '' : r;
  for (const segment of rest) {
    at = `${at}/${segment}`;
    crumbs.push({ label: segment, path: at });
  }
  return crumbs;
}

/** What opening an item does: a folder to list, a file to show in a tab, or the symlink refusal. */
export type OpenTarget =
  | { kind: 'dir'; path: string }
  | { kind: 'file'; path: string }
  | { kind: 'refused'; reason: 'symlinkOutsideRoot' };

/**
 * spec/001 §2: a link is followed only when its target is inside the root; the agent reports the
 * target (`link`) only in that case, so a link without one shows the refusal message.
 */
export function openTarget(
  item: Pick<FileEntry, 'type' | 'path' | 'link' | 'linkType'>,
  root: string,
): OpenTarget {
  if (item.type === 'dir') return { kind: 'dir', path: item.path };
  if (item.type === 'file') return { kind: 'file', path: item.path };
  if (!item.link || !item.linkType || !isInsideRoot(item.link, root)) {
    return { kind: 'refused', reason: 'symlinkOutsideRoot' };
  }
  return { kind: item.linkType, path: item.linkType === 'dir' ? item.path : item.link };
}

/** Clicking a row toggles it as the single selection (spec/001 §2). */
export function toggleSingle(selected: readonly string[], path: string): string[] {
  return selected.length === 1 && selected[0] === path ? [] : [path];
}

/** A row checkbox adds or removes one item, keeping the others. */
export function toggleChecked(selected: readonly string[], path: string): string[] {
  return selected.includes(path) ? selected.filter((p) => p !== path) : [...selected, path];
}

/** The select-all checkbox: all when some are missing, none when all are selected. */
export function toggleAll(selected: readonly string[], all: readonly string[]): string[] {
  const chosen = new Set(selected);
  return all.length > 0 && all.every((p) => chosen.has(p)) ? [] : [...all];
}

/** spec/001 §2: import database only for names containing .sql, .sql.gz or .zip. */
export function canImportDatabase(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.includes('.sql') || lower.includes('.zip');
}

export type ToolbarAction =
  | 'up'
  | 'move'
  | 'copy'
  | 'rename'
  | 'archive'
  | 'extract'
  | 'download'
  | 'clean'
  | 'delete'
  | 'search'
  | 'reload'
  | 'new-file'
  | 'new-folder'
  | 'url-download'
  | 'upload'
  | 'info'
  | 'settings';

export interface ToolbarFacts {
  ready: boolean;
  path: string;
  root: string;
  selection: ReadonlyArray<Pick<FileEntry, 'type' | 'linkType' | 'isCompressed'>>;
}

/** Which toolbar buttons are enabled (spec/001 §2 conditions; §4: nothing before the token or while loading). */
export function toolbarEnabled(action: ToolbarAction, facts: ToolbarFacts): boolean {
  if (!facts.ready) return false;
  const { selection } = facts;
  const one = selection.length === 1 ? selection[0] : undefined;
  const some = selection.length > 0;
  switch (action) {
    case 'up':
      return canGoUp(facts.path, facts.root);
    case 'move':
    case 'copy':
    case 'archive':
    case 'delete':
      return some;
    case 'rename':
    case 'info':
      return one !== undefined;
    case 'extract':
      return one !== undefined && one.isCompressed;
    case 'download':
    case 'clean':
      return one !== undefined && !isFolder(one);
    default:
      return true;
  }
}

export type MenuAction =
  | 'open'
  | 'move'
  | 'copy'
  | 'rename'
  | 'import-database'
  | 'archive'
  | 'extract'
  | 'download'
  | 'empty'
  | 'delete';

/** The right-click menu items shown for an item (spec/001 §2). */
export function menuActions(
  item: Pick<FileEntry, 'name' | 'type' | 'linkType' | 'isCompressed'>,
): MenuAction[] {
  const folder = isFolder(item);
  const actions: MenuAction[] = ['open', 'move', 'copy', 'rename'];
  if (!folder && canImportDatabase(item.name)) actions.push('import-database');
  actions.push('archive');
  if (item.isCompressed) actions.push('extract');
  if (!folder) actions.push('download', 'empty');
  actions.push('delete');
  return actions;
}

/** Date column from unix seconds. */
export function formatModified(seconds: number, locale: string): string {
  return new Date(seconds * 1000).toLocaleString(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}
