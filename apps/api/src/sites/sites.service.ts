import type { SearchablePageQuery, SiteSummary } from '@hostdeck/contracts';
import { paginate } from '../http/paginate.js';
import type { Caller } from '../policy/server-policy.js';

/**
 * Sites the caller may reach (spec/000 §7 api/sites). The panel has no sites table yet, so the
 * honest answer is an empty list. The sites issue replaces the body of `list` with a query
 * filtered by `siteIsVisibleTo(sites.serverId, caller.id)` (policy/site-policy.ts), presents rows
 * as contracts `siteSummarySchema` (is_favorite from favorites kind 'site'), and authorizes single
 * sites with `authorizeSite`.
 */
export function createSitesService() {
  return {
    async list(_caller: Caller, query: SearchablePageQuery) {
      const data: SiteSummary[] = [];
      return paginate({ data, total: 0, page: query.page, perPage: query.itemsPerPage, path: '/api/sites' });
    },
  };
}
export type SitesService = ReturnType<typeof createSitesService>;
