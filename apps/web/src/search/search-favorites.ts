import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { handleApiError } from '../api/error-handling';
import { serverListQuery, setServerFavorite } from '../api/panel-queries';
import { SEARCH_LIST_PAGE } from './use-search-items';

/**
 * Favourite checkboxes of global search. A change shows at once in the search list (and is put
 * back if the panel refuses it); when the dialog closes, the servers (and sites) queries reload
 * if a favourite changed (spec/000 §2), so lists elsewhere pick it up.
 */
export function useSearchFavorites() {
  const queryClient = useQueryClient();
  const changed = useRef(new Set<'servers' | 'sites'>());

  const setCached = useCallback(
    (serverId: number, isFavorite: boolean) => {
      queryClient.setQueryData(serverListQuery(SEARCH_LIST_PAGE).queryKey, (list) =>
        list
          ? {
              ...list,
              data: list.data.map((server) =>
                server.id === serverId ? { ...server, is_favorite: isFavorite } : server,
              ),
            }
          : list,
      );
    },
    [queryClient],
  );

  const toggleServer = useCallback(
    async (serverId: number, isFavorite: boolean) => {
      setCached(serverId, isFavorite);
      changed.current.add('servers');
      try {
        setCached(serverId, await setServerFavorite(serverId, isFavorite));
      } catch (error) {
        setCached(serverId, !isFavorite);
        handleApiError(error);
      }
    },
    [setCached],
  );

  /** On close: reload what changed. */
  const reloadChanged = useCallback(() => {
    for (const kind of changed.current) void queryClient.invalidateQueries({ queryKey: [kind] });
    changed.current.clear();
  }, [queryClient]);

  return useMemo(() => ({ toggleServer, reloadChanged }), [toggleServer, reloadChanged]);
}
