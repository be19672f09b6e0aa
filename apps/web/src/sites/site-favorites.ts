import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Paginated, SiteDetail, SiteSummary } from '@hostdeck/contracts';
import { SITE_LISTS_KEY, setSiteFavorite, siteDetailKey } from './site-api';

/** Shows a favourite change in every cached copy of the site: lists and its page. */
function applyFavorite(queryClient: QueryClient, siteId: number, isFavorite: boolean) {
  queryClient.setQueriesData<Paginated<SiteSummary>>({ queryKey: SITE_LISTS_KEY }, (list) =>
    list
      ? {
          ...list,
          data: list.data.map((site) => (site.id === siteId ? { ...site, is_favorite: isFavorite } : site)),
        }
      : list,
  );
  queryClient.setQueryData<SiteDetail>(siteDetailKey(siteId), (site) =>
    site ? { ...site, is_favorite: isFavorite } : site,
  );
}

/**
 * Toggles a site's favourite (POST api/sites/{site}/favorite): shown at once, settled by the
 * panel's answer, put back if it refuses; then the site lists reload (their order may change).
 */
export function useToggleSiteFavorite() {
  const queryClient = useQueryClient();
  // A failure is reported by the query client's mutation cache (handleApiError).
  const { mutateAsync } = useMutation({
    mutationFn: ({ siteId, isFavorite }: { siteId: number; isFavorite: boolean }) =>
      setSiteFavorite(siteId, isFavorite),
    onMutate: ({ siteId, isFavorite }) => applyFavorite(queryClient, siteId, isFavorite),
    onSuccess: (saved, { siteId }) => applyFavorite(queryClient, siteId, saved),
    onError: (_error, { siteId, isFavorite }) => applyFavorite(queryClient, siteId, !isFavorite),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY }),
  });
  return useCallback(
    (siteId: number, isFavorite: boolean) =>
      mutateAsync({ siteId, isFavorite }).then(
        () => undefined,
        () => undefined,
      ),
    [mutateAsync],
  );
}
