/** spec/001 §4: the list refresh after uploads waits this long after the last one. */
export const UPLOAD_REFRESH_DEBOUNCE_MS = 2000;

export interface UploadItem {
  id: number;
  file: File;
  /** 0..100 while uploading; null when idle. */
  progress: number | null;
}

/** The accept filter checks name endings, case-insensitively (spec/001 §5). */
export function isAccepted(name: string, accept: readonly string[] | undefined): boolean {
  if (!accept || accept.length === 0) return true;
  const lower = name.toLowerCase();
  return accept.some((ending) => lower.endsWith(ending.toLowerCase()));
}

let nextId = 1;

/**
 * Adds chosen files to the list (spec/001 §5): not accepted ones are skipped; in multiple mode a
 * name already listed is ignored; in single mode the first file replaces the list.
 */
export function addUploadFiles(
  list: readonly UploadItem[],
  files: readonly File[],
  options: { accept?: readonly string[]; mode?: 'multiple' | 'single' },
): UploadItem[] {
  const accepted = files.filter((file) => isAccepted(file.name, options.accept));
  if (options.mode === 'single') {
    const first = accepted[0];
    return first ? [{ id: nextId++, file: first, progress: null }] : [...list];
  }
  const names = new Set(list.map((item) => item.file.name));
  const added: UploadItem[] = [];
  for (const file of accepted) {
    if (names.has(file.name)) continue;
    names.add(file.name);
    added.push({ id: nextId++, file, progress: null });
  }
  return [...list, ...added];
}
