import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  runScriptResponseSchema,
  scriptListSchema,
  scriptRoutes,
  scriptRunRoutes,
  type Event,
} from '@hostdeck/contracts';
import { apiGetParsed, apiPath, apiRequest } from '../../api/client';
import { SCRIPTS_QUERY_KEY } from '../../terminal/terminal-api';

export const SCRIPTS_PAGE_SIZE = 10;

/** The caller's scripts (`mine`) or the marketplace (`shared`), one page, searched. */
export function scriptPageQuery(list: 'mine' | 'shared', search: string, page: number) {
  const path = list === 'mine' ? scriptRoutes.mine.path : scriptRoutes.index.path;
  const query = new URLSearchParams({ page: String(page), itemsPerPage: String(SCRIPTS_PAGE_SIZE) });
  if (search) query.set('search', search);
  return queryOptions({
    // Under the terminal picker's key: a change here reloads the picker's lists too.
    queryKey: [...SCRIPTS_QUERY_KEY, 'page', list, search, page],
    queryFn: () => apiGetParsed(`${path}?${query.toString()}`, scriptListSchema),
    placeholderData: keepPreviousData,
  });
}

/** Starts one event per server; own scripts through `runOwn`, marketplace ones through `runShared`. */
export async function runScript(list: 'mine' | 'shared', id: number, servers: number[]): Promise<Event[]> {
  const route = list === 'mine' ? scriptRunRoutes.runOwn : scriptRunRoutes.runShared;
  const body = await apiRequest('POST', apiPath(route.path, { script: id }), { servers });
  return runScriptResponseSchema.parse(body).data;
}
