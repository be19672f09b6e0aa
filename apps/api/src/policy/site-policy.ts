import type { Database } from '../database/database.js';
import { ForbiddenError, NotFoundError } from '../domain/errors.js';
import { siteAbilityAllowed, siteIsVisible, type ServerAbility } from './abilities.js';
import { findServerAccess, type Caller } from './server-policy.js';

export { siteIsVisibleTo } from './policy.repository.js';

/**
 * Sites are reached through their server: the caller's ability on a site is their ability on the
 * site's server, unless their scope in the team names only some of its sites: then only those
 * (issue 22 point 2). Callers load the site's row and pass it here (sites/site-access.ts); lists
 * filter with `siteIsVisibleTo` on `sites.id` and `sites.server_id`.
 */
export async function authorizeSite<Site extends { id: number; serverId: number }>(
  db: Database,
  user: Caller,
  site: Site | null | undefined,
  ability: ServerAbility,
): Promise<Site> {
  if (!site) throw new NotFoundError();
  await authorizeSiteId(db, user, site.serverId, site.id, ability);
  return site;
}

/** The same rule by ids (the route hook resolves `:site` to its server first). */
export async function authorizeSiteId(
  db: Database,
  user: Caller,
  serverId: number,
  siteId: number,
  ability: ServerAbility,
): Promise<void> {
  const found = await findServerAccess(db, user.id, serverId);
  if (!found || !siteIsVisible(found.access, siteId)) throw new NotFoundError();
  if (!siteAbilityAllowed(found.access, siteId, ability)) throw new ForbiddenError();
}
