import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import {
  mtproxyRoutes,
  type MtproxyServiceAction,
  type MtproxySettingsRequest,
} from '@hostdeck/contracts/mtproxy';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';
import { notifySuccess } from '../../api/error-handling';
import { useEventRuns } from '../../hooks/event-runs';
import { listeningPortsKey } from '../listening-ports/ListeningPortsTable';

/**
 * MTProxy's calls (contracts `mtproxyRoutes`). Keys start with the `server` Update-data key and the
 * server, so a finished MTProxy event (which publishes it) reloads them.
 */
const mtproxyKey = (serverId: number) => [UPDATE_KEYS.server, serverId, 'mtproxy'] as const;

export function mtproxyStatusQuery(serverId: number) {
  return queryOptions({
    queryKey: [...mtproxyKey(serverId), 'status'],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(mtproxyRoutes.status.path, { server: serverId }),
          mtproxyRoutes.status.response,
        )
      ).data,
    staleTime: 15_000,
    meta: { notFoundView: true },
  });
}

/** The link holds the secret: read only for `manage`, only when the page asks. */
export function useMtproxyLink(serverId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...mtproxyKey(serverId), 'link'],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(mtproxyRoutes.link.path, { server: serverId }),
          mtproxyRoutes.link.response,
        )
      ).data,
    enabled,
    staleTime: 60_000,
    meta: { handleErrors: false },
  });
}

export function useMtproxyLog(serverId: number, lines: number, enabled: boolean) {
  return useQuery({
    queryKey: [...mtproxyKey(serverId), 'log', lines],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(mtproxyRoutes.log.path, { server: serverId }, { lines }),
          mtproxyRoutes.log.response,
        )
      ).data.lines,
    enabled,
    staleTime: 0,
  });
}

export type MtproxyAction =
  | { kind: 'apply'; body: MtproxySettingsRequest }
  | { kind: 'rotate' }
  | { kind: 'service'; action: MtproxyServiceAction };

function start(serverId: number, action: MtproxyAction): Promise<{ data: { id: number } }> {
  switch (action.kind) {
    case 'apply':
      return apiSend(
        'PUT',
        apiPath(mtproxyRoutes.apply.path, { server: serverId }),
        mtproxyRoutes.apply.body.parse(action.body),
        mtproxyRoutes.apply.response,
      );
    case 'rotate':
      return apiSend(
        'POST',
        apiPath(mtproxyRoutes.rotate.path, { server: serverId }),
        undefined,
        mtproxyRoutes.rotate.response,
      );
    case 'service':
      return apiSend(
        'POST',
        apiPath(mtproxyRoutes.service.path, { server: serverId, action: action.action }),
        undefined,
        mtproxyRoutes.service.response,
      );
  }
}

/**
 * Starts MTProxy's events, each busy (under its key) from the click until its event ends; then the
 * status, link, log and listening ports are read again.
 */
export function useMtproxyActions(serverId: number) {
  const queryClient = useQueryClient();
  const runs = useEventRuns(() => {
    void queryClient.invalidateQueries({ queryKey: mtproxyKey(serverId) });
    void queryClient.invalidateQueries({ queryKey: listeningPortsKey(serverId) });
  });
  const [starting, setStarting] = useState<ReadonlySet<string>>(new Set());
  const mutation = useMutation({ mutationFn: (action: MtproxyAction) => start(serverId, action) });

  async function run(busyKey: string, action: MtproxyAction, { rethrow = false } = {}) {
    setStarting((current) => new Set(current).add(busyKey));
    try {
      const { data } = await mutation.mutateAsync(action);
      runs.track(busyKey, data.id);
      notifySuccess();
    } catch (error) {
      if (rethrow) throw error;
    } finally {
      setStarting((current) => {
        const next = new Set(current);
        next.delete(busyKey);
        return next;
      });
    }
  }

  const isBusy = (busyKey: string) => starting.has(busyKey) || runs.isRunning(busyKey);
  return { run, isBusy, anyBusy: ['apply', 'rotate', 'start', 'stop', 'restart'].some(isBusy) };
}
