import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  accountRoutes,
  updatePreferencesRequestSchema,
  type AppInfo,
  type Preferences,
} from '@hostdeck/contracts';
import { apiRequest } from '../api/client';
import { APP_INFO_QUERY_KEY } from '../api/use-app-info';
import { useCurrentUser } from '../session/use-current-user';

/** Any subset of the preferences; the panel merges it into what it stored. */
export type PreferencesUpdate = Partial<Preferences>;

/**
 * Saves a subset of the signed-in user's preferences (PUT api/user/preferences) and keeps the
 * cached user in step with what the panel stored.
 */
export async function savePreferences(queryClient: QueryClient, update: PreferencesUpdate): Promise<void> {
  const route = accountRoutes.updatePreferences;
  const body = updatePreferencesRequestSchema.parse(update);
  const user = route.response.parse(await apiRequest(route.method, route.path, body));
  queryClient.setQueryData<AppInfo>(APP_INFO_QUERY_KEY, (info) => (info ? { ...info, user } : info));
}

/**
 * Returns a function that pushes a preference change to the panel when someone is signed in (and
 * does nothing otherwise: the local copy is all an anonymous visitor has). A failure is reported
 * like any failed call (spec/000 §8); the local change stays.
 */
export function usePersistPreferences(): (update: PreferencesUpdate) => void {
  const queryClient = useQueryClient();
  const signedIn = useCurrentUser() !== null;
  // A failure is reported by the query client's mutation cache (handleApiError).
  const { mutate } = useMutation({
    mutationFn: (update: PreferencesUpdate) => savePreferences(queryClient, update),
  });
  return useCallback(
    (update) => {
      if (signedIn) mutate(update);
    },
    [mutate, signedIn],
  );
}
