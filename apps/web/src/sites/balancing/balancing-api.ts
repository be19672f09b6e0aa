import { queryOptions } from '@tanstack/react-query';
import {
  balancingRoutes as routes,
  storeBalancingBodySchema,
  type BalancingAction,
  type StoreBalancingBody,
} from '@hostdeck/contracts/balancing';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/**
 * The load balancing calls of a site (contracts `balancingRoutes`, spec/000 §7 balancing enable,
 * disable, store). The key starts with the Update-data key `site`, so the panel's message after
 * a site event reloads it.
 */
export const balancingKey = (site: number) => ['site', site, 'balancing'] as const;

export function balancingQuery(site: number) {
  return queryOptions({
    queryKey: balancingKey(site),
    queryFn: async () => (await apiGetParsed(apiPath(routes.show.path, { site }), routes.show.response)).data,
  });
}

export async function storeBalancing(site: number, body: StoreBalancingBody): Promise<BalancingAction> {
  const parsed = storeBalancingBodySchema.parse(body);
  return (await apiSend('POST', apiPath(routes.store.path, { site }), parsed, routes.store.response)).data;
}

export async function setBalancingEnabled(site: number, enabled: boolean): Promise<BalancingAction> {
  const route = enabled ? routes.enable : routes.disable;
  return (await apiSend('POST', apiPath(route.path, { site }), undefined, route.response)).data;
}

/** The rolling deploy (POST …/balancing/deploy): the id of its event on the balancer's server. */
export async function deployToNodes(site: number): Promise<number> {
  return (await apiSend('POST', apiPath(routes.deploy.path, { site }), undefined, routes.deploy.response))
    .data.id;
}
