import type { QueryClient } from '@tanstack/react-query';
import type { AppInfo } from '@hostdeck/contracts';
import { currentAppPath, navigateTo } from '../app/app-navigation';
import { reloadPageOnce } from '../app/chunk-reload';
import { showSnackbar } from '../feedback/snackbar-store';
import { i18n } from '../i18n/i18n';
import { storeIntendedPath } from '../session/intended-path';
import { isApiError } from './api-error';
import { decideErrorReaction, type ErrorMessage } from './error-reaction';
import { APP_INFO_QUERY_KEY } from './use-app-info';

/**
 * The one place failed calls are reported (spec/000 §8). TanStack Query calls handleApiError for
 * every failed query and mutation (query-client.ts) unless its `meta.handleErrors` is false; code
 * that calls the API directly (forms) calls it in its catch. It shows the message, and for an
 * expired session or CSRF token also acts; it never swallows the error for the caller, who still
 * holds it (§8: "error still passed on").
 */
let queryClient: QueryClient | null = null;

/** After an expired session, the other calls failing with 401 at the same moment stay quiet. */
const SESSION_EXPIRED_QUIET_MS = 5_000;
let sessionExpiredAt = 0;

/** App connects its query client, which holds the signed-in user (app info, query ['info']). */
export function connectApiErrorHandling(client: QueryClient): () => void {
  queryClient = client;
  return () => {
    if (queryClient === client) queryClient = null;
  };
}

export function handleApiError(error: unknown): void {
  const signedIn = currentUserSignedIn();
  const reaction = decideErrorReaction(error, { signedIn });
  switch (reaction.kind) {
    case 'session-expired':
      expireSession();
      return;
    case 'reload':
      // A token that keeps failing right after a reload would loop: say so instead.
      if (!reloadPageOnce('csrf')) {
        showSnackbar(error instanceof Error ? error.message : i18n.t('apiErrors.error'), 'error');
      }
      return;
    case 'notify':
      if (isQuietUnauthenticated(error, signedIn)) return;
      showSnackbar(errorMessageText(reaction.message), reaction.color);
  }
}

/** spec/000 §8: "Success shows a 'Success' snackbar"; a more precise message may replace it. */
export function notifySuccess(message?: string): void {
  showSnackbar(message ?? i18n.t('apiErrors.success'), 'success');
}

export function errorMessageText(message: ErrorMessage): string {
  switch (message.kind) {
    case 'text':
      return message.text;
    case 'catalogue':
      return i18n.t(`apiErrors.${message.key}`);
    case 'rate-limited':
      return message.retryAfterSeconds === null
        ? message.text
        : `${message.text} ${i18n.t('apiErrors.retryAfter', { seconds: message.retryAfterSeconds })}`;
  }
}

function currentUserSignedIn(): boolean {
  return Boolean(queryClient?.getQueryData<AppInfo>(APP_INFO_QUERY_KEY)?.user);
}

/**
 * 401 while signed in (§8): warn, forget the user and go to /login, keeping the page to come back
 * to. Cached answers of the old session are dropped once the login page shows, so the next user
 * of this browser never sees them.
 */
function expireSession(): void {
  sessionExpiredAt = Date.now();
  showSnackbar(i18n.t('apiErrors.sessionExpired'), 'warning');
  storeIntendedPath(currentAppPath());
  const client = queryClient;
  client?.setQueryData<AppInfo>(APP_INFO_QUERY_KEY, (info) => (info ? { ...info, user: null } : info));
  void navigateTo('/login').then(() => {
    client?.removeQueries({ predicate: (query) => query.queryKey[0] !== APP_INFO_QUERY_KEY[0] });
  });
}

function isQuietUnauthenticated(error: unknown, signedIn: boolean): boolean {
  return (
    !signedIn &&
    isApiError(error) &&
    error.status === 401 &&
    Date.now() - sessionExpiredAt < SESSION_EXPIRED_QUIET_MS
  );
}
