import { describe, expect, it } from 'vitest';
import type { AgentTokenResponse } from '@hostdeck/contracts';
import {
  directTerminalUrl,
  inputPieces,
  openTerminalSocket,
  remoteTerminalUrl,
  type TerminalStatus,
} from './terminal-connection';

/** A socket the test drives by hand. */
class FakeSocket {
  static readonly OPEN = 1;
  readyState = 0;
  binaryType = 'blob';
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

const tokens: AgentTokenResponse = {
  token: 'file',
  direct: 'direct.token',
  remote: 'remote.token',
  expires_at: 0,
  endpoint: { public: 'http://203.0.113.5:7755', private: 'http://panel/api/servers/1/agent' },
};

function open(mode: 'remote' | 'direct') {
  const socket = new FakeSocket();
  const statuses: TerminalStatus[] = [];
  const output: (string | Uint8Array)[] = [];
  const notices: string[] = [];
  (globalThis as { WebSocket?: unknown }).WebSocket ??= FakeSocket;
  const connection = openTerminalSocket({
    mode,
    url: 'ws://x',
    token: mode === 'remote' ? tokens.remote : tokens.direct,
    cols: 90,
    rows: 20,
    handlers: {
      onStatus: (status) => statuses.push(status),
      onOutput: (data) => output.push(data),
      onNotice: (message) => notices.push(message),
    },
    createSocket: () => socket as unknown as WebSocket,
  });
  return { socket, statuses, output, notices, connection };
}

describe('the terminal socket', () => {
  it('remote: sends the token first, is connected on ready, and disconnected on close', () => {
    const { socket, statuses, output, connection } = open('remote');
    expect(statuses).toEqual(['connecting']);
    socket.open();
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'open', token: 'remote.token', cols: 90, rows: 20 });
    expect(statuses).toEqual(['connecting']);
    socket.onmessage?.({ data: JSON.stringify({ type: 'ready' }) });
    expect(statuses).toEqual(['connecting', 'connected']);
    socket.onmessage?.({ data: new TextEncoder().encode('hi').buffer });
    expect(output).toEqual([new Uint8Array([104, 105])]);
    connection.resize(120, 40);
    expect(socket.sent.at(-1)).toBe('resize|120|40');
    socket.close();
    expect(statuses.at(-1)).toBe('disconnected');
  });

  it('direct: connected on open, text output, and leaving the page is not a disconnect', () => {
    const { socket, statuses, output, connection } = open('direct');
    socket.open();
    expect(socket.sent).toEqual(['resize|90|20']);
    expect(statuses).toEqual(['connecting', 'connected']);
    socket.onmessage?.({ data: 'prompt$ ' });
    expect(output).toEqual(['prompt$ ']);
    connection.close();
    expect(statuses).toEqual(['connecting', 'connected']);
  });

  it('cuts long input into pieces the panel accepts, never inside a surrogate pair', () => {
    const text = `${'a'.repeat(999)}😀${'b'.repeat(1500)}`;
    const pieces = inputPieces(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces[0]).toBe('a'.repeat(999));
    for (const piece of pieces) expect(new TextEncoder().encode(piece).length).toBeLessThanOrEqual(4096);
  });

  it('builds the remote and direct addresses', () => {
    expect(remoteTerminalUrl({ protocol: 'https:', host: 'panel.example' })).toBe(
      'wss://panel.example/api/terminal/ws',
    );
    expect(directTerminalUrl(tokens, null, '203.0.113.5')).toBe(
      'ws://203.0.113.5:7755/direct?token=direct.token',
    );
    expect(directTerminalUrl(tokens, 'https://term.example/', '203.0.113.5')).toBe(
      'wss://term.example/direct?token=direct.token&ip=203.0.113.5',
    );
  });
});
