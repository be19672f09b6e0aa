import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ServerDetail, ServerSummary } from '@hostdeck/contracts';
import { handleApiError } from '../api/error-handling';
import { setServerFavorite } from '../api/panel-queries';

type ServerList = { data: ServerSummary[] };

/** Shows a favourite change in every cached copy of the server: lists and its page. */
function applyFavorite(queryClient: QueryClient, serverId: number, isFavorite: boolean) {
  queryClient.setQueriesData<ServerList>({ queryKey: ['servers', 'list'] }, (list) =>
    list
      ? {
          ...list,
          data: list.data.map((server) =>
            server.id === serverId ? { ...server, is_favorite: isFavorite } : server,
          ),
        }
      : list,
  );
  queryClient.setQueriesData<ServerDetail | ServerSummary>({ queryKey: ['servers'] }, (server) =>
    server && 'id' in server && server.id === serverId ? { ...server, is_favorite: isFavorite } : server,
  );
}

/**
 * Toggles a favourite (POST api/servers/{server}/favorite): shown at once, settled by the panel's
 * answer, put back if it refuses; then the server lists reload (their order may change).
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useCallback(
    async (serverId: number, isFavorite: boolean) => {
      applyFavorite(queryClient, serverId, isFavorite);
      try {
        applyFavorite(queryClient, serverId, await setServerFavorite(serverId, isFavorite));
      } catch (error) {
        applyFavorite(queryClient, serverId, !isFavorite);
        handleApiError(error);
      }
      void queryClient.invalidateQueries({ queryKey: ['servers', 'list'] });
    },
    [queryClient],
  );
}
