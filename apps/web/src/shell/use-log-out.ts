import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountRoutes } from '@hostdeck/contracts';
import { apiRequest } from '../api/client';
import { APP_INFO_QUERY_KEY } from '../api/use-app-info';
import { handleApiError } from '../api/error-handling';
import { refreshCurrentUser } from '../session/use-current-user';
import { LOGIN_PATH } from './shell-routes';

/**
 * Log out (POST api/logout), forget everything loaded for that user, load app info again (now
 * without a user) and go to the login page.
 */
export function useLogOut(): { logOut: () => void; loggingOut: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  const logOut = useCallback(() => {
    setLoggingOut(true);
    const route = accountRoutes.logout;
    apiRequest(route.method, route.path)
      .then(async () => {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== APP_INFO_QUERY_KEY[0] });
        await refreshCurrentUser(queryClient);
        await navigate(LOGIN_PATH);
      })
      .catch(handleApiError)
      .finally(() => setLoggingOut(false));
  }, [navigate, queryClient]);

  return { logOut, loggingOut };
}
