import { API_TOKEN_MESSAGES, type ApiToken, type CreateApiTokenBody } from '@hostdeck/contracts/api-tokens';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { Caller } from '../policy/server-policy.js';
import { apiTokenHash, apiTokenPrefixOf, newApiTokenSecret } from './api-token-secret.js';
import type { ApiTokenRow, ApiTokensRepository } from './api-tokens.repository.js';

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
export function createApiTokensService(deps: { repository: ApiTokensRepository; now?: () => Date }) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
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
        expiresAt:
          body.expires_in_days === null ? null : new Date(now().getTime() + body.expires_in_days * DAY_MS),
      });
      return { ...presentApiToken(row), token };
    },

    async remove(caller: Caller, id: number): Promise<void> {
      if (!(await repository.deleteOwned(caller.id, id))) throw new NotFoundError();
    },
  };
}
export type ApiTokensService = ReturnType<typeof createApiTokensService>;
