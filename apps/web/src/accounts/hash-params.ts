/**
 * Emailed links carry their token in the URL fragment (contracts ACCOUNT_LINKS), so it never
 * reaches a server log; the page reads it from `location.hash`.
 */
export function readHashParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
}

/** `#token=…` of the email verification link; null when absent or empty. */
export function readVerificationToken(hash: string): string | null {
  return readHashParams(hash).get('token') || null;
}

/** `#token=…&email=…` of the password reset link; missing parts are empty strings. */
export function readResetLink(hash: string): { token: string; email: string } {
  const params = readHashParams(hash);
  return { token: params.get('token') ?? '', email: params.get('email') ?? '' };
}
