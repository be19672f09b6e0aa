import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TERMINAL_MESSAGES, type SshMode } from '@hostdeck/contracts';
import { handleApiError } from '../api/error-handling';
import { createStartupRunner } from './startup-commands';
import { fetchTerminalTokens } from './terminal-api';
import {
  directTerminalUrl,
  openTerminalSocket,
  remoteTerminalUrl,
  type TerminalConnection,
  type TerminalStatus,
} from './terminal-connection';
import type { XtermHandle } from './XtermView';

const NOTICE_KEYS = {
  [TERMINAL_MESSAGES.badToken]: 'terminal.notices.badToken',
  [TERMINAL_MESSAGES.notConnected]: 'terminal.notices.notConnected',
  [TERMINAL_MESSAGES.idle]: 'terminal.notices.idle',
  [TERMINAL_MESSAGES.accessEnded]: 'terminal.notices.accessEnded',
} as const;

/**
 * One terminal session on the page (spec/001 §4 Terminal status): connecting → connected once the
 * shell is ready → disconnected when the socket closes, with 'Disconnected!' written to the
 * terminal. `reconnect()` starts again (connecting); leaving the page closes the socket. The
 * startup commands run once, on the first connection.
 */
export function useTerminalSession(options: {
  serverId: number;
  serverIp: string;
  mode: SshMode;
  /** False while the mode cannot connect (direct without a current agent) or xterm is loading. */
  enabled: boolean;
  terminalHost: string | null;
  /** The terminal view once loaded (a stable handle). */
  xterm: XtermHandle | null;
  startupCommands: readonly string[];
}) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const { serverId, serverIp, mode, enabled, terminalHost, xterm } = options;
  // A status belongs to one connection: a new mode or a reconnect starts as 'connecting'.
  const key = `${serverId}|${mode}|${attempt}|${String(enabled)}`;
  const [statusOf, setStatusOf] = useState<{ key: string; status: TerminalStatus }>({
    key,
    status: 'connecting',
  });
  const status = statusOf.key === key ? statusOf.status : 'connecting';
  const connection = useRef<TerminalConnection | null>(null);
  const startup = useRef<ReturnType<typeof createStartupRunner> | null>(null);
  const startupCommands = useRef(options.startupCommands);
  // The language may change while connected: read the current one without reconnecting.
  const translate = useRef(t);
  useEffect(() => {
    translate.current = t;
  }, [t]);

  useEffect(() => {
    if (!enabled || !xterm) return;
    let cancelled = false;
    const view = xterm;
    if (!startup.current) {
      startup.current = createStartupRunner(startupCommands.current, (text) =>
        connection.current?.send(text),
      );
    }
    fetchTerminalTokens(serverId)
      .then((tokens) => {
        if (cancelled) return;
        const size = view.size();
        connection.current = openTerminalSocket({
          mode,
          url:
            mode === 'remote'
              ? remoteTerminalUrl(window.location)
              : directTerminalUrl(tokens, terminalHost, serverIp),
          token: mode === 'remote' ? tokens.remote : tokens.direct,
          ...size,
          handlers: {
            onStatus: (next) => {
              if (cancelled) return;
              setStatusOf({ key, status: next });
              if (next === 'disconnected')
                view.writeln(`\r\n\x1b[31m${translate.current('terminal.disconnected')}\x1b[0m`);
            },
            onOutput: (data) => {
              view.write(data);
              startup.current?.output();
            },
            onNotice: (message) => {
              const noticeKey = NOTICE_KEYS[message as keyof typeof NOTICE_KEYS];
              view.writeln(`\r\n\x1b[33m${noticeKey ? translate.current(noticeKey) : message}\x1b[0m`);
            },
          },
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        handleApiError(error);
        setStatusOf({ key, status: 'disconnected' });
      });
    return () => {
      cancelled = true;
      connection.current?.close();
      connection.current = null;
    };
  }, [key, enabled, serverId, serverIp, mode, terminalHost, xterm]);

  useEffect(() => () => startup.current?.cancel(), []);

  return {
    status,
    reconnect: () => setAttempt((value) => value + 1),
    send: (text: string) => connection.current?.send(text),
    resize: (cols: number, rows: number) => connection.current?.resize(cols, rows),
  };
}
