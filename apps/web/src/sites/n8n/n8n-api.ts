import { n8nRoutes as routes } from '@hostdeck/contracts/n8n';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/**
 * The n8n calls of a site (contracts `n8nRoutes`, spec/000 §7 code install n8n and the n8n calls).
 * Keys start with the Update-data key `site`, so the panel's message after a site event reloads them.
 */
export const n8nKey = (site: number, part: string) => ['site', site, 'n8n', part] as const;

export const fetchN8nInfo = async (site: number) =>
  (await apiGetParsed(apiPath(routes.info.path, { site }), routes.info.response)).data;
export const fetchN8nWorkflows = async (site: number) =>
  (await apiGetParsed(apiPath(routes.workflows.path, { site }), routes.workflows.response)).data;
export const fetchN8nCredentials = async (site: number) =>
  (await apiGetParsed(apiPath(routes.credentials.path, { site }), routes.credentials.response)).data;

export async function installN8n(site: number): Promise<number> {
  return (await apiSend('POST', apiPath(routes.install.path, { site }), {}, routes.install.response)).data.id;
}

export type N8nSimpleCall = 'start' | 'restart' | 'userReset' | 'licenseClear' | 'ldapReset';
export async function runN8nCall(site: number, call: N8nSimpleCall): Promise<number> {
  const route = routes[call];
  return (await apiSend('POST', apiPath(route.path, { site }), undefined, route.response)).data.id;
}

export async function setWorkflowActive(site: number, workflow: string, active: boolean): Promise<number> {
  const route = active ? routes.activate : routes.deactivate;
  return (await apiSend('POST', apiPath(route.path, { site, workflow }), undefined, route.response)).data.id;
}

export async function importN8n(
  site: number,
  kind: 'workflows' | 'credentials',
  file: string,
): Promise<number> {
  const route = kind === 'workflows' ? routes.importWorkflows : routes.importCredentials;
  return (await apiSend('POST', apiPath(route.path, { site }), { file }, route.response)).data.id;
}

export async function upgradeN8n(site: number, version: string): Promise<number> {
  return (await apiSend('POST', apiPath(routes.upgrade.path, { site }), { version }, routes.upgrade.response))
    .data.id;
}

export async function disableN8nMfa(site: number, email: string): Promise<number> {
  return (
    await apiSend('POST', apiPath(routes.mfaDisable.path, { site }), { email }, routes.mfaDisable.response)
  ).data.id;
}

/** Downloads n8n's own export as a JSON file. */
export async function downloadN8nExport(site: number, kind: 'workflows' | 'credentials'): Promise<void> {
  const route = kind === 'workflows' ? routes.exportWorkflows : routes.exportCredentials;
  const { data } = await apiGetParsed(apiPath(route.path, { site }), route.response);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `n8n-${kind}.json`;
  link.click();
  URL.revokeObjectURL(url);
}
