import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@hostdeck/contracts';
import { APP_INFO_QUERY_KEY, useAppInfo } from '../api/use-app-info';

/**
 * The signed-in user, or null. It comes with app info (GET api/info), which every navigation loads
 * first (spec/000 §2 guards), so there is one source of truth for "who is signed in".
 */
export function useCurrentUser(): User | null {
  return useAppInfo().data?.user ?? null;
}

/** After sign-in, sign-out or a profile change: load app info (and so the user) again. */
export function refreshCurrentUser(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: APP_INFO_QUERY_KEY });
}
