import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import {
  privateNetworkRoutes as routes,
  type CreatePrivateNetworkBody,
  type PrivateNetwork,
} from '@hostdeck/contracts/private-networks';
import { apiGetParsed, apiPath, apiSend } from '../../../api/client';

/**
 * The private networks a server is in (GET api/servers/{server}/private-networks). Its key starts
 * with the `servers` Update-data key, which the area publishes when one of its events ends; while
 * a member is joining or leaving, it is also read again every few seconds.
 */
export const privateNetworksKey = (serverId: number) =>
  [UPDATE_KEYS.servers, 'private-networks', serverId] as const;

const isBusy = (networks: readonly PrivateNetwork[] | undefined) =>
  Boolean(
    networks?.some((network) =>
      network.members.some((member) => member.status === 'joining' || member.status === 'leaving'),
    ),
  );

export function usePrivateNetworks(serverId: number) {
  return useQuery({
    queryKey: privateNetworksKey(serverId),
    queryFn: async () =>
      (await apiGetParsed(apiPath(routes.ofServer.path, { server: serverId }), routes.ofServer.response))
        .data,
    refetchInterval: (query) => (isBusy(query.state.data) ? 3_000 : false),
  });
}

/** The create / add / remove / delete actions; each reloads the server's networks. */
export function usePrivateNetworkActions(serverId: number) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: [UPDATE_KEYS.servers, 'private-networks'] });
  const response = routes.create.response;
  return {
    create: useMutation({
      mutationFn: (body: CreatePrivateNetworkBody) => apiSend('POST', routes.create.path, body, response),
      onSuccess,
    }),
    addMember: useMutation({
      mutationFn: ({ network, server }: { network: number; server: number }) =>
        apiSend('POST', apiPath(routes.addMember.path, { network }), { server_id: server }, response),
      onSuccess,
    }),
    removeMember: useMutation({
      mutationFn: ({ network, server }: { network: number; server: number }) =>
        apiSend('DELETE', apiPath(routes.removeMember.path, { network, server }), undefined, response),
      onSuccess,
    }),
    destroy: useMutation({
      mutationFn: (network: number) =>
        apiSend('DELETE', apiPath(routes.destroy.path, { network }), undefined, response),
      onSuccess,
    }),
    serverId,
  };
}
