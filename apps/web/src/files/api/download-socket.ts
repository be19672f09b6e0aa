import { websocketUrl } from './endpoint';
import type { DownloadProgress } from './types';

/** Text the agent sends when a download was canceled (spec/001 §4). */
export const DOWNLOAD_CANCELED_MESSAGE = 'download canceled';

/** Completed: total equals downloaded (spec/001 §4; the agent sets total on completion). */
export const isDownloadComplete = (item: DownloadProgress) =>
  item.total >= 0 && item.total === item.downloaded && item.message !== DOWNLOAD_CANCELED_MESSAGE;

export const isDownloadCanceled = (item: DownloadProgress) =>
  item.canceled === true || item.message === DOWNLOAD_CANCELED_MESSAGE;

export interface DownloadSocket {
  cancel(file: string): void;
  close(): void;
}

/**
 * The remote-download progress websocket (/files/remote-download/ws): browsers cannot set headers
 * on a websocket, so the token goes in the query (the agent accepts it there for this path only).
 * Messages are Download progress items; `{action: 'cancel', file}` stops one.
 */
export function openDownloadSocket(
  base: string,
  token: string,
  root: string,
  onProgress: (item: DownloadProgress) => void,
  onClosed?: () => void,
): DownloadSocket {
  const socket = new WebSocket(websocketUrl(base, '/files/remote-download/ws', { token, root }));
  const pending: string[] = [];
  socket.onopen = () => {
    for (const text of pending.splice(0)) socket.send(text);
  };
  socket.onmessage = (event) => {
    try {
      const item = JSON.parse(String(event.data)) as DownloadProgress;
      if (typeof item.file === 'string') onProgress(item);
    } catch {
      // Not a progress message: ignored.
    }
  };
  socket.onclose = () => onClosed?.();
  return {
    cancel(file) {
      const text = JSON.stringify({ action: 'cancel', file });
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
      else pending.push(text);
    },
    close() {
      socket.onclose = null;
      socket.close();
    },
  };
}
