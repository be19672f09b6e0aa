import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../api/api-error';
import { parseRecordId } from '../app/route-params';
import { subscribeRealtime, useRealtimeTrigger } from '../realtime/realtime-bus';
import { useNotFound } from '../shell/not-found-store';
import { serverDetailKey, serverDetailQuery } from '../api/panel-queries';

/** The server id of a `/servers/{server}…` route (0 for a malformed one; the loader 404s those). */
export function useRouteServerId(): number {
  return parseRecordId(useParams().server) ?? 0;
}

/**
 * A server in full, kept current: an event on it (Event-status: provisioning started or finished,
 * a restart…) or an Update-data `server` key reloads it; the `servers` key does already
 * (realtime-effects). A server that disappears while open turns the page into the not-found view.
 */
export function useServerDetail(serverId: number, { notFoundView = true } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...serverDetailQuery(serverId), enabled: serverId > 0 });
  const { setNotFound } = useNotFound();
  const missing = notFoundView && isApiError(query.error) && query.error.status === 404;

  useEffect(() => {
    if (missing) setNotFound(true);
  }, [missing, setNotFound]);

  useEffect(() => {
    if (serverId <= 0) return;
    return subscribeRealtime((message) => {
      if (message.type === 'Event-status' && message.event.server_id === serverId) {
        void queryClient.invalidateQueries({ queryKey: serverDetailKey(serverId) });
      }
    });
  }, [serverId, queryClient]);

  useRealtimeTrigger(UPDATE_KEYS.server, () => {
    void queryClient.invalidateQueries({ queryKey: serverDetailKey(serverId) });
  });

  return query;
}
