import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  firewallListResponseSchema,
  firewallListRoute,
  firewallSection,
  type FirewallRule,
  type DeleteFirewallRuleRequest,
} from '@hostdeck/contracts/firewall';
import { apiGetParsed, apiPath } from '../../api/client';
import { sectionListKey } from '../../server-sections/section-api';

/**
 * GET api/servers/{server}/firewall-rules: `{ data, infos }`. Its key starts with the section's
 * list key (the `firewall_rules` Update-data key, then the server), so a finished firewall event
 * reloads it.
 */
export function firewallListQuery(serverId: number) {
  return queryOptions({
    queryKey: [...sectionListKey(firewallSection, serverId), 'firewall'],
    queryFn: () =>
      apiGetParsed(apiPath(firewallListRoute.path, { server: serverId }), firewallListResponseSchema),
    staleTime: 30_000,
    meta: { notFoundView: true },
  });
}

export function useFirewallList(serverId: number) {
  return useQuery({ ...firewallListQuery(serverId), placeholderData: keepPreviousData });
}

/** The exact spec that identifies a panel rule to delete (its name included). */
export function deleteRequestOf(rule: FirewallRule): DeleteFirewallRuleRequest {
  return {
    name: rule.name ?? '',
    action: rule.action as DeleteFirewallRuleRequest['action'],
    protocol: rule.protocol as DeleteFirewallRuleRequest['protocol'],
    port: rule.port,
    source: rule.source,
  };
}

/** One row per rule and family; a panel rule's IPv4 and IPv6 halves share a busy key. */
export const ruleKey = (rule: FirewallRule) =>
  `${rule.action} ${rule.protocol} ${rule.port} ${rule.source} ${rule.name ?? ''}`;
