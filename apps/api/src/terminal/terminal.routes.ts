import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  TERMINAL_GATEWAY_PATH,
  TERMINAL_MESSAGES,
  terminalOpenMessageSchema,
  type AgentTokenPayload,
} from '@hostdeck/contracts';
import type { AgentSigner } from '../agent/agent-keys.js';
import { ForbiddenError, NotFoundError } from '../domain/errors.js';
import { signedInUser } from '../http/route.js';
import { websocketOriginCheck } from '../realtime/websocket-origin.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { RealtimeBus } from '../realtime/realtime-bus.js';
import type { ServerConnections } from '../servers/server-connection.js';
import { bridgeTerminal, sendNotice, type BridgeOptions, type EarlyMessage } from './terminal-bridge.js';
import { openSshShell, type ShellOpener } from './ssh-shell.js';
import type { UsedTokens } from './used-tokens.repository.js';

export interface TerminalRoutesOptions {
  allowedOrigins: readonly string[];
  signer: AgentSigner;
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  /**
   * The realtime bus: an Update-data notice to the user (their teams, roles, scopes or shares
   * changed) makes their open terminals re-check access; lost access closes them at once.
   */
  bus?: Pick<RealtimeBus, 'subscribe'>;
  connections: Pick<ServerConnections, 'resolveTarget' | 'recordHostKey'>;
  openShell?: ShellOpener;
  /** The jtis already used, shared by every panel process (used-tokens.repository.ts). */
  usedTokens: UsedTokens;
  /** How long the browser has to send its token after the socket opened; default 10 s. */
  openTimeoutMs?: number;
  bridge?: BridgeOptions;
  log?: (message: string, details: Record<string, unknown>) => void;
}

/**
 * The remote terminal gateway (ARCHITECTURE.md, Terminal; SECURITY.md, cross-site websockets),
 * in this order and nothing before the previous step passed:
 * 1. the Origin is exactly one of the allowed origins (checked before the upgrade: 403);
 * 2. the caller is signed in (the global authentication hook: 401);
 * 3. the first message carries a `remote` terminal token this panel signed, unexpired and never
 *    used, for a server the caller may manage;
 * 4. only then the panel opens an SSH shell to the server with its own credentials.
 */
export async function terminalRoutes(app: FastifyInstance, options: TerminalRoutesOptions) {
  const checkOrigin = websocketOriginCheck(options.allowedOrigins, app.log);
  const openShell = options.openShell ?? openSshShell;
  const log = options.log ?? ((message, details) => app.log.info(details, message));

  const refuse = (socket: WebSocket, message: string) => {
    sendNotice(socket, { type: 'error', message });
    socket.close(4401, 'refused');
  };

  /** The token's payload when it may open a shell now, else null. Consumes it. */
  async function acceptToken(token: string): Promise<AgentTokenPayload | null> {
    const payload = options.signer.open(token);
    if (!payload || !payload.ops.includes('terminal')) return null;
    // The gateway is the server's root shell: a site's terminal token (another user) is not for it.
    if (payload.site !== null || payload.user !== 'root') return null;
    return (await options.usedTokens.consume(payload.jti, payload.exp)) ? payload : null;
  }

  /**
   * Ends the terminal the moment its user loses the terminal permission on the server (removed
   * from the team, role or scope narrowed, server unshared): every Update-data notice to the user
   * re-checks it. Answers the unsubscribe.
   */
  function watchAccess(socket: WebSocket, userId: number, serverId: number): () => void {
    if (!options.bus) return () => {};
    const unsubscribe = options.bus.subscribe(userId, (message) => {
      if (message.type !== 'Update-data') return;
      options.policy.authorizeServer({ id: userId }, serverId, 'terminal').catch(() => {
        unsubscribe();
        log('terminal closed: access ended', { user: userId, server: serverId });
        refuse(socket, TERMINAL_MESSAGES.accessEnded);
      });
    });
    socket.on('close', unsubscribe);
    return unsubscribe;
  }

  app.get(
    TERMINAL_GATEWAY_PATH,
    {
      websocket: true,
      preValidation: checkOrigin,
    },
    (socket, request) => {
      const user = signedInUser(request);
      const timer = setTimeout(
        () => refuse(socket, TERMINAL_MESSAGES.badToken),
        options.openTimeoutMs ?? 10_000,
      );
      socket.on('close', () => clearTimeout(timer));

      socket.once('message', (data: Buffer, isBinary: boolean) => {
        clearTimeout(timer);
        let parsed;
        try {
          parsed = isBinary ? null : terminalOpenMessageSchema.safeParse(JSON.parse(data.toString('utf8')));
        } catch {
          parsed = null;
        }
        if (!parsed?.success) return refuse(socket, TERMINAL_MESSAGES.badToken);
        const { token, cols, rows } = parsed.data;
        // Kept for the shell: what the browser sends while the token is checked and SSH connects
        // (a resize, early keys).
        const early: EarlyMessage[] = [];
        const keep = (message: Buffer, binary: boolean) => {
          if (early.length < 256) early.push({ data: message, isBinary: binary });
        };
        socket.on('message', keep);
        void (async () => {
          const payload = await acceptToken(token).catch((error: unknown) => {
            log('terminal token check failed', { user: user.id, error: String(error) });
            return null;
          });
          if (!payload) {
            socket.off('message', keep);
            return refuse(socket, TERMINAL_MESSAGES.badToken);
          }
          try {
            await options.policy.authorizeServer({ id: user.id }, payload.server, 'terminal');
            const target = await options.connections.resolveTarget(payload.server);
            const shell = await openShell(target, {
              cols,
              rows,
              onHostKeyRecorded: (fingerprint) =>
                options.connections.recordHostKey(payload.server, fingerprint),
            });
            socket.off('message', keep);
            if (socket.readyState !== socket.OPEN) return void shell.close();
            log('terminal opened', { user: user.id, server: payload.server, pid: shell.pid });
            const stopWatching = watchAccess(socket, user.id, payload.server);
            shell.onClose(() => {
              stopWatching();
              log('terminal closed', { user: user.id, server: payload.server });
            });
            bridgeTerminal(socket, shell, options.bridge, early);
          } catch (error) {
            log('terminal failed', { user: user.id, server: payload.server, error: String(error) });
            // No (longer any) terminal permission on the server: the token is not for this caller.
            const denied = error instanceof NotFoundError || error instanceof ForbiddenError;
            refuse(socket, denied ? TERMINAL_MESSAGES.badToken : TERMINAL_MESSAGES.notConnected);
          }
        })();
      });
    },
  );
}
