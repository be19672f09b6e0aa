import { agentRoutes, type AgentTokenResponse } from '@hostdeck/contracts';
import { apiRequest } from '../api/client';

/** Whose files the manager shows: the whole server (root '/') or one site (its home folder). */
export type FileScope = { kind: 'server'; id: number } | { kind: 'site'; id: number };

/** POST api/servers/agent/token {server} or api/sites/agent/token {site} (spec/001 §7). */
export async function fetchAgentToken(scope: FileScope): Promise<AgentTokenResponse> {
  const route = scope.kind === 'server' ? agentRoutes.serverToken : agentRoutes.siteToken;
  const body = scope.kind === 'server' ? { server: scope.id } : { site: scope.id };
  return route.response.parse(await apiRequest('POST', route.path, body));
}
