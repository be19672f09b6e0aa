import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  agentRoutes,
  scriptListSchema,
  scriptPath,
  scriptResponseSchema,
  scriptRoutes,
  SCRIPT_PAGE_SIZE,
  type AgentTokenResponse,
  type CustomScript,
  type CustomScriptInput,
} from '@hostdeck/contracts';
import { apiGetParsed, apiRequest } from '../api/client';

/** POST api/servers/agent/token: the single-use terminal tokens (remote and direct) and the agent's endpoint. */
export async function fetchTerminalTokens(serverId: number): Promise<AgentTokenResponse> {
  const route = agentRoutes.serverToken;
  return route.response.parse(await apiRequest('POST', route.path, { server: serverId }));
}

export type ScriptTab = 'mine' | 'shared';
export const SCRIPTS_QUERY_KEY = ['scripts'] as const;

/** My Scripts (all of them, searched) or one page of Share Scripts (spec/001 §2, §9: pages of 10). */
export function scriptsQuery(tab: ScriptTab, search: string, page: number) {
  const path = tab === 'mine' ? scriptRoutes.mine.path : scriptRoutes.index.path;
  const itemsPerPage = tab === 'mine' ? 100 : SCRIPT_PAGE_SIZE;
  const query = new URLSearchParams({ page: String(page), itemsPerPage: String(itemsPerPage) });
  if (search) query.set('search', search);
  return queryOptions({
    queryKey: [...SCRIPTS_QUERY_KEY, tab, search, page],
    queryFn: () => apiGetParsed(`${path}?${query.toString()}`, scriptListSchema),
    placeholderData: keepPreviousData,
  });
}

export async function saveScript(input: CustomScriptInput, id?: number): Promise<CustomScript> {
  const body =
    id === undefined
      ? await apiRequest('POST', scriptRoutes.create.path, input)
      : await apiRequest('PUT', scriptPath(id), input);
  return scriptResponseSchema.parse(body).data;
}

export async function deleteScript(id: number): Promise<void> {
  await apiRequest('DELETE', scriptPath(id));
}
