import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { wireguardRoutes, wireguardSection, type WireguardRoute } from '@hostdeck/contracts/wireguard';
import { apiGetParsed, apiPath } from '../../api/client';
import { sectionListKey } from '../../server-sections/section-api';

/**
 * GET api/servers/{server}/wireguard: `{ data, infos }`, read live from the server. Its key starts
 * with the section's list key, so a finished WireGuard event reloads it.
 */
export function wireguardListQuery(serverId: number) {
  return queryOptions({
    queryKey: [...sectionListKey(wireguardSection, serverId), 'list'],
    queryFn: () =>
      apiGetParsed(apiPath(wireguardRoutes.list.path, { server: serverId }), wireguardRoutes.list.response),
    staleTime: 30_000,
    meta: { notFoundView: true },
  });
}

export function useWireguardList(serverId: number) {
  return useQuery({ ...wireguardListQuery(serverId), placeholderData: keepPreviousData });
}

/** The `.conf` download's URL (the browser sends the session cookie; `manage` only). */
export const clientConfigUrl = (serverId: number, clientId: number, route: WireguardRoute) =>
  apiPath(wireguardRoutes.download.path, { server: serverId, client: clientId }, { route });

/** The client's QR code (PNG data URL rendered by the panel) and config text. */
export function useClientQr(serverId: number, clientId: number | null, route: WireguardRoute) {
  return useQuery({
    queryKey: ['wireguard-qr', serverId, clientId, route],
    queryFn: () =>
      apiGetParsed(
        apiPath(wireguardRoutes.qr.path, { server: serverId, client: clientId! }, { route }),
        wireguardRoutes.qr.response,
      ),
    enabled: clientId !== null,
    // It holds a private key: not kept once the dialog closes.
    gcTime: 0,
    staleTime: 0,
  });
}
