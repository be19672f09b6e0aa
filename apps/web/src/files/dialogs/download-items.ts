import { isDownloadCanceled, isDownloadComplete } from '../api/download-socket';
import type { DownloadProgress } from '../api/types';

/** The agent's message of a download that ended in error. */
export const DOWNLOAD_FAILED_MESSAGE = 'download failed';

export type DownloadOutcome = 'completed' | 'canceled' | 'failed' | null;

export function outcomeOf(item: DownloadProgress): DownloadOutcome {
  if (isDownloadCanceled(item)) return 'canceled';
  if (item.message === DOWNLOAD_FAILED_MESSAGE) return 'failed';
  if (isDownloadComplete(item)) return 'completed';
  return null;
}

/**
 * spec/001 §4 Remote download item: a message updates the listed item (one not started from this
 * dialog is ignored); a finished one (completed, canceled, failed) is removed and reported.
 */
export function applyProgress(
  items: readonly DownloadProgress[],
  message: DownloadProgress,
): { items: DownloadProgress[]; finished: DownloadOutcome } {
  if (!items.some((item) => item.file === message.file)) return { items: [...items], finished: null };
  const finished = outcomeOf(message);
  if (finished) return { items: items.filter((item) => item.file !== message.file), finished };
  return {
    items: items.map((item) => (item.file === message.file ? { ...item, ...message } : item)),
    finished,
  };
}

/** 0..100, or null while the size is unknown (total -1). */
export function downloadPercent(item: DownloadProgress): number | null {
  if (item.total <= 0) return null;
  return Math.min(100, Math.round((item.downloaded / item.total) * 100));
}
