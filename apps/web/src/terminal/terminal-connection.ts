import {
  TERMINAL_GATEWAY_PATH,
  terminalNoticeSchema,
  terminalResizeMessage,
  type AgentTokenResponse,
  type SshMode,
} from '@hostdeck/contracts';

export type TerminalStatus = 'connecting' | 'connected' | 'disconnected';

export interface TerminalHandlers {
  onStatus(status: TerminalStatus): void;
  onOutput(data: string | Uint8Array): void;
  /** A message the panel's gateway closed with (an English catalogue key). */
  onNotice(message: string): void;
}

export interface TerminalConnection {
  send(text: string): void;
  resize(cols: number, rows: number): void;
  close(): void;
}

/**
 * The panel accepts websocket messages of at most 4 KiB: longer input (a pasted script) goes in
 * pieces of at most 1000 characters, 4000 bytes of UTF-8 at worst.
 */
const INPUT_PIECE = 1000;

/** Splits input into pieces of at most INPUT_PIECE characters, never inside a surrogate pair. */
export function inputPieces(text: string, size = INPUT_PIECE): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** ws(s) address of the panel's gateway, on the page's own origin (its Origin is then allowed). */
export function remoteTerminalUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${TERMINAL_GATEWAY_PATH}`;
}

/**
 * The agent's /direct (spec/001 §7): through the terminal host of app info when the panel has
 * one (it reaches the server's ip), else the agent's own endpoint.
 */
export function directTerminalUrl(
  tokens: AgentTokenResponse,
  terminalHost: string | null,
  ip: string,
): string {
  const query = new URLSearchParams({ token: tokens.direct });
  if (terminalHost) {
    query.set('ip', ip);
    return `${terminalHost.replace(/^http/, 'ws').replace(/\/+$/, '')}/direct?${query.toString()}`;
  }
  return `${tokens.endpoint.public.replace(/^http/, 'ws').replace(/\/+$/, '')}/direct?${query.toString()}`;
}

/**
 * Opens one terminal socket. Remote: the first message carries the single-use `remote` token and
 * the size, the gateway answers `ready` once the shell runs and sends output as binary frames.
 * Direct: the token is in the URL (the agent's protocol) and the shell starts on open.
 */
export function openTerminalSocket(options: {
  mode: SshMode;
  url: string;
  token: string;
  cols: number;
  rows: number;
  handlers: TerminalHandlers;
  createSocket?: (url: string) => WebSocket;
}): TerminalConnection {
  const { handlers } = options;
  const socket = (options.createSocket ?? ((url) => new WebSocket(url)))(options.url);
  socket.binaryType = 'arraybuffer';
  let closedByUs = false;
  handlers.onStatus('connecting');

  socket.onopen = () => {
    if (options.mode === 'remote') {
      socket.send(
        JSON.stringify({ type: 'open', token: options.token, cols: options.cols, rows: options.rows }),
      );
    } else {
      socket.send(terminalResizeMessage(options.cols, options.rows));
      handlers.onStatus('connected');
    }
  };
  socket.onmessage = (message: MessageEvent<string | ArrayBuffer>) => {
    if (typeof message.data !== 'string') return handlers.onOutput(new Uint8Array(message.data));
    if (options.mode === 'direct') return handlers.onOutput(message.data);
    let notice;
    try {
      notice = terminalNoticeSchema.safeParse(JSON.parse(message.data));
    } catch {
      return;
    }
    if (!notice.success) return;
    if (notice.data.type === 'ready') handlers.onStatus('connected');
    else handlers.onNotice(notice.data.message);
  };
  socket.onclose = () => {
    if (!closedByUs) handlers.onStatus('disconnected');
  };

  const send = (text: string) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    for (const piece of inputPieces(text)) socket.send(piece);
  };
  return {
    send,
    resize: (cols, rows) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(terminalResizeMessage(cols, rows));
    },
    close() {
      closedByUs = true;
      socket.close();
    },
  };
}
