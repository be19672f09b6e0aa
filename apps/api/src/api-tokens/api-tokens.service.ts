import { API_TOKEN_MESSAGES, type ApiToken, type CreateApiTokenBody } from '@hostdeck/contracts/api-tokens';
import { ForbiddenError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import { apiTokenHash, apiTokenPrefixOf, newApiTokenSecret } from './api-token-secret.js';
import type { ApiTokenRow, ApiTokensRepository } from './api-tokens.repository.js';
import { TEAM_TOKEN_ROLES } from './token-auth.js';

const MAX_TOKENS = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The account's API tokens (`/user/api-tokens`). Another user's token answers 404. The secret is
 * in the create answer only; the database keeps its SHA-256.
 */
export function createApiTokensService(deps: {
  repository: ApiTokensRepository;
  policy: Pick<AccessPolicy, 'authorizeTeam'>;
  now?: () => Date;
}) {
  const { repository, policy } = deps;
  const now = deps.now ?? (() => new Date());

  /** A team's tokens are its owner's and administrators' to see and manage: others 403, strangers 404. */
  async function teamManagedBy(caller: Caller, teamId: number): Promise<number> {
    const access = await policy.authorizeTeam(caller, teamId);
    if (!TEAM_TOKEN_ROLES.includes(access.role)) throw new ForbiddenError();
    return access.team.id;
  }

  function expiryOf(days: number | null): Date | null {
    return days === null ? null : new Date(now().getTime() + days * DAY_MS);
  }
  return {
    async list(caller: Caller): Promise<ApiToken[]> {
      return (await repository.listOwned(caller.id)).map(presentApiToken);
    },

    async create(caller: Caller, body: CreateApiTokenBody & { expires_in_days: number | null }) {
      if ((await repository.countOwned(caller.id)) >= MAX_TOKENS)
        throw new ValidationError({ name: [API_TOKEN_MESSAGES.tooMany] });
      const token = newApiTokenSecret();
      const row = await repository.insert({
        userId: caller.id,
        name: body.name,
        tokenHash: apiTokenHash(token),
        prefix: apiTokenPrefixOf(token),
        scopes: [...body.scopes],
        expiresAt: expiryOf(body.expires_in_days),
      });
      return { ...presentApiToken(row), token };
    },

    async listTeam(caller: Caller, teamId: number): Promise<ApiToken[]> {
      return (await repository.listTeam(await teamManagedBy(caller, teamId))).map(presentApiToken);
    },

    /** A token for the team, made by `caller` (its owner or an admin): token-auth.ts binds it. */
    async createTeam(
      caller: Caller,
      teamId: number,
      body: CreateApiTokenBody & { expires_in_days: number | null },
    ) {
      const team = await teamManagedBy(caller, teamId);
      if ((await repository.countTeam(team)) >= MAX_TOKENS)
        throw new ValidationError({ name: [API_TOKEN_MESSAGES.teamTooMany] });
      const token = newApiTokenSecret();
      const row = await repository.insert({
        userId: caller.id,
        teamId: team,
        name: body.name,
        tokenHash: apiTokenHash(token),
        prefix: apiTokenPrefixOf(token),
        scopes: [...body.scopes],
        expiresAt: expiryOf(body.expires_in_days),
      });
      return { ...presentApiToken(row), token };
    },

    async removeTeam(caller: Caller, teamId: number, id: number): Promise<void> {
      if (!(await repository.deleteTeam(await teamManagedBy(caller, teamId), id))) throw new NotFoundError();
    },

    async remove(caller: Caller, id: number): Promise<void> {
      if (!(await repository.deleteOwned(caller.id, id))) throw new NotFoundError();
    },
  };
}
export type ApiTokensService = ReturnType<typeof createApiTokensService>;
