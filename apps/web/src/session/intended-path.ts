/**
 * The page a visitor wanted before a guard sent them to sign in (spec/000 §2: "Signed-in-only
 * pages store the wanted path"). After sign-in the account pages go there with takeIntendedPath().
 * Kept per tab in session storage so a reload on the login page does not lose it.
 */
const INTENDED_PATH_KEY = 'intended';
const DEFAULT_PATH = '/servers';

/**
 * Only same-origin paths are kept: `/servers/1?tab=2#x`, never `//evil.example` or
 * `https://…`, so the stored value can never become an open redirect.
 */
export function isSafeInternalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function storeIntendedPath(path: string): void {
  if (!isSafeInternalPath(path)) return;
  try {
    window.sessionStorage.setItem(INTENDED_PATH_KEY, path);
  } catch {
    // Storage disabled: after sign-in the user lands on the default page instead.
  }
}

/** The stored path (removed, so it is used once), or `/servers` when none is stored. */
export function takeIntendedPath(): string {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(INTENDED_PATH_KEY);
    window.sessionStorage.removeItem(INTENDED_PATH_KEY);
  } catch {
    // Storage disabled: nothing was stored.
  }
  return stored !== null && isSafeInternalPath(stored) ? stored : DEFAULT_PATH;
}
