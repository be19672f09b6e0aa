import { z } from 'zod';
import { hasControlCharacters } from './grammars.js';
import { paginatedSchema, pageQuerySchema } from './pagination.js';
import { defineRoutes } from './route-contract.js';
import { customScriptSchema } from './terminal.js';

/**
 * The panel administrators' area (`/admin`, issue 22 point 6, docs/scripts.md): the review of
 * shared scripts (with shellcheck's findings), and read-only lists of users and servers. The
 * administrators are ADMIN_EMAILS, or the first registered user when none is configured; for
 * anyone else every call answers 404.
 */

/** One shellcheck finding (`shellcheck -f json`): level, line, message and SC code. */
export const shellcheckFindingSchema = z.object({
  level: z.enum(['error', 'warning', 'info', 'style']),
  line: z.number().int(),
  column: z.number().int(),
  code: z.number().int(),
  message: z.string(),
});
export type ShellcheckFinding = z.infer<typeof shellcheckFindingSchema>;

/** A shared script waiting for review, with what shellcheck says of its content. */
export const reviewScriptSchema = z.object({
  id: z.number().int(),
  memo: z.string(),
  content: z.string(),
  /** sha256 (hex) of the content shown: approving pins this hash. */
  content_hash: z.string(),
  author: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  updated_at: z.string(),
  findings: z.array(shellcheckFindingSchema),
  /** Set when shellcheck could not judge the script (timeout, not installed). */
  shellcheck_error: z.string().nullable(),
});
export type ReviewScript = z.infer<typeof reviewScriptSchema>;
export const reviewScriptListSchema = paginatedSchema(reviewScriptSchema);

export const CONTENT_HASH_PATTERN = /^[0-9a-f]{64}$/;
export const SCRIPT_REJECTION_MAX_LENGTH = 1000;

/** The hash of the content the administrator read: a script changed since is not approved. */
export const approveScriptRequestSchema = z.strictObject({
  content_hash: z.string().regex(CONTENT_HASH_PATTERN),
});
export const rejectScriptRequestSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1)
    .max(SCRIPT_REJECTION_MAX_LENGTH)
    // Newlines are allowed in a reason; other control characters are not.
    .refine((value) => !hasControlCharacters(value.replace(/\r?\n/g, ' ')), {
      message: 'Invalid value',
    }),
});
export const reviewedScriptResponseSchema = z.object({ data: customScriptSchema });

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = paginatedSchema(adminUserSchema);

export const adminServerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ip: z.string(),
  owner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  created_at: z.string(),
});
export type AdminServer = z.infer<typeof adminServerSchema>;
export const adminServerListSchema = paginatedSchema(adminServerSchema);

/** Messages of the admin area (English catalogue keys, Vietnamese in apps/api/src/admin/admin.vi.ts). */
export const ADMIN_MESSAGES = {
  scriptChanged: 'The script changed since you read it. Review it again.',
  notPending: 'This script is not waiting for review.',
} as const;

export const adminRoutes = defineRoutes({
  pendingScripts: {
    method: 'GET',
    path: '/api/admin/scripts',
    query: pageQuerySchema,
    response: reviewScriptListSchema,
  },
  approveScript: {
    method: 'POST',
    path: '/api/admin/scripts/:script/approve',
    body: approveScriptRequestSchema,
    response: reviewedScriptResponseSchema,
  },
  rejectScript: {
    method: 'POST',
    path: '/api/admin/scripts/:script/reject',
    body: rejectScriptRequestSchema,
    response: reviewedScriptResponseSchema,
  },
  users: { method: 'GET', path: '/api/admin/users', query: pageQuerySchema, response: adminUserListSchema },
  servers: {
    method: 'GET',
    path: '/api/admin/servers',
    query: pageQuerySchema,
    response: adminServerListSchema,
  },
});
