import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { backupRoutes, type BackupHistoryState } from '@hostdeck/contracts/backups';
import { apiGetParsed, apiPath } from '../api/client';

export interface BackupHistoryFilters {
  page: number;
  itemsPerPage: number;
  state?: BackupHistoryState;
  server?: number;
}

/**
 * GET api/backups: the user's backup runs across servers, newest first, filtered by state and
 * server. The key starts with the Update-data key `backup-histories` (spec/000 §4): a run ending
 * anywhere reloads the list.
 */
export function allBackupHistoriesQuery(filters: BackupHistoryFilters) {
  return queryOptions({
    queryKey: [UPDATE_KEYS.backupHistories, 'all', filters],
    queryFn: () =>
      apiGetParsed(apiPath(backupRoutes.all.path, {}, { ...filters }), backupRoutes.all.response),
    placeholderData: keepPreviousData,
  });
}
