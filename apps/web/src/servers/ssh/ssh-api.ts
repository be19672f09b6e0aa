import { queryOptions, useQuery } from '@tanstack/react-query';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import {
  resetHostKeyRoute,
  sshdConfigRoute,
  updateSshdConfigRoute,
  type UpdateSshdConfigRequest,
} from '@hostdeck/contracts/ssh';
import { apiGetParsed, apiPath, apiRequest, apiSend } from '../../api/client';

/**
 * The sshd settings' calls. The query key starts with the `server` Update-data key and the server,
 * so a finished SSH event (and any change of the server) reloads it.
 */
export const sshdConfigKey = (serverId: number) => [UPDATE_KEYS.server, serverId, 'ssh'] as const;

export function sshdConfigQuery(serverId: number) {
  return queryOptions({
    queryKey: sshdConfigKey(serverId),
    queryFn: async () =>
      (await apiGetParsed(apiPath(sshdConfigRoute.path, { server: serverId }), sshdConfigRoute.response))
        .data,
    staleTime: 30_000,
    meta: { notFoundView: true },
  });
}

export function useSshdConfig(serverId: number) {
  return useQuery(sshdConfigQuery(serverId));
}

/** Starts the change; answers its event's id. */
export async function updateSshdConfig(serverId: number, body: UpdateSshdConfigRequest): Promise<number> {
  const path = apiPath(updateSshdConfigRoute.path, { server: serverId });
  return (await apiSend('POST', path, body, updateSshdConfigRoute.response)).data.id;
}

export async function resetHostKey(serverId: number, confirm: string): Promise<void> {
  const path = apiPath(resetHostKeyRoute.path, { server: serverId });
  await apiRequest('POST', path, { confirm });
}
