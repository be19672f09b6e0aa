import type { ViewLimit } from '../api/types';

/** spec/001 §9: the Lines selector; -1 = All. */
export const VIEW_LIMITS: readonly ViewLimit[] = [100, 300, 500, 1000, -1];
/** The whole file by default: only a whole file can be edited and saved. */
export const DEFAULT_VIEW_LIMIT: ViewLimit = -1;

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'ico', 'avif']);
// `.ts` is a video container (MPEG-TS) but far more often TypeScript: shown as text (spec/001 §2).
const VIDEO_EXTENSIONS = new Set(['mp4', 'webm', 'ogv', 'mov', 'm4v', 'mkv']);

const extensionOf = (path: string) => {
  const name = path.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Images and videos show as media through a view URL (spec/001 §2); everything else as text. */
export function mediaKindOf(path: string): 'image' | 'video' | null {
  const extension = extensionOf(path);
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (VIDEO_EXTENSIONS.has(extension)) return 'video';
  return null;
}

/** Save needs the whole text: a tail of N lines saved back would cut the file. */
export const canSaveWith = (limit: ViewLimit) => limit === -1;

/** Ctrl+S or Cmd+S (spec/001 §2 keys). */
export const isSaveShortcut = (event: { key: string; ctrlKey: boolean; metaKey: boolean }) =>
  (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's';
