import { z } from 'zod';
import { pageQuerySchema, paginatedSchema } from './pagination.js';
import { defineRoutes } from './route-contract.js';

/**
 * The audit log (issue 22 point 4, docs/audit-log.md): who changed what, on which object, from
 * which address, and the event it started. The panel writes it from one hook; these are its reads.
 */
export const AUDIT_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type AuditMethod = (typeof AUDIT_METHODS)[number];

/** Messages of the audit log API (English catalogue keys, Vietnamese in apps/api/src/audit/audit.vi.ts). */
export const AUDIT_MESSAGES = {
  invalidAction: 'The action must be a route pattern.',
} as const;

/** The most rows one CSV export holds (newest first); narrow the filters for older ones. */
export const AUDIT_EXPORT_LIMIT = 10_000;

const dateFilterSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** Filters of a log read; `from`/`to` are dates (whole days, UTC) or instants. */
export const auditFilterSchema = z.strictObject({
  user: z.coerce.number().int().positive().optional(),
  server: z.coerce.number().int().positive().optional(),
  method: z.enum(AUDIT_METHODS).optional(),
  /** A route pattern, exactly as entries show it (`/api/teams/:team`). */
  action: z
    .string()
    .regex(/^\/api\/[\w:/.-]{0,240}$/, AUDIT_MESSAGES.invalidAction)
    .optional(),
  from: dateFilterSchema.optional(),
  to: dateFilterSchema.optional(),
  /** Matched against the route, the address, the browser, and the user's name and email. */
  search: z.string().trim().max(100).optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;
export const auditLogQuerySchema = auditFilterSchema.extend(pageQuerySchema.shape);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** Null for a failed sign-in of an unknown account; name and email null once the account is gone. */
  user: z
    .object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  method: z.string(),
  /** The route pattern; the web turns it into a label (`Deleted site`). */
  route: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  server: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  site_id: z.number().int().nullable(),
  team_id: z.number().int().nullable(),
  status: z.number().int(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  event_id: z.number().int().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export const auditLogListSchema = paginatedSchema(auditLogEntrySchema);
export type AuditLogList = z.infer<typeof auditLogListSchema>;

/**
 * A team's log is read by those who may update the team (its owner and admins); anyone outside the
 * team gets 404. The user's own log holds their own actions, wherever they took them. The exports
 * are CSV attachments (text/csv) of the same filters, newest first, at most AUDIT_EXPORT_LIMIT rows.
 */
export const auditLogRoutes = defineRoutes({
  teamAuditLogs: {
    method: 'GET',
    path: '/api/teams/:team/audit-logs',
    query: auditLogQuerySchema,
    response: auditLogListSchema,
  },
  exportTeamAuditLogs: {
    method: 'GET',
    path: '/api/teams/:team/audit-logs/export',
    query: auditFilterSchema,
  },
  userAuditLogs: {
    method: 'GET',
    path: '/api/user/audit-logs',
    query: auditLogQuerySchema,
    response: auditLogListSchema,
  },
  exportUserAuditLogs: { method: 'GET', path: '/api/user/audit-logs/export', query: auditFilterSchema },
});
