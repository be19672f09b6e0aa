import { useQueryClient } from '@tanstack/react-query';
import type { AppInfo } from '@hostdeck/contracts';
import { handleApiError } from '../api/error-handling';
import { decideErrorReaction } from '../api/error-reaction';
import { APP_INFO_QUERY_KEY } from '../api/use-app-info';

/**
 * The account pages show their own failures in place, but two belong to the shell (spec/000 §8):
 * a 401 while signed in (warn, forget the user, go to /login) and a 419 (reload for a fresh CSRF
 * token). The returned function hands those to the shell's error handling and answers true; for
 * anything else it answers false and the page shows the failure.
 */
export function useSessionHandOff(): (error: unknown) => boolean {
  const queryClient = useQueryClient();
  return (error) => {
    const signedIn = Boolean(queryClient.getQueryData<AppInfo>(APP_INFO_QUERY_KEY)?.user);
    if (decideErrorReaction(error, { signedIn }).kind === 'notify') return false;
    handleApiError(error);
    return true;
  };
}
