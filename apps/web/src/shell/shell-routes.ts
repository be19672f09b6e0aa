/**
 * Route facts the shell layout depends on (spec/000 §2). Pure, so they are unit-tested.
 */

/** The page of one server or one site, which has its own side menu (the sub-drawer). */
export interface SubDrawerTarget {
  kind: 'server' | 'site';
  id: number;
}

const ENTITY_ROUTE = /^\/(servers|sites)\/(\d+)(?:\/|$)/;

/**
 * Routes named servers.* and sites.* that show one server or site: /servers/{id}… and
 * /sites/{id}…. /servers/events, /servers/create and /sites/create are lists or forms, not one.
 */
export function subDrawerTarget(pathname: string): SubDrawerTarget | null {
  const match = ENTITY_ROUTE.exec(pathname);
  if (!match) return null;
  return { kind: match[1] === 'servers' ? 'server' : 'site', id: Number(match[2]) };
}

/**
 * The menu entry to highlight: the one whose path is the longest prefix of the current path, so
 * /servers/events lights Events, not Servers, and /servers/12/php lights Servers.
 */
export function activeMenuItemId(
  pathname: string,
  items: readonly { id: string; path: string }[],
): string | null {
  let best: { id: string; length: number } | null = null;
  for (const item of items) {
    if (!item.path.startsWith('/')) continue;
    const matches = pathname === item.path || pathname.startsWith(`${item.path}/`);
    if (matches && (!best || item.path.length > best.length))
      best = { id: item.id, length: item.path.length };
  }
  return best?.id ?? null;
}

/** The billing page: the promo banner stays off it (spec/000 §2). */
export const BILLING_PATH = '/user/billing';
export const PROFILE_PATH = '/user/profile';
export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
