import { useQuery } from '@tanstack/react-query';
import { agentRoutes, hotfixRoutes, type Event } from '@hostdeck/contracts';
import { apiGetParsed, apiRequest } from '../api/client';

/** GET api/hotfix: what POST api/hotfix would run for the signed-in user. */
export function useHotfixItems() {
  return useQuery({
    queryKey: ['hotfix'],
    queryFn: async () => (await apiGetParsed(hotfixRoutes.list.path, hotfixRoutes.list.response)).data,
  });
}

/** GET api/agent-changelog?version=…, once the servers to update are known. */
export function useAgentChangelog(since: number | undefined, enabled: boolean) {
  const route = agentRoutes.changelog;
  return useQuery({
    queryKey: ['agent-changelog', since ?? null],
    queryFn: async () =>
      (
        await apiGetParsed(
          since === undefined ? route.path : `${route.path}?version=${since}`,
          route.response,
        )
      ).data,
    enabled,
  });
}

/** POST api/hotfix: the started events (201). */
export async function runHotfix(): Promise<Event[]> {
  return hotfixRoutes.run.response.parse(await apiRequest('POST', hotfixRoutes.run.path)).data;
}
