import type { Database } from '../database/database.js';
import { NotFoundError } from '../domain/errors.js';
import type { ServerAbility } from './abilities.js';
import { authorizeServer, type Caller } from './server-policy.js';

export { siteIsVisibleTo } from './policy.repository.js';

/**
 * Sites are reached through their server: the caller's ability on a site is their ability on the
 * site's server (a team shares servers, and with them their sites). Callers load the site's row
 * and pass it here (sites/site-access.ts); lists filter with `siteIsVisibleTo` on `sites.server_id`.
 */
export async function authorizeSite<Site extends { serverId: number }>(
  db: Database,
  user: Caller,
  site: Site | null | undefined,
  ability: ServerAbility,
): Promise<Site> {
  if (!site) throw new NotFoundError();
  await authorizeServer(db, user, site.serverId, ability);
  return site;
}
