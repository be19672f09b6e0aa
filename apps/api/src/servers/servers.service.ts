import type { SearchablePageQuery } from '@hostdeck/contracts';
import { paginate } from '../domain/paginate.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import { FAVORITE_KINDS, type FavoritesRepository } from './favorites.repository.js';
import { presentServer } from './server-presenter.js';
import type { ServersRepository } from './servers.repository.js';

/**
 * Servers the caller may reach (spec/000 §7 api/servers): the list the shell and global search
 * read, and the caller's favourite flag. One server, connecting and managing it:
 * server-connect.service.ts and server-management.service.ts.
 */
export function createServersService(options: {
  repository: ServersRepository;
  favorites: FavoritesRepository;
  policy: AccessPolicy;
}) {
  const { repository, favorites, policy } = options;

  return {
    async list(caller: Caller, query: SearchablePageQuery) {
      const { total, rows } = await repository.listVisible(caller.id, {
        page: query.page,
        perPage: query.itemsPerPage,
        search: query.search,
      });
      const teams = await repository.sharingTeams(
        caller.id,
        rows.map((row) => row.server.id),
      );
      const abilities = await Promise.all(rows.map((row) => policy.serverAbilities(caller, row.server)));
      return paginate({
        data: rows.map((row, index) =>
          presentServer(row.server, {
            userId: caller.id,
            isFavorite: row.isFavorite,
            teams: teams.get(row.server.id) ?? [],
            abilities: abilities[index]!,
          }),
        ),
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: '/api/servers',
      });
    },

    /** Sets the flag when `wanted` is given, otherwise toggles it. Anyone who sees a server may. */
    async favorite(caller: Caller, serverId: number, wanted: boolean | undefined) {
      const server = await policy.authorizeServer(caller, serverId, 'view');
      const isFavorite = wanted ?? !(await favorites.isFavorite(caller.id, FAVORITE_KINDS.server, server.id));
      await favorites.setFavorite(caller.id, FAVORITE_KINDS.server, server.id, isFavorite);
      return { is_favorite: isFavorite };
    },
  };
}
export type ServersService = ReturnType<typeof createServersService>;
