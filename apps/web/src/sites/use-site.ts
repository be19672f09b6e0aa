import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../api/api-error';
import { parseRecordId } from '../app/route-params';
import { subscribeRealtime, useRealtimeTrigger } from '../realtime/realtime-bus';
import { useNotFound } from '../shell/not-found-store';
import { SITE_LISTS_KEY, siteDetailKey, siteDetailQuery } from './site-api';

/** The site id of a `/sites/{site}…` route (0 for a malformed one; the loader 404s those). */
export function useRouteSiteId(): number {
  return parseRecordId(useParams().site) ?? 0;
}

/**
 * A site in full, kept current: an event about it (Event-status: created, toggled, deleted…) or
 * an Update-data `sites` key reloads it; the `site` key does already (realtime-effects). A site
 * that disappears while open turns the page into the not-found view (spec/000 §8).
 */
export function useSiteDetail(siteId: number, { notFoundView = true } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...siteDetailQuery(siteId), enabled: siteId > 0 });
  const { setNotFound } = useNotFound();
  const missing = notFoundView && isApiError(query.error) && query.error.status === 404;

  useEffect(() => {
    if (missing) setNotFound(true);
  }, [missing, setNotFound]);

  useEffect(() => {
    if (siteId <= 0) return;
    return subscribeRealtime((message) => {
      if (message.type === 'Event-status' && message.event.site_id === siteId) {
        void queryClient.invalidateQueries({ queryKey: siteDetailKey(siteId) });
        void queryClient.invalidateQueries({ queryKey: SITE_LISTS_KEY });
      }
    });
  }, [siteId, queryClient]);

  useRealtimeTrigger(UPDATE_KEYS.sites, () => {
    void queryClient.invalidateQueries({ queryKey: siteDetailKey(siteId) });
  });

  return query;
}

/** The site of the current `/sites/{site}…` page. */
export function useRouteSite() {
  return useSiteDetail(useRouteSiteId());
}
