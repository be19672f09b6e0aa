import { queryOptions } from '@tanstack/react-query';
import {
  UPDATE_KEYS,
  autoDeployRequestSchema,
  deploymentRoutes as routes,
  deployScriptRequestSchema,
  deployVariablesRequestSchema,
  siteCommandRequestSchema,
  siteRepositoryRequestSchema,
  type DeploySettings,
  type DeploymentStarted,
  type SiteCommandStarted,
} from '@hostdeck/contracts';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/**
 * The deployment and command calls of a site (contracts `deploymentRoutes`), each body checked
 * with its request schema and each answer with the route's response schema.
 *
 * Query keys: the lists start with the Update-data keys of spec/000 §4 (`deployments`,
 * `commands`), so the panel's message reloads them at the page the user is on. The settings have
 * a key of their own: a deployment finishing does not reload the editors the user is typing in.
 */

type SiteId = number;
const at = (path: string, site: SiteId, extra: Record<string, number> = {}) =>
  apiPath(path, { site, ...extra });

export const deploySettingsKey = (site: SiteId) => ['deploy-settings', site] as const;

export function deploySettingsQuery(site: SiteId) {
  return queryOptions({
    queryKey: deploySettingsKey(site),
    queryFn: async (): Promise<DeploySettings> =>
      (await apiGetParsed(at(routes.settings.path, site), routes.settings.response)).data,
    meta: { notFoundView: true },
  });
}

export interface PageParams {
  page: number;
  itemsPerPage: number;
}

export function deploymentListQuery(site: SiteId, { page, itemsPerPage }: PageParams) {
  return queryOptions({
    queryKey: [UPDATE_KEYS.deployments, site, { page, itemsPerPage }],
    queryFn: () =>
      apiGetParsed(
        apiPath(routes.listDeployments.path, { site }, { page, itemsPerPage }),
        routes.listDeployments.response,
      ),
  });
}

export function commandListQuery(site: SiteId, { page, itemsPerPage }: PageParams) {
  return queryOptions({
    queryKey: [UPDATE_KEYS.commands, site, { page, itemsPerPage }],
    queryFn: () =>
      apiGetParsed(
        apiPath(routes.listCommands.path, { site }, { page, itemsPerPage }),
        routes.listCommands.response,
      ),
  });
}

const settingsOf = async (
  method: 'POST' | 'PUT' | 'DELETE',
  route: { path: string; response: typeof routes.settings.response },
  site: SiteId,
  body?: unknown,
): Promise<DeploySettings> => (await apiSend(method, at(route.path, site), body, route.response)).data;

/** The settings calls: each answers the site's settings as they are now. */
export const deploySettingsCalls = {
  setRepository: (site: SiteId, repository: string, branch: string) =>
    settingsOf('PUT', routes.setRepository, site, siteRepositoryRequestSchema.parse({ repository, branch })),
  setScript: (site: SiteId, script: string) =>
    settingsOf('PUT', routes.setScript, site, deployScriptRequestSchema.parse({ script })),
  setEnvironment: (site: SiteId, environment: string) =>
    settingsOf('PUT', routes.setVariables, site, deployVariablesRequestSchema.parse({ environment })),
  setAutoDeploy: (site: SiteId, enabled: boolean) =>
    settingsOf('POST', routes.autoDeploy, site, autoDeployRequestSchema.parse({ enabled })),
  generateKey: (site: SiteId) => settingsOf('POST', routes.generateKey, site),
  deleteKey: (site: SiteId) => settingsOf('DELETE', routes.deleteKey, site),
  refreshToken: (site: SiteId) => settingsOf('POST', routes.refreshToken, site),
};

export function deployNow(site: SiteId): Promise<DeploymentStarted> {
  return apiSend('POST', at(routes.deployNow.path, site), undefined, routes.deployNow.response);
}

export function rollbackTo(site: SiteId, deployment: number): Promise<DeploymentStarted> {
  return apiSend('POST', at(routes.rollback.path, site, { deployment }), undefined, routes.rollback.response);
}

export function runSiteCommand(site: SiteId, command: string): Promise<SiteCommandStarted> {
  const body = siteCommandRequestSchema.parse({ command });
  return apiSend('POST', at(routes.runCommand.path, site), body, routes.runCommand.response);
}
