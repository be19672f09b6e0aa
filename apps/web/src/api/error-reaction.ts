import { isApiError } from './api-error';

/**
 * What the browser does about a failed call, by spec/000 §8. Pure (no i18n, no DOM), so every
 * rule is unit-tested; error-handling.ts carries the reaction out.
 */
export type ErrorReaction =
  /** 401 while signed in: warn, forget the user, go to /login. */
  | { kind: 'session-expired' }
  /** 419: the CSRF token expired with the page; a reload fetches a fresh one. */
  | { kind: 'reload' }
  | { kind: 'notify'; color: 'warning' | 'error'; message: ErrorMessage };

export type ErrorMessage =
  /** Text from the panel (already in the request's language) or from the browser. */
  | { kind: 'text'; text: string }
  /** A message of our own catalogue. */
  | { kind: 'catalogue'; key: 'tooLarge' | 'somethingWentWrong' | 'error' }
  /** 429: the panel's message, then "Please try again after N seconds" when the reset is known. */
  | { kind: 'rate-limited'; text: string; retryAfterSeconds: number | null };

export function decideErrorReaction(error: unknown, context: { signedIn: boolean }): ErrorReaction {
  if (!isApiError(error)) return { kind: 'notify', color: 'error', message: describeOtherError(error) };

  const { status } = error;
  if (status === 401 && context.signedIn) return { kind: 'session-expired' };
  if (status === 419) return { kind: 'reload' };
  if (status === 413)
    return { kind: 'notify', color: 'warning', message: { kind: 'catalogue', key: 'tooLarge' } };
  if (status === 429) {
    return {
      kind: 'notify',
      color: 'warning',
      message: { kind: 'rate-limited', text: error.message, retryAfterSeconds: error.retryAfterSeconds },
    };
  }
  if (status >= 500) {
    return { kind: 'notify', color: 'error', message: { kind: 'catalogue', key: 'somethingWentWrong' } };
  }
  if (status >= 400 && error.hasServerMessage) {
    const field = error.firstFieldError;
    if (field) return { kind: 'notify', color: 'warning', message: { kind: 'text', text: field.message } };
    return { kind: 'notify', color: 'error', message: { kind: 'text', text: error.message } };
  }
  return { kind: 'notify', color: 'error', message: { kind: 'text', text: statusLine(error) } };
}

/** "status and status text" (§8), for an answer without the panel's message (a proxy's page). */
function statusLine(error: { status: number; statusText: string }): string {
  return `${error.status} ${error.statusText}`.trim();
}

/**
 * §8: "non-4xx errors otherwise show the error message or 'Error'". A response that does not
 * match its contract schema (a ZodError) is our bug, not something the user can act on, and its
 * message is a dump of issues: it reads as "Something went wrong!" instead.
 */
function describeOtherError(error: unknown): ErrorMessage {
  if (error instanceof Error) {
    if (error.name === 'ZodError') return { kind: 'catalogue', key: 'somethingWentWrong' };
    if (error.message.trim() !== '') return { kind: 'text', text: error.message };
  }
  return { kind: 'catalogue', key: 'error' };
}
