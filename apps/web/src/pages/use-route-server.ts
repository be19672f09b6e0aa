import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../api/api-error';
import { serverDetailQuery } from '../api/panel-queries';
import { parseRecordId } from '../app/route-params';
import { useNotFound } from '../shell/not-found-store';

/**
 * The server of a `/servers/{server}…` page. Its loader has already loaded it (or shown the
 * not-found view), so this reads the cache and keeps it fresh; a server that disappears while
 * open (deleted, or no longer shared) turns the page into the not-found view (spec/000 §8).
 */
export function useRouteServer() {
  const serverId = parseRecordId(useParams().server) ?? 0;
  const query = useQuery({ ...serverDetailQuery(serverId), enabled: serverId > 0 });
  const { setNotFound } = useNotFound();
  const missing = isApiError(query.error) && query.error.status === 404;

  useEffect(() => {
    if (missing) setNotFound(true);
  }, [missing, setNotFound]);

  return query;
}
