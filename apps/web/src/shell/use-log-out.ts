import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { accountRoutes } from '@hostdeck/contracts';
import { apiRequest } from '../api/client';
import { APP_INFO_QUERY_KEY } from '../api/use-app-info';
import { refreshCurrentUser } from '../session/use-current-user';
import { LOGIN_PATH } from './shell-routes';

/**
 * Log out (POST api/logout), forget everything loaded for that user, load app info again (now
 * without a user) and go to the login page.
 */
export function useLogOut(): { logOut: () => void; loggingOut: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A failure is reported by the query client's mutation cache (handleApiError).
  const { mutate, isPending } = useMutation({
    mutationFn: () => apiRequest(accountRoutes.logout.method, accountRoutes.logout.path),
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== APP_INFO_QUERY_KEY[0] });
      await refreshCurrentUser(queryClient);
      await navigate(LOGIN_PATH);
    },
  });
  const logOut = useCallback(() => mutate(), [mutate]);

  return { logOut, loggingOut: isPending };
}
