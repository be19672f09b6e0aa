import { useQueries, useQuery } from '@tanstack/react-query';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { databaseRoutes, type Database } from '@hostdeck/contracts/databases';
import { apiGetParsed, apiPath } from '../../api/client';
import { siteSearchQuery } from '../../sites/site-queries';

/** The engines a backup dumps (spec/000 §9: MariaDB/MySQL and PostgreSQL). */
export const BACKUP_ENGINES = ['mysql', 'mariadb', 'postgresql'] as const;

export interface BackupItem {
  id: number;
  name: string;
  /** The engine of a database; the server's name of a site. */
  detail: string;
}

/**
 * The server's sites (not aliases, not the agent's) and databases a configuration may back up, as
 * the panel lists them. An engine that is not installed answers nothing, never an error on the page.
 */
export function useServerItems(serverId: number) {
  const sites = useQuery({
    ...siteSearchQuery({ page: 1, itemsPerPage: 100, serverId }),
    enabled: serverId > 0,
  });
  const databases = useQueries({
    queries: BACKUP_ENGINES.map((engine) => ({
      queryKey: [UPDATE_KEYS.databases, serverId, engine],
      queryFn: async (): Promise<Database[]> =>
        (
          await apiGetParsed(
            apiPath(databaseRoutes.list.path, { server: serverId }, { type: engine }),
            databaseRoutes.list.response,
          )
        ).data,
      enabled: serverId > 0,
      meta: { handleErrors: false },
    })),
  });
  const siteItems: BackupItem[] = (sites.data?.data ?? [])
    .filter((site) => site.site_id === null && !site.is_agent)
    .map((site) => ({ id: site.id, name: site.name, detail: site.directory }));
  const databaseItems: BackupItem[] = databases.flatMap((query, index) =>
    (query.data ?? []).map((database) => ({
      id: database.id,
      name: database.name,
      detail: BACKUP_ENGINES[index]!,
    })),
  );
  return { sites: siteItems, databases: databaseItems, isPending: sites.isPending };
}
