import { realpath } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { isInside } from './confine.js';
import type { FileScope } from './options.js';
import { cancelDownload, runningDownloads } from './remote-download.js';

/**
 * A Download progress item of spec/001 §3. total is -1 while the size is unknown; on completion
 * total equals downloaded (how the client tells a finished download, §4).
 */
export interface DownloadProgress {
  file: string;
  message: string;
  total: number;
  downloaded: number;
  canceled: boolean;
}

export const PROGRESS_SOCKET_PATH = '/files/remote-download/ws';

/** Open progress sockets, each with the real root of its token: it sees downloads inside it only. */
const listeners = new Set<{ realRoot: string; socket: WebSocket }>();
const server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

export function publishProgress(real: string, progress: DownloadProgress): void {
  const text = JSON.stringify(progress);
  for (const listener of listeners) {
    if (isInside(real, listener.realRoot) && listener.socket.readyState === listener.socket.OPEN)
      listener.socket.send(text);
  }
}

/**
 * The remote-download progress websocket (spec/001 §7, "Download socket"). The caller (the agent's
 * server) has verified the token and the Origin; this attaches the socket to the scope's downloads,
 * sends the state of those already running, and accepts {action: 'cancel', file}.
 */
export async function handleFileUpgrade(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  scope: FileScope,
): Promise<void> {
  const pathname = new URL(req.url ?? '/', 'http://agent').pathname;
  const realRoot = pathname === PROGRESS_SOCKET_PATH ? await realpath(scope.root).catch(() => null) : null;
  if (!realRoot) {
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    return;
  }
  server.handleUpgrade(req, socket, head, (ws) => {
    const listener = { realRoot, socket: ws };
    listeners.add(listener);
    for (const download of runningDownloads()) {
      if (isInside(download.real, realRoot)) ws.send(JSON.stringify(download.progress));
    }
    ws.on('message', (data) => {
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (typeof message !== 'object' || message === null) return;
      const { action, file } = message as { action?: unknown; file?: unknown };
      if (action === 'cancel' && typeof file === 'string')
        cancelDownload(file, (real) => isInside(real, realRoot));
    });
    ws.on('close', () => listeners.delete(listener));
    ws.on('error', () => listeners.delete(listener));
  });
}
