import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

export const APP_INFO_QUERY_KEY = ['info'] as const;

/**
 * App info of spec/000 §3 (brand, locales, plans…, and the user), loaded once per session. The
 * route guards load it with `queryClient.ensureQueryData(appInfoQuery)` before every navigation.
 * Its failure is shown by the shell's load-failure view, not as a snackbar as well.
 */
export const appInfoQuery = queryOptions({
  queryKey: APP_INFO_QUERY_KEY,
  queryFn: () => apiGet('info'),
  staleTime: 5 * 60 * 1000,
  meta: { handleErrors: false },
});

export function useAppInfo() {
  return useQuery(appInfoQuery);
}
