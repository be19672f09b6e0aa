import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailserverRoutes, mailserverSection } from '@hostdeck/contracts/mailserver';
import { roundcubeRouteContracts } from '@hostdeck/contracts/roundcube';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';
import { sectionListKey } from '../../server-sections/section-api';

/**
 * The mail server's calls (contracts `mailserverRoutes`, helper D's area `mailserver`). Keys start
 * with the section's list key, so a finished mail event (useSectionActions) reloads them all.
 */
export const mailKey = (serverId: number) => sectionListKey(mailserverSection, serverId);

/** GET api/servers/{server}/mail: domains, accounts, aliases, settings, SSL and services. */
export function mailOverviewQuery(serverId: number) {
  return queryOptions({
    queryKey: [...mailKey(serverId), 'overview'],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(mailserverRoutes.overview.path, { server: serverId }),
          mailserverRoutes.overview.response,
        )
      ).data,
    staleTime: 30_000,
    meta: { notFoundView: true },
  });
}

/** The records a domain needs and their state, read when the reader opens the domain. */
export function useMailDomainCheck(serverId: number, domain: string | null) {
  return useQuery({
    queryKey: [...mailKey(serverId), 'check', domain],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(mailserverRoutes.checkDomain.path, { server: serverId, domain: domain ?? '' }),
          mailserverRoutes.checkDomain.response,
        )
      ).data,
    enabled: domain !== null,
    staleTime: 0,
  });
}

/** Port 25, reverse DNS and a blocklist, read on demand (it asks the internet). */
export function useMailDeliverability(serverId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...mailKey(serverId), 'deliverability'],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(mailserverRoutes.deliverability.path, { server: serverId }),
          mailserverRoutes.deliverability.response,
        )
      ).data,
    enabled,
    staleTime: 60_000,
  });
}

/** POST api/sites/{site}/code/roundcube: the started event's id. */
export async function installRoundcube(site: number): Promise<number> {
  const { install } = roundcubeRouteContracts;
  return (await apiSend('POST', apiPath(install.path, { site }), undefined, install.response)).data.id;
}
