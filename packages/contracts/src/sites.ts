import { z } from 'zod';
import { paginatedSchema } from './pagination.js';

/**
 * A site as lists and global search see it (spec/000 §3 Site). Sites do not exist in the panel
 * yet: GET api/sites answers an empty list of this shape until the sites issue adds them.
 */
export const siteSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  server_id: z.number().int(),
  /** The parent site of an alias; null for a parent. */
  site_id: z.number().int().nullable(),
  /** The agent's own site (proxy port 2022, spec/000 §3, §9). */
  is_agent: z.boolean(),
  proxy_port: z.number().int().nullable(),
  /** wordpress, n8n, phpmyadmin, git and others; null before any code is installed. */
  code_type: z.string().nullable(),
  linux_user: z.string().nullable(),
  directory: z.string(),
  enabled: z.boolean(),
  /** Per caller, like a server's. */
  is_favorite: z.boolean(),
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;
export const siteListSchema = paginatedSchema(siteSummarySchema);

/** Site calls built so far (spec/000 §7 Sites). Queries use `searchablePageQuerySchema`. */
export const siteRoutes = {
  listSites: { method: 'GET', path: '/api/sites', response: siteListSchema },
} as const;
