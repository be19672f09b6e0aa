/**
 * Navigation for code outside React (the API error handling of spec/000 §8 sends an expired
 * session to /login). App connects the router once it exists; until then, and in tests, a full
 * page load does the same job.
 */
type Navigate = (path: string, options?: { replace?: boolean }) => Promise<void>;

let navigateWithRouter: Navigate | null = null;

export function connectAppNavigation(navigate: Navigate): () => void {
  navigateWithRouter = navigate;
  return () => {
    if (navigateWithRouter === navigate) navigateWithRouter = null;
  };
}

export function navigateTo(path: string, options?: { replace?: boolean }): Promise<void> {
  if (navigateWithRouter) return navigateWithRouter(path, options);
  window.location.assign(path);
  return Promise.resolve();
}

/** The current in-app path with query and hash, e.g. to come back to it after signing in again. */
export function currentAppPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}
