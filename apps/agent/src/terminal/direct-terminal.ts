import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { IPty } from 'node-pty';
import { WebSocketServer, type WebSocket } from 'ws';
import { parseTerminalResize } from '@hostdeck/contracts/agent-protocol';
import { findSystemUser, type SystemUser } from '../workers/system-users.js';
import { hangUpSession } from './process-session.js';
import { createPtyInput } from './pty-input.js';

export interface DirectTerminalOptions {
  /** The Unix user the agent runs as (root on a server). */
  currentUser: string;
  /** Wait between SIGHUP and SIGKILL when a terminal closes. */
  hangUpGraceMs?: number;
  lookupUser?: (name: string) => SystemUser;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

/** A terminal's output is paused while this much waits to reach a slow browser. */
const HIGH_WATER_BYTES = 1024 * 1024;
const DEFAULT_SIZE = { cols: 80, rows: 24 };
const MAX_SIZE = 1000;
const SHELL_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/**
 * Marks the pty as UTF-8 (IUTF8) before the shell starts, then becomes the shell; the shell and
 * its arguments come as "$0" "$@", never inside this text. node-pty sets IUTF8 only when it
 * decodes the output itself, and the agent takes raw bytes (`encoding: null`): without it a
 * program reading in canonical mode (`read`, `cat > file`) erases one byte of a multibyte
 * character per Backspace ("ệ" is three), leaving broken text behind.
 */
const UTF8_THEN_EXEC = 'stty iutf8 2>/dev/null; exec "$0" "$@"';

/**
 * The direct terminal (spec/001 §7 `/direct`, ARCHITECTURE.md Terminal): a login shell in a pty as
 * the token's user. The caller (main.ts) has already checked the Origin and consumed the
 * single-use token: nothing here starts before both passed. Messages from the browser are typed
 * input, or `resize|cols|rows`; the shell's output goes back as text. Closing the socket ends the
 * shell's whole session.
 */
export function createDirectTerminal(options: DirectTerminalOptions) {
  const lookupUser = options.lookupUser ?? ((name: string) => findSystemUser(name));
  const log = options.log ?? (() => {});
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const open = new Set<WebSocket>();

  /**
   * The login shell of `user`: directly when the agent already runs as them, else through runuser,
   * either way started by UTF8_THEN_EXEC (the shell replaces it: no process stays).
   */
  function shellCommand(user: SystemUser): { file: string; args: string[] } {
    let login: string[];
    if (user.name === options.currentUser) login = [user.shell, '-l'];
    else if (options.currentUser !== 'root')
      throw new Error('This agent cannot open a terminal as another user');
    // runuser (util-linux): a login shell with the user's groups and PAM session, no password.
    else login = ['/usr/sbin/runuser', '--login', '--', user.name];
    return { file: '/bin/sh', args: ['-c', UTF8_THEN_EXEC, ...login] };
  }

  async function start(socket: WebSocket, user: SystemUser) {
    const { spawn } = await import('node-pty');
    // The browser may have left while the addon loaded: start nothing then.
    if (socket.readyState !== socket.OPEN) return;
    const command = shellCommand(user);
    const terminal: IPty = spawn(command.file, command.args, {
      name: 'xterm-256color',
      // Raw bytes both ways (see onData below).
      encoding: null,
      ...DEFAULT_SIZE,
      cwd: existsSync(user.home) ? user.home : '/',
      env: {
        TERM: 'xterm-256color',
        COLORTERM: 'truecolor',
        LANG: 'C.UTF-8',
        PATH: SHELL_PATH,
        HOME: user.home,
        USER: user.name,
        LOGNAME: user.name,
        SHELL: user.shell,
      },
    });
    log('terminal opened', { user: user.name, pid: terminal.pid });
    const typeInto = createPtyInput(terminal);
    let closed = false;

    // The pty's bytes leave as they are, as binary frames: no UTF-8 decoding here and encoding
    // again for the socket (the browser's xterm decodes, as it does for the gateway's frames).
    // With `encoding: null` node-pty hands out Buffers, though its type still says string.
    terminal.onData((data: string | Buffer) => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(data, { binary: true });
      if (socket.bufferedAmount > HIGH_WATER_BYTES) {
        terminal.pause();
        const drain = setInterval(() => {
          if (socket.readyState !== socket.OPEN || socket.bufferedAmount < HIGH_WATER_BYTES / 4) {
            clearInterval(drain);
            terminal.resume();
          }
        }, 50);
      }
    });
    terminal.onExit(() => {
      if (socket.readyState === socket.OPEN) socket.close(1000, 'exited');
    });
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      const text = Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.from(data as ArrayBuffer).toString('utf8');
      const size = isBinary ? null : parseTerminalResize(text);
      if (size) {
        terminal.resize(Math.min(size.cols, MAX_SIZE), Math.min(size.rows, MAX_SIZE));
        return;
      }
      typeInto(text);
    });
    socket.on('close', () => {
      if (closed) return;
      closed = true;
      open.delete(socket);
      log('terminal closed', { user: user.name, pid: terminal.pid });
      void hangUpSession(terminal.pid, options.hangUpGraceMs ?? 2000);
    });
  }

  return {
    /**
     * Upgrades an authorized request to the terminal websocket for `userName`. An unknown user is
     * refused before the upgrade (403).
     */
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, userName: string) {
      let user: SystemUser;
      try {
        user = lookupUser(userName);
        shellCommand(user);
      } catch (error) {
        log('terminal refused', { user: userName, error: (error as Error).message });
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      sockets.handleUpgrade(request, socket, head, (webSocket) => {
        open.add(webSocket);
        start(webSocket, user).catch((error: unknown) => {
          log('terminal failed', { user: userName, error: String(error) });
          webSocket.close(1011, 'The terminal could not start');
        });
      });
    },

    close() {
      for (const socket of open) socket.close(1001, 'The agent is stopping');
    },
  };
}
export type DirectTerminal = ReturnType<typeof createDirectTerminal>;
