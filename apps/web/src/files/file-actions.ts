import type { FileEntry } from './api';
import type { FileDialogName } from './dialogs/types';
import type { MenuAction, ToolbarAction } from './file-rules';

/** The dialog each toolbar button opens (spec/001 §2); null for the buttons that act directly. */
export const TOOLBAR_DIALOGS: Partial<Record<ToolbarAction, FileDialogName>> = {
  move: 'move',
  copy: 'copy',
  rename: 'rename',
  archive: 'zip',
  extract: 'decompress',
  clean: 'empty',
  delete: 'delete',
  search: 'search',
  'new-file': 'create-file',
  'new-folder': 'create-folder',
  'url-download': 'remote-download',
  upload: 'upload',
  info: 'info',
  settings: 'settings',
};

/** The dialog each right-click item opens; open and download act directly. */
export const MENU_DIALOGS: Partial<Record<MenuAction, FileDialogName>> = {
  move: 'move',
  copy: 'copy',
  rename: 'rename',
  'import-database': 'import-database',
  archive: 'zip',
  extract: 'decompress',
  empty: 'empty',
  delete: 'delete',
};

/** The lines of the information dialog for one item. */
export function infoLines(
  entry: FileEntry,
  labels: Record<'path' | 'type' | 'size' | 'permission' | 'owner' | 'modified' | 'link', string>,
  modified: string,
) {
  const lines = [
    { label: labels.path, value: entry.path },
    {
      label: labels.type,
      value: entry.type === 'symbolic' ? `symbolic → ${entry.linkType ?? '?'}` : entry.type,
    },
    { label: labels.size, value: `${entry.size_format} (${entry.size})` },
    { label: labels.permission, value: `${entry.permission.string} (${entry.permission.number})` },
    { label: labels.owner, value: entry.owner },
    { label: labels.modified, value: modified },
  ];
  if (entry.link) lines.push({ label: labels.link, value: entry.link });
  return lines;
}
