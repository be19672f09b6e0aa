import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { bind9Routes, type Bind9ZoneCreate, type Bind9ZoneImport } from '@hostdeck/contracts/bind9';
import type { DnsRecordInput } from '@hostdeck/contracts/dns-records';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';
import { handleApiError, notifySuccess } from '../../api/error-handling';
import { useEventRuns } from '../../hooks/event-runs';

/**
 * bind9's calls (contracts `bind9Routes`). Keys start with the `server` Update-data key and the
 * server, so a finished bind9 event (which publishes it) reloads them.
 */
const bind9Key = (serverId: number) => [UPDATE_KEYS.server, serverId, 'bind9'] as const;

export function bind9StatusQuery(serverId: number) {
  return queryOptions({
    queryKey: [...bind9Key(serverId), 'zones'],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(bind9Routes.status.path, { server: serverId }),
          bind9Routes.status.response,
        )
      ).data,
    staleTime: 15_000,
    meta: { notFoundView: true },
  });
}

export function useBind9Records(serverId: number, zone: string | null) {
  return useQuery({
    queryKey: [...bind9Key(serverId), 'records', zone],
    queryFn: () =>
      apiGetParsed(
        apiPath(bind9Routes.records.path, { server: serverId, zone: zone! }),
        bind9Routes.records.response,
      ),
    enabled: zone !== null,
    staleTime: 15_000,
  });
}

/** The zone file's text (the export), read when asked. */
export async function exportZone(serverId: number, zone: string) {
  return (
    await apiGetParsed(
      apiPath(bind9Routes.exportZone.path, { server: serverId, zone }),
      bind9Routes.exportZone.response,
    )
  ).data;
}

/** The download's URL (the browser sends the session cookie). */
export const zoneDownloadUrl = (serverId: number, zone: string) =>
  apiPath(bind9Routes.downloadZone.path, { server: serverId, zone });

export type Bind9Action =
  | { kind: 'createZone'; body: Bind9ZoneCreate }
  | { kind: 'importZone'; body: Bind9ZoneImport }
  | { kind: 'dnssec'; zone: string; dnssec: boolean }
  | { kind: 'deleteZone'; zone: string }
  | { kind: 'createRecord'; zone: string; body: DnsRecordInput }
  | { kind: 'updateRecord'; zone: string; record: string; body: DnsRecordInput }
  | { kind: 'deleteRecord'; zone: string; record: string };

function start(server: number, action: Bind9Action): Promise<{ data: { id: number } }> {
  switch (action.kind) {
    case 'createZone':
      return apiSend(
        'POST',
        apiPath(bind9Routes.createZone.path, { server }),
        action.body,
        bind9Routes.createZone.response,
      );
    case 'importZone':
      return apiSend(
        'POST',
        apiPath(bind9Routes.importZone.path, { server }),
        action.body,
        bind9Routes.importZone.response,
      );
    case 'dnssec':
      return apiSend(
        'PUT',
        apiPath(bind9Routes.updateZone.path, { server, zone: action.zone }),
        { dnssec: action.dnssec },
        bind9Routes.updateZone.response,
      );
    case 'deleteZone':
      return apiSend(
        'DELETE',
        apiPath(bind9Routes.deleteZone.path, { server, zone: action.zone }),
        undefined,
        bind9Routes.deleteZone.response,
      );
    case 'createRecord':
      return apiSend(
        'POST',
        apiPath(bind9Routes.createRecord.path, { server, zone: action.zone }),
        action.body,
        bind9Routes.createRecord.response,
      );
    case 'updateRecord':
      return apiSend(
        'PUT',
        apiPath(bind9Routes.updateRecord.path, { server, zone: action.zone, record: action.record }),
        action.body,
        bind9Routes.updateRecord.response,
      );
    case 'deleteRecord':
      return apiSend(
        'DELETE',
        apiPath(bind9Routes.deleteRecord.path, { server, zone: action.zone, record: action.record }),
        undefined,
        bind9Routes.deleteRecord.response,
      );
  }
}

/**
 * Starts bind9's events, each busy (under its key) from the click until its event ends; then the
 * zones and records are read again. `run` rethrows a refused start when asked (a form shows it).
 */
export function useBind9Actions(serverId: number) {
  const queryClient = useQueryClient();
  const runs = useEventRuns(() => void queryClient.invalidateQueries({ queryKey: bind9Key(serverId) }));
  const [starting, setStarting] = useState<ReadonlySet<string>>(new Set());
  const mutation = useMutation({
    mutationFn: (action: Bind9Action) => start(serverId, action),
    meta: { handleErrors: false },
  });

  /** Starts `action`; a refused start is shown as usual, or rethrown to a form (`rethrow`). */
  async function run(busyKey: string, action: Bind9Action, { rethrow = false } = {}) {
    setStarting((current) => new Set(current).add(busyKey));
    try {
      const { data } = await mutation.mutateAsync(action);
      runs.track(busyKey, data.id);
      notifySuccess();
    } catch (error) {
      if (rethrow) throw error;
      handleApiError(error);
    } finally {
      setStarting((current) => {
        const next = new Set(current);
        next.delete(busyKey);
        return next;
      });
    }
  }

  const isBusy = (busyKey: string) => starting.has(busyKey) || runs.isRunning(busyKey);
  return { run, isBusy };
}
