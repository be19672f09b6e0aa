import type { WebSocket } from 'ws';
import { parseTerminalResize, TERMINAL_MESSAGES, type TerminalNotice } from '@hostdeck/contracts';
import type { RemoteShell } from './ssh-shell.js';

export interface BridgeOptions {
  /** Closed after this long without input or output; default 30 minutes. */
  idleTimeoutMs?: number;
  /** Output waiting for the browser above which the shell is paused; default 1 MiB. */
  highWaterBytes?: number;
}

const DEFAULT_IDLE_MS = 30 * 60_000;
const DEFAULT_HIGH_WATER = 1024 * 1024;
const MAX_SIZE = 1000;

export interface EarlyMessage {
  data: Buffer;
  isBinary: boolean;
}

export const sendNotice = (socket: WebSocket, notice: TerminalNotice) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(notice));
};

/**
 * Joins a browser websocket to a remote shell. Output goes out as binary frames; text frames in are
 * typed input or `resize|cols|rows`. Backpressure: bytes handed to the socket but not yet written
 * to the network are counted; above the high-water mark the shell's channel is paused, so SSH flow
 * control stops the remote `cat` instead of the panel buffering a huge file. Either side closing
 * ends both: a closed socket hangs up the shell's whole session.
 */
export function bridgeTerminal(
  socket: WebSocket,
  shell: RemoteShell,
  options: BridgeOptions = {},
  /** Messages that arrived while the shell was starting (typed ahead, a resize). */
  early: readonly EarlyMessage[] = [],
) {
  const highWater = options.highWaterBytes ?? DEFAULT_HIGH_WATER;
  const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_MS;
  let inFlight = 0;
  let paused = false;
  let ended = false;

  let idle: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      sendNotice(socket, { type: 'error', message: TERMINAL_MESSAGES.idle });
      socket.close(1000, 'idle');
    }, idleMs);
  };
  touch();

  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(idle);
    void shell.close();
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
      socket.close(1000, 'closed');
  };

  shell.onData((chunk) => {
    if (socket.readyState !== socket.OPEN) return;
    touch();
    inFlight += chunk.length;
    socket.send(chunk, { binary: true }, () => {
      inFlight -= chunk.length;
      if (paused && inFlight < highWater / 4) {
        paused = false;
        shell.resume();
      }
    });
    if (!paused && inFlight > highWater) {
      paused = true;
      shell.pause();
    }
  });
  shell.onClose(end);

  const receive = (data: Buffer, isBinary: boolean) => {
    touch();
    const text = data.toString('utf8');
    const size = isBinary ? null : parseTerminalResize(text);
    if (size) shell.resize(Math.min(size.cols, MAX_SIZE), Math.min(size.rows, MAX_SIZE));
    else shell.write(text);
  };
  for (const message of early) receive(message.data, message.isBinary);
  socket.on('message', receive);
  socket.on('close', end);
  socket.on('error', end);
  sendNotice(socket, { type: 'ready' });
}
