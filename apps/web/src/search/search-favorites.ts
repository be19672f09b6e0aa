import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { serverListQuery, setServerFavorite, siteListQuery } from '../api/panel-queries';
import { setSiteFavorite } from '../sites/site-api';
import { SEARCH_LIST_PAGE } from './use-search-items';

interface FavoriteChange {
  kind: 'servers' | 'sites';
  id: number;
  isFavorite: boolean;
}

/**
 * Favourite checkboxes of global search. A change shows at once in the search list (and is put
 * back if the panel refuses it); when the dialog closes, the servers (and sites) queries reload
 * if a favourite changed (spec/000 §2), so lists elsewhere pick it up.
 */
export function useSearchFavorites() {
  const queryClient = useQueryClient();
  const changed = useRef(new Set<'servers' | 'sites'>());

  const setCached = useCallback(
    (kind: 'servers' | 'sites', id: number, isFavorite: boolean) => {
      const mark = <List extends { data: { id: number; is_favorite: boolean }[] }>(list: List | undefined) =>
        list &&
        ({
          ...list,
          data: list.data.map((item) => (item.id === id ? { ...item, is_favorite: isFavorite } : item)),
        } as List);
      if (kind === 'servers') queryClient.setQueryData(serverListQuery(SEARCH_LIST_PAGE).queryKey, mark);
      else queryClient.setQueryData(siteListQuery(SEARCH_LIST_PAGE).queryKey, mark);
    },
    [queryClient],
  );

  // A failure is reported by the query client's mutation cache (handleApiError).
  const { mutateAsync } = useMutation({
    mutationFn: ({ kind, id, isFavorite }: FavoriteChange) =>
      kind === 'servers' ? setServerFavorite(id, isFavorite) : setSiteFavorite(id, isFavorite),
    onMutate: ({ kind, id, isFavorite }) => {
      setCached(kind, id, isFavorite);
      changed.current.add(kind);
    },
    onSuccess: (saved, { kind, id }) => setCached(kind, id, saved),
    onError: (_error, { kind, id, isFavorite }) => setCached(kind, id, !isFavorite),
  });
  const toggle = useCallback(
    (kind: 'servers' | 'sites', id: number, isFavorite: boolean) =>
      mutateAsync({ kind, id, isFavorite }).then(
        () => undefined,
        () => undefined,
      ),
    [mutateAsync],
  );
  const toggleServer = useCallback(
    (id: number, isFavorite: boolean) => toggle('servers', id, isFavorite),
    [toggle],
  );
  const toggleSite = useCallback(
    (id: number, isFavorite: boolean) => toggle('sites', id, isFavorite),
    [toggle],
  );

  /** On close: reload what changed. */
  const reloadChanged = useCallback(() => {
    for (const kind of changed.current) void queryClient.invalidateQueries({ queryKey: [kind] });
    changed.current.clear();
  }, [queryClient]);

  return useMemo(
    () => ({ toggleServer, toggleSite, reloadChanged }),
    [toggleServer, toggleSite, reloadChanged],
  );
}
