import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { APP_INFO_QUERY_KEY } from '../api/use-app-info';
import { isApiError } from '../api/api-error';
import { showSnackbar } from '../feedback/snackbar-store';
import { refreshCurrentUser } from '../session/use-current-user';
import { callAccountRoute } from './account-api';
import { useAccountMutation } from './use-account-mutation';

/**
 * Drops everything loaded for the signed-in user (servers, sessions…), then loads app info again,
 * which now answers without a user. Awaited before going to /login: its guest-only check would
 * otherwise still see the old user and send the browser to /servers.
 */
export async function forgetSignedInUser(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== APP_INFO_QUERY_KEY[0] });
  await refreshCurrentUser(queryClient);
}

/** Sign out (POST api/logout), forget the user's data and go to the sign-in page. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useAccountMutation({
    mutationFn: async () => {
      try {
        await callAccountRoute('logout');
      } catch (error) {
        // 401: the session had already ended, which is what signing out wants anyway.
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
      await forgetSignedInUser(queryClient);
    },
    onSuccess: () => void navigate('/login', { replace: true }),
    onFailure: (message) => showSnackbar(message, 'error'),
  });
  const { mutateAsync } = signOut;
  return () => mutateAsync().catch(() => undefined);
}
