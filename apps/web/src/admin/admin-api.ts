import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminRoutes } from '@hostdeck/contracts';
import { apiGetParsed, apiPath, apiRequest } from '../api/client';

export const ADMIN_QUERY_KEY = ['admin'] as const;
export const ADMIN_PAGE_SIZE = 10;

type ListRoute = typeof adminRoutes.pendingScripts | typeof adminRoutes.users | typeof adminRoutes.servers;

/** One page of an admin list (scripts waiting for review, users, servers). */
export function adminListQuery<R extends ListRoute>(route: R, page: number) {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, route.path, page],
    queryFn: () =>
      apiGetParsed(
        apiPath(route.path, {}, { page, itemsPerPage: ADMIN_PAGE_SIZE }),
        route.response as unknown as { parse(input: unknown): z.output<R['response']> },
      ),
    placeholderData: keepPreviousData,
  });
}

export async function approveScript(id: number, contentHash: string): Promise<void> {
  await apiRequest('POST', apiPath(adminRoutes.approveScript.path, { script: id }), {
    content_hash: contentHash,
  });
}

export async function rejectScript(id: number, reason: string): Promise<void> {
  await apiRequest('POST', apiPath(adminRoutes.rejectScript.path, { script: id }), { reason });
}
