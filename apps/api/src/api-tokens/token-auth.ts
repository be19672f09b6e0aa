import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_TOKEN_MESSAGES, type ApiTokenScope } from '@hostdeck/contracts/api-tokens';
import { TEAM_OWNER_ROLE } from '@hostdeck/contracts';
import type { UserRow } from '../auth/sessions.repository.js';
import { findTeamAccess } from '../policy/team-policy.js';
import type { Database } from '../database/database.js';
import { ForbiddenError, UnauthenticatedError, type DomainError } from '../domain/errors.js';
import { apiTokenHash, bearerApiToken } from './api-token-secret.js';
import { findApiTokenByHash, touchApiToken } from './api-tokens.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token the caller presented (Bearer), or null for a browser session. */
    apiToken: { id: number; scopes: readonly ApiTokenScope[]; teamId: number | null } | null;
  }
  interface FastifyContextConfig {
    /** Managed from a browser session only: a token is refused (the token calls themselves). */
    sessionOnly?: boolean;
  }
}

const DEPLOY_CALL = /\/(deploy|deploys\/now|deploys\/:deployment\/rollback)$/;

/** Calls per token per minute; every answer to a token says how many are left. */
export const API_TOKEN_RATE_LIMIT = 600;
const WINDOW_MS = 60_000;
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The scopes that allow a call, any one of them (contracts api-tokens.ts): reads need `read`;
 * a deploy (deploy now, roll back, a balanced deploy) `deploy` or `write`; every other change `write`.
 * `secrets` is needed on top for calls that answer secrets (isSecretsCall).
 */
export function scopesAllowing(method: string, routePattern: string): ApiTokenScope[] {
  if (method === 'GET' || method === 'HEAD') return ['read'];
  if (method === 'POST' && DEPLOY_CALL.test(routePattern)) return ['deploy', 'write'];
  return ['write'];
}

export type TokenCheck =
  | { kind: 'none' }
  | { kind: 'refused'; error: DomainError; status: number }
  | {
      kind: 'caller';
      user: UserRow;
      token: { id: number; scopes: readonly ApiTokenScope[]; teamId: number | null };
    };

/** What a team token may call: the team's servers and sites and their events (team-scope.ts). */
const TEAM_TOKEN_CALL = /^\/api\/(servers|sites|events)(\/|$)/;

/** The roles that make and hold team tokens: the team's owner and its administrators. */
export const TEAM_TOKEN_ROLES: readonly string[] = [TEAM_OWNER_ROLE, 'admin'];

/**
 * Bearer tokens for the authentication hook: who a token stands for, and whether this call is in
 * its scopes and its rate. A token that is unknown, expired or of a deleted account answers 401.
 */
export function createApiTokenAuth(options: {
  db: Database;
  isSecretsCall?: (method: string, routePattern: string) => boolean;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const windows = new Map<number, { start: number; count: number }>();

  function rate(tokenId: number, reply: FastifyReply): boolean {
    const at = now();
    let window = windows.get(tokenId);
    if (!window || at - window.start >= WINDOW_MS) {
      if (windows.size >= 10_000) windows.clear();
      window = { start: at, count: 0 };
      windows.set(tokenId, window);
    }
    window.count += 1;
    const resetSeconds = Math.ceil((window.start + WINDOW_MS - at) / 1000);
    reply.header('x-ratelimit-limit', API_TOKEN_RATE_LIMIT);
    reply.header('x-ratelimit-remaining', Math.max(0, API_TOKEN_RATE_LIMIT - window.count));
    reply.header('x-ratelimit-reset', resetSeconds);
    if (window.count <= API_TOKEN_RATE_LIMIT) return true;
    reply.header('retry-after', resetSeconds);
    return false;
  }

  return {
    async check(request: FastifyRequest, reply: FastifyReply): Promise<TokenCheck | { kind: 'limited' }> {
      const secret = bearerApiToken(request.headers.authorization);
      if (!secret) {
        return request.headers.authorization?.startsWith('Bearer ')
          ? { kind: 'refused', error: new UnauthenticatedError(), status: 401 }
          : { kind: 'none' };
      }
      const found = await findApiTokenByHash(options.db, apiTokenHash(secret));
      const at = now();
      if (!found || (found.token.expiresAt && found.token.expiresAt.getTime() <= at))
        return { kind: 'refused', error: new UnauthenticatedError(), status: 401 };
      // A team token lives while its maker still owns or administers the team (a deleted team
      // deletes its tokens): otherwise it is as unknown as a revoked one.
      if (found.token.teamId !== null) {
        const team = await findTeamAccess(options.db, found.user.id, found.token.teamId);
        if (!team || !TEAM_TOKEN_ROLES.includes(team.role))
          return { kind: 'refused', error: new UnauthenticatedError(), status: 401 };
      }
      if (!rate(found.token.id, reply)) return { kind: 'limited' };
      if (!found.token.lastUsedAt || at - found.token.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
        await touchApiToken(options.db, found.token.id, new Date(at));
      const config = request.routeOptions.config;
      const pattern = request.routeOptions.url ?? '';
      const token = { id: found.token.id, scopes: found.token.scopes, teamId: found.token.teamId };
      if (config.sessionOnly === true)
        return { kind: 'refused', error: new ForbiddenError(API_TOKEN_MESSAGES.sessionOnly), status: 403 };
      if (token.teamId !== null && !TEAM_TOKEN_CALL.test(pattern))
        return { kind: 'refused', error: new ForbiddenError(API_TOKEN_MESSAGES.teamOnly), status: 403 };
      // A websocket (terminal, file channel, live output) is a browser's: never a token's.
      const upgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
      const allowed =
        !upgrade &&
        scopesAllowing(request.method, pattern).some((scope) => token.scopes.includes(scope)) &&
        (!options.isSecretsCall?.(request.method, pattern) || token.scopes.includes('secrets'));
      if (!allowed)
        return { kind: 'refused', error: new ForbiddenError(API_TOKEN_MESSAGES.missingScope), status: 403 };
      return { kind: 'caller', user: found.user, token };
    },
  };
}
export type ApiTokenAuth = ReturnType<typeof createApiTokenAuth>;
