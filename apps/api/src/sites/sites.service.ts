import type { SearchablePageQuery, SiteDetail } from '@hostdeck/contracts';
import { paginate } from '../domain/paginate.js';
import type { Caller } from '../policy/server-policy.js';
import { FAVORITE_KINDS, createFavoritesRepository } from '../servers/favorites.repository.js';
import { announceSites, type SiteServiceDependencies } from './site-dependencies.js';
import { presentSite, presentSiteDetail } from './site-presenter.js';
import type { SiteChanges } from './sites.repository.js';

/**
 * Sites the caller may reach (spec/000 §7 api/sites): lists, one site in full, and the changes
 * that stay in the panel (display name, favourite, protection, Telegram notifications) or only
 * read the world (ip-remote-check). Changes on the server: site-changes.service.ts.
 */
export function createSitesService(dependencies: SiteServiceDependencies) {
  const { repository, access, policy } = dependencies;
  const favorites = createFavoritesRepository(dependencies.db);

  async function detail(caller: Caller, siteId: number): Promise<SiteDetail> {
    const { site, server } = await access.authorize(caller, siteId, 'view');
    const [isFavorite, aliases, database, certificate] = await Promise.all([
      repository.isFavorite(caller.id, site.id),
      repository.aliasesOf(site.id),
      repository.databaseOf(site.id),
      repository.activeCertificate(site),
    ]);
    return presentSiteDetail(site, { isFavorite, server, aliases, database, certificate });
  }

  /** A panel-only change of a site the caller may manage; answers the site in full. */
  async function change(caller: Caller, siteId: number, changes: SiteChanges) {
    const { site } = await access.authorize(caller, siteId, 'manage');
    await repository.update(site.id, changes);
    await announceSites(dependencies, site.serverId);
    return { data: await detail(caller, site.id) };
  }

  return {
    async list(caller: Caller, query: SearchablePageQuery, serverId?: number) {
      if (serverId !== undefined) await policy.authorizeServer(caller, serverId, 'view');
      const { total, rows } = await repository.listVisible(caller.id, {
        page: query.page,
        perPage: query.itemsPerPage,
        search: query.search,
        ...(serverId === undefined ? {} : { serverId }),
      });
      return paginate({
        data: rows.map((row) => presentSite(row.site, row)),
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: serverId === undefined ? '/api/sites' : `/api/servers/${serverId}/sites`,
      });
    },

    async show(caller: Caller, siteId: number) {
      return { data: await detail(caller, siteId) };
    },

    /** Sets the flag when `wanted` is given, otherwise toggles it. Anyone who sees a site may. */
    async favorite(caller: Caller, siteId: number, wanted: boolean | undefined) {
      const { site } = await access.authorize(caller, siteId, 'view');
      const isFavorite = wanted ?? !(await repository.isFavorite(caller.id, site.id));
      await favorites.setFavorite(caller.id, FAVORITE_KINDS.site, site.id, isFavorite);
      return { is_favorite: isFavorite };
    },

    /** The name people see; the domain (vhost, folder) stays. */
    rename: (caller: Caller, siteId: number, name: string) => change(caller, siteId, { displayName: name }),

    /** Protected sites cannot be deleted. */
    protect: (caller: Caller, siteId: number, isProtected: boolean) =>
      change(caller, siteId, { protected: isProtected }),

    telegramNotification: (caller: Caller, siteId: number, enabled: boolean) =>
      change(caller, siteId, { telegramNotification: enabled }),

    /**
     * Whether the site's domain points at its server: what the name resolves to (A and AAAA)
     * compared with the server's address. A name that does not resolve matches nothing.
     */
    async ipRemoteCheck(caller: Caller, siteId: number) {
      const { site, server } = await access.authorize(caller, siteId, 'view');
      const addresses = await dependencies.resolveAddresses(site.name).catch(() => [] as string[]);
      return { ip: server.ip, matches: addresses.includes(server.ip), addresses };
    },
  };
}
export type SitesService = ReturnType<typeof createSitesService>;
