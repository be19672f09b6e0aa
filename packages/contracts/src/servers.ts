import { z } from 'zod';
import { pageQuerySchema, paginatedSchema } from './pagination.js';
import { defineRoutes } from './route-contract.js';

/**
 * A server as lists, the shell and global search see it (spec/000 §3 Server, the fields needed so
 * far). Credentials and the recorded host key never appear here: the panel's presenter does not
 * read those columns, and a test checks the answer for them.
 */
export const serverSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The name shown to people; the same as `name` until servers can be renamed for display. */
  display_name: z.string(),
  ip: z.string(),
  port: z.number().int(),
  status: z.string(),
  installed: z.boolean(),
  /** Per caller: a favourite of one user is not a favourite of their team. */
  is_favorite: z.boolean(),
  /** The caller owns the server (spec/000 §6), as opposed to reaching it through a team. */
  is_owner: z.boolean(),
  user_id: z.number().int(),
  /**
   * The teams sharing the server that the caller may know of (spec/000 §3 Server `teams`): every
   * one to its owner, to anyone else the teams they belong to.
   */
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /**
   * The caller may use the server, not only look at it (spec/000 §3 `can_use`): its owner, or a
   * team role that operates or configures the whole server. A viewer, or a member limited to some
   * of its sites, cannot: the panel shows 'The server cannot be used' (§8).
   */
  can_use: z.boolean(),
  /**
   * What the caller may do here (apps/api/src/policy/abilities.ts): the server verbs of their
   * role, and `share` and `delete` for the owner. The panel hides what the API would refuse.
   */
  abilities: z.array(z.string()),
  created_at: z.string(),
  /** Protected servers cannot be deleted; the list's Protection column (spec/000 §3 preferences). */
  protected: z.boolean().optional(),
  /** The server has a live plan (issue 24): VIP-only sections open (spec/000 §3, §6). */
  is_vip: z.boolean().optional(),
  /** What the live plan's cycle costs, in cents (the list's Cost column); null without a plan. */
  invoice_price: z.number().int().nullable().optional(),
  /** When the next cycle is charged; null for a lifetime plan or one ending at period end. */
  next_invoice_date: z.string().nullable().optional(),
});
export type ServerSummary = z.infer<typeof serverSummarySchema>;
export const serverResponseSchema = z.object({ data: serverSummarySchema });
export const serverListSchema = paginatedSchema(serverSummarySchema);

/** List queries of servers and sites (spec/000 §7): page, itemsPerPage and a free-text search. */
export const searchablePageQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(255, 'Max 255 characters').optional(),
});
export type SearchablePageQuery = z.infer<typeof searchablePageQuerySchema>;

/** POST api/servers/{server}/favorite: sets `is_favorite` when given, otherwise toggles it. */
export const favoriteRequestSchema = z.strictObject({ is_favorite: z.boolean().optional() });
export const favoriteResponseSchema = z.object({ is_favorite: z.boolean() });

/** Server calls built so far (spec/000 §7 Servers). Paths use `:param` placeholders. */
export const serverRoutes = defineRoutes({
  listServers: {
    method: 'GET',
    path: '/api/servers',
    query: searchablePageQuerySchema,
    response: serverListSchema,
  },
  // GET api/servers/{server} answers the server in full: serverManagementRoutes.serverDetail.
  favoriteServer: {
    method: 'POST',
    path: '/api/servers/:server/favorite',
    body: favoriteRequestSchema.nullish(),
    response: favoriteResponseSchema,
  },
});
