/** spec/001 §5 / §9: rename limit. */
export const NAME_MAX_LENGTH = 255;

/** Rename: required, ≤ 255, and different from the current name. */
export function canRename(current: string, next: string): boolean {
  const trimmed = next.trim();
  return trimmed !== '' && trimmed.length <= NAME_MAX_LENGTH && !trimmed.includes('/') && trimmed !== current;
}

/** Create file or folder: non-empty (sub-folders allowed: 'folder/filename.txt', 'abc/def/xyz'). */
export const isCreateNameValid = (name: string) => name.trim().replace(/^\/+|\/+$/g, '') !== '';

/** Joins a folder and a relative name into a visible path: ('/var', 'a/b') → '/var/a/b'. */
export function joinPath(folder: string, name: string): string {
  const clean = name.trim().replace(/^\/+|\/+$/g, '');
  return folder === '/' || folder === '' ? `/${clean}` : `${folder.replace(/\/+$/, '')}/${clean}`;
}

/** '/var/www/x.zip' → 'x.zip'; '/' → ''. */
export const lastSegment = (path: string) => path.split('/').filter(Boolean).pop() ?? '';

/** '/var/www/x.zip' → '/var/www'. */
export function parentPath(path: string): string {
  const segments = path.split('/').filter(Boolean);
  segments.pop();
  return `/${segments.join('/')}`;
}

/** The names directly in `folder` among the loaded entries (what a new name must not repeat). */
export function namesInFolder(folder: string, entries: ReadonlyArray<{ path: string }>): Set<string> {
  return new Set(
    entries.filter((entry) => parentPath(entry.path) === folder).map((e) => lastSegment(e.path)),
  );
}
