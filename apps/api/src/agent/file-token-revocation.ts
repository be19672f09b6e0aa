import { UPDATE_KEYS, type RealtimeMessage } from '@hostdeck/contracts';
import type { RealtimeBus } from '../realtime/realtime-bus.js';

/** A file token this panel issued (agent.service.ts `issue`), as long as it lives. */
export interface IssuedFileToken {
  jti: string;
  /** Unix seconds, as signed. */
  exp: number;
  userId: number;
  serverId: number;
  /** The site the caller asked a token for (an alias site's own id), or null for the whole server. */
  siteId: number | null;
  /** The agent's address when the token was issued: a server deleted since still runs its agent. */
  agentAddress: string;
}

export interface FileTokenRevocationDependencies {
  bus: Pick<RealtimeBus, 'subscribe'>;
  /** Resolves when the user may still use files there; throws when they may not (any reason). */
  checkAccess(userId: number, token: Pick<IssuedFileToken, 'serverId' | 'siteId'>): Promise<void>;
  /** Tells the agent to refuse these tokens (agent-revoke-call.ts); throws when it did not answer 200. */
  revokeAtAgent(server: { id: number; address: string }, tokens: IssuedFileToken[]): Promise<void>;
  now?: () => number;
  log?: (message: string, details: Record<string, unknown>) => void;
}

/**
 * Issue 22 point 3: "When a member is removed, their access ends at once, including open terminals
 * and file tokens." A file token goes from the browser to the agent directly, so the panel cannot
 * refuse it itself: it remembers each live one, and when the user's access may have changed
 * (an Update-data with `servers` or `sites`, which every ACCESS_CHANGED of the teams and transfer
 * services carries) re-checks it; a token whose user no longer has the files ability there is
 * revoked at its agent, which answers 401 for it until it expires.
 *
 * Kept in memory, in the process that issued the token: with several panel processes the
 * Update-data still reaches this one through the bus (PostgreSQL LISTEN/NOTIFY), so the check runs
 * where the token is known. A restarted process has forgotten its tokens; they expire within
 * AGENT_TOKEN_LIFETIME_SECONDS as before.
 */
export function createFileTokenRevocation(dependencies: FileTokenRevocationDependencies) {
  const now = dependencies.now ?? (() => Math.floor(Date.now() / 1000));
  const log = dependencies.log ?? (() => {});
  /** Live tokens by user, and the bus subscription that watches that user while they hold any. */
  const held = new Map<number, { tokens: Map<string, IssuedFileToken>; unsubscribe: () => void }>();
  /** One re-check at a time per user: notices come in bursts (a team change notifies each member). */
  const running = new Map<number, Promise<void>>();

  function forgetExpired(userId: number) {
    const entry = held.get(userId);
    if (!entry) return;
    const at = now();
    for (const [jti, token] of entry.tokens) if (token.exp < at) entry.tokens.delete(jti);
    if (entry.tokens.size === 0) {
      entry.unsubscribe();
      held.delete(userId);
    }
  }

  async function recheck(userId: number): Promise<void> {
    forgetExpired(userId);
    const entry = held.get(userId);
    if (!entry) return;
    const bySpot = new Map<string, IssuedFileToken[]>();
    for (const token of entry.tokens.values()) {
      const spot = `${token.serverId}:${token.siteId ?? ''}`;
      bySpot.set(spot, [...(bySpot.get(spot) ?? []), token]);
    }
    const lost: IssuedFileToken[] = [];
    for (const tokens of bySpot.values()) {
      try {
        await dependencies.checkAccess(userId, tokens[0]!);
      } catch {
        lost.push(...tokens);
      }
    }
    const byServer = new Map<number, IssuedFileToken[]>();
    for (const token of lost) byServer.set(token.serverId, [...(byServer.get(token.serverId) ?? []), token]);
    for (const [serverId, tokens] of byServer) {
      try {
        await dependencies.revokeAtAgent({ id: serverId, address: tokens[0]!.agentAddress }, tokens);
        for (const token of tokens) entry.tokens.delete(token.jti);
        log('file tokens revoked: access ended', { user: userId, server: serverId, count: tokens.length });
      } catch (error) {
        // Kept: the next notice tries again while the tokens live.
        log('file tokens not revoked: the agent did not accept it', {
          user: userId,
          server: serverId,
          error: String(error),
        });
      }
    }
    forgetExpired(userId);
  }

  function onMessage(userId: number, message: RealtimeMessage) {
    if (message.type !== 'Update-data') return;
    if (!message.keys.includes(UPDATE_KEYS.servers) && !message.keys.includes(UPDATE_KEYS.sites)) return;
    const previous = running.get(userId) ?? Promise.resolve();
    const next = previous.then(() => recheck(userId));
    running.set(userId, next);
    void next.finally(() => {
      if (running.get(userId) === next) running.delete(userId);
    });
  }

  return {
    /** A file token was just issued to this user. */
    remember(token: IssuedFileToken) {
      let entry = held.get(token.userId);
      if (!entry) {
        const unsubscribe = dependencies.bus.subscribe(token.userId, (message) =>
          onMessage(token.userId, message),
        );
        entry = { tokens: new Map(), unsubscribe };
        held.set(token.userId, entry);
      }
      entry.tokens.set(token.jti, token);
      forgetExpired(token.userId);
    },

    /** Resolves once the re-checks started so far have ended (tests wait for it). */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}
export type FileTokenRevocation = ReturnType<typeof createFileTokenRevocation>;
