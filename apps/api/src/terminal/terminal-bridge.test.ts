import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { bridgeTerminal } from './terminal-bridge.js';
import type { RemoteShell } from './ssh-shell.js';

/** A websocket whose network writes finish only when the test says so. */
class SlowSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly CONNECTING = 0;
  readyState = 1;
  pending: (() => void)[] = [];
  texts: string[] = [];
  closedWith: number | undefined;
  send(data: Buffer | string, options?: unknown, done?: () => void) {
    if (typeof data === 'string') this.texts.push(data);
    if (done) this.pending.push(done);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  flush() {
    for (const done of this.pending.splice(0)) done();
  }
}

function fakeShell() {
  let onData: (chunk: Buffer) => void = () => {};
  let onClose: () => void = () => {};
  const state = { paused: false, written: [] as string[], sizes: [] as number[][], closed: 0 };
  const shell: RemoteShell = {
    pid: 1234,
    write: (data) => void state.written.push(data),
    resize: (cols, rows) => void state.sizes.push([cols, rows]),
    onData: (listener) => void (onData = listener),
    onClose: (listener) => void (onClose = listener),
    pause: () => void (state.paused = true),
    resume: () => void (state.paused = false),
    close: async () => void (state.closed += 1),
  };
  return { shell, state, emit: (chunk: Buffer) => onData(chunk), exit: () => onClose() };
}

describe('the terminal bridge', () => {
  it('pauses the shell while too much output waits for a slow browser, and resumes once drained', () => {
    const socket = new SlowSocket();
    const { shell, state, emit } = fakeShell();
    bridgeTerminal(socket as unknown as WebSocket, shell, { highWaterBytes: 1000 });
    expect(socket.texts).toEqual([JSON.stringify({ type: 'ready' })]);
    for (let index = 0; index < 5; index += 1) emit(Buffer.alloc(300));
    expect(state.paused).toBe(true);
    socket.flush();
    expect(state.paused).toBe(false);
  });

  it('types input, resizes on `resize|cols|rows`, and hangs up the shell when the socket closes', () => {
    const socket = new SlowSocket();
    const { shell, state } = fakeShell();
    bridgeTerminal(socket as unknown as WebSocket, shell);
    socket.emit('message', Buffer.from('ls\r'), false);
    socket.emit('message', Buffer.from('resize|132|43'), false);
    socket.emit('message', Buffer.from('resize|5000|43'), false);
    expect(state.written).toEqual(['ls\r']);
    // A size beyond any screen is capped.
    expect(state.sizes).toEqual([
      [132, 43],
      [1000, 43],
    ]);
    socket.close(1000);
    expect(state.closed).toBe(1);
  });

  it('closes the socket when the shell exits, and after the idle time', async () => {
    const exited = new SlowSocket();
    const first = fakeShell();
    bridgeTerminal(exited as unknown as WebSocket, first.shell);
    first.exit();
    expect(exited.closedWith).toBe(1000);

    const idle = new SlowSocket();
    const second = fakeShell();
    bridgeTerminal(idle as unknown as WebSocket, second.shell, { idleTimeoutMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(idle.closedWith).toBe(1000);
    expect(second.state.closed).toBe(1);
  });
});
