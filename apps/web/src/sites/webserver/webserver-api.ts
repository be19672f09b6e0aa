import { queryOptions } from '@tanstack/react-query';
import {
  createSiteConfigRequestSchema,
  siteConfigRoutes as routes,
  updateSiteConfigRequestSchema,
  type SiteConfigSaved,
  type SiteLogKind,
  type SiteLogLines,
} from '@hostdeck/contracts';
import { apiGetParsed, apiPath, apiRequest, apiSend } from '../../api/client';

/**
 * The config and log calls of a site (contracts `siteConfigRoutes`). Everything is read live from
 * the server over SSH, so the keys are this area's own (`site-configs`, `site-logs`): a change to
 * the site record does not make the panel log in to the server again.
 */
type SiteId = number;

export const siteConfigsKey = (site: SiteId) => ['site-configs', site] as const;

export function siteConfigListQuery(site: SiteId) {
  return queryOptions({
    queryKey: [...siteConfigsKey(site), 'list'],
    queryFn: () => apiGetParsed(apiPath(routes.listConfigs.path, { site }), routes.listConfigs.response),
  });
}

export function siteConfigQuery(site: SiteId, name: string) {
  return queryOptions({
    queryKey: [...siteConfigsKey(site), 'file', name],
    queryFn: () => apiGetParsed(apiPath(routes.showConfig.path, { site, name }), routes.showConfig.response),
    // The editor holds the user's draft: a background refetch must not replace it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function siteLogQuery(site: SiteId, kind: SiteLogKind, lines: SiteLogLines) {
  return queryOptions({
    queryKey: ['site-logs', site, kind, lines],
    queryFn: () =>
      apiGetParsed(apiPath(routes.showLog.path, { site, kind }, { lines }), routes.showLog.response),
    refetchOnWindowFocus: false,
  });
}

export async function createSiteConfig(
  site: SiteId,
  name: string,
  content: string,
): Promise<SiteConfigSaved> {
  const body = createSiteConfigRequestSchema.parse({ name, content });
  return apiSend('POST', apiPath(routes.createConfig.path, { site }), body, routes.createConfig.response);
}

export async function updateSiteConfig(
  site: SiteId,
  name: string,
  content: string,
): Promise<SiteConfigSaved> {
  const body = updateSiteConfigRequestSchema.parse({ content });
  return apiSend(
    'PUT',
    apiPath(routes.updateConfig.path, { site, name }),
    body,
    routes.updateConfig.response,
  );
}

export async function deleteSiteConfig(site: SiteId, name: string): Promise<void> {
  await apiRequest('DELETE', apiPath(routes.deleteConfig.path, { site, name }));
}
