import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ServerDetail, ServerSummary } from '@hostdeck/contracts';
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
  // A failure is reported by the query client's mutation cache (handleApiError).
  const { mutateAsync } = useMutation({
    mutationFn: ({ serverId, isFavorite }: { serverId: number; isFavorite: boolean }) =>
      setServerFavorite(serverId, isFavorite),
    onMutate: ({ serverId, isFavorite }) => applyFavorite(queryClient, serverId, isFavorite),
    onSuccess: (saved, { serverId }) => applyFavorite(queryClient, serverId, saved),
    onError: (_error, { serverId, isFavorite }) => applyFavorite(queryClient, serverId, !isFavorite),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['servers', 'list'] }),
  });
  return useCallback(
    (serverId: number, isFavorite: boolean) =>
      mutateAsync({ serverId, isFavorite }).then(
        () => undefined,
        () => undefined,
      ),
    [mutateAsync],
  );
}
