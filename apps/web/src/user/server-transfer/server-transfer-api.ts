import { queryOptions, useQuery } from '@tanstack/react-query';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import {
  serverTransferRoutes as routes,
  type CreateServerTransferBody,
  type UpdateServerTransferBody,
} from '@hostdeck/contracts/server-transfer';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/** Under the `user` Update-data key: an offer, a decision or a finished rotation reloads it. */
export const serverTransfersKey = [UPDATE_KEYS.user, 'server-transfers'] as const;

export function serverTransfersQuery() {
  return queryOptions({
    queryKey: serverTransfersKey,
    queryFn: async () => (await apiGetParsed(routes.list.path, routes.list.response)).data,
  });
}

export const useServerTransfers = () => useQuery(serverTransfersQuery());

export const offerServer = async (body: CreateServerTransferBody) =>
  (await apiSend('POST', routes.create.path, body, routes.create.response)).data;

export const decideTransfer = async (id: number, body: UpdateServerTransferBody) =>
  (await apiSend('PUT', apiPath(routes.update.path, { servers_transfer: id }), body, routes.update.response))
    .data;

export const retryKeyRotation = async (id: number) =>
  (
    await apiSend(
      'POST',
      apiPath(routes.retryRotation.path, { servers_transfer: id }),
      undefined,
      routes.retryRotation.response,
    )
  ).data;
