import { z } from 'zod';
import { defineRoutes } from './route-contract.js';

/**
 * Personal API tokens (issue 23 point 5): scripts and the CLI call the API with
 * `Authorization: Bearer hd_…`. A token is shown once, stored as its SHA-256, and carries scopes:
 *
 * - read: GET and HEAD calls;
 * - write: every other call (create, change, delete);
 * - deploy: deploy calls only (a CI job's token), without write;
 * - secrets: calls that answer passwords and keys, on top of read or write.
 *
 * A token never manages tokens (those calls need a signed-in browser session) and holds at most
 * what its owner holds: the same policy checks run on every call. docs/api-tokens.md.
 */
export const API_TOKEN_SCOPES = ['read', 'write', 'deploy', 'secrets'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Days a new token lives; null: until revoked. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

/** English messages (i18n keys); Vietnamese in apps/api/src/api-tokens/api-tokens.vi.ts. */
export const API_TOKEN_MESSAGES = {
  name: 'Use 1 to 64 letters, digits, spaces and . _ -',
  scopes: 'Choose at least one scope',
  expiry: 'Choose 7, 30, 90 or 365 days, or no expiry',
  missingScope: 'This token does not have the scope this call needs.',
  sessionOnly: 'API tokens are managed from a signed-in browser session.',
  tooMany: 'You may keep at most 50 API tokens.',
  teamOnly: "A team token reaches only the team's servers, sites and events.",
  teamTooMany: 'A team may keep at most 50 API tokens.',
} as const;

const NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,63}$/u;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** The token's first characters, to tell tokens apart (never enough to use it). */
  prefix: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createApiTokenBodySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .refine((value) => NAME_PATTERN.test(value), { message: API_TOKEN_MESSAGES.name }),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { message: API_TOKEN_MESSAGES.scopes }))
    .min(1, { message: API_TOKEN_MESSAGES.scopes })
    .max(API_TOKEN_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { message: API_TOKEN_MESSAGES.scopes }),
  expires_in_days: z
    .union([z.literal(7), z.literal(30), z.literal(90), z.literal(365), z.null()], {
      message: API_TOKEN_MESSAGES.expiry,
    })
    .default(90),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;

export const apiTokenRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/user/api-tokens',
    response: z.object({ data: z.array(apiTokenSchema) }),
  },
  create: {
    method: 'POST',
    path: '/api/user/api-tokens',
    body: createApiTokenBodySchema,
    /** `token` is the only time the secret is shown. */
    response: z.object({ data: apiTokenSchema.extend({ token: z.string() }) }),
  },
  destroy: { method: 'DELETE', path: '/api/user/api-tokens/:apiTokenId' },
});

/**
 * A team's tokens (issue 23 point 6): its owner and administrators make them on the team page.
 * Such a token acts for the team: its maker's grants in the team, over the team's servers and
 * sites only (never the maker's own), with the same scopes, expiry, hashing and limits.
 */
export const teamApiTokenRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/teams/:team/api-tokens',
    response: z.object({ data: z.array(apiTokenSchema) }),
  },
  create: {
    method: 'POST',
    path: '/api/teams/:team/api-tokens',
    body: createApiTokenBodySchema,
    response: z.object({ data: apiTokenSchema.extend({ token: z.string() }) }),
  },
  destroy: { method: 'DELETE', path: '/api/teams/:team/api-tokens/:apiTokenId' },
});
