import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { NotFoundError } from '../http/errors.js';
import type { ServerAbility } from './abilities.js';
import { authorizeServer, serverIsVisibleTo, type Caller } from './server-policy.js';

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

export function siteIsVisibleTo(siteServerIdColumn: AnyPgColumn, userId: number): SQL {
  return serverIsVisibleTo(siteServerIdColumn, userId);
}
