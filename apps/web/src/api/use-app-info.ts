import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

export const APP_INFO_QUERY_KEY = ['info'] as const;

/** App info of spec/000 §3 (brand, locales, plans…, and the user), loaded once per session. */
export function useAppInfo() {
  return useQuery({
    queryKey: APP_INFO_QUERY_KEY,
    queryFn: () => apiGet('info'),
    staleTime: 5 * 60 * 1000,
  });
}
