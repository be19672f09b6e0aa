import type { Database } from '../database/database.js';
import { ForbiddenError, NotFoundError } from '../domain/errors.js';
import { TEAM_PERMISSIONS } from '@hostdeck/contracts';
import {
  permissionsOfRole,
  SERVER_ABILITIES,
  serverAbilityAllowed,
  serverIsVisible,
  type ServerAbility,
  type ServerAccess,
  type TeamGrant,
} from './abilities.js';
import {
  findServerAndTeamRows,
  findTeamRows,
  serverViewerRows,
  type ServerRecord,
  type TeamRows,
} from './policy.repository.js';
import { teamScopeOf } from './team-scope.js';

export {
  serverColumns,
  serverIsVisibleTo,
  visibleServerIds,
  type ServerRecord,
} from './policy.repository.js';

/**
 * Every access to a server goes through here (SECURITY.md, object access). The rule: the server's
 * owner (servers.user_id), or the owner or a member of a team that shares it (team_servers), with
 * the abilities of abilities.ts. A server the caller cannot see answers 404, never 403, so another
 * user's ids reveal nothing; a visible server the caller may not act on answers 403.
 */

export interface Caller {
  id: number;
}

/** The server and how the caller reaches it; null when the server does not exist. */
export async function findServerAccess(db: Database, userId: number, serverId: number) {
  const found = await findServerAndTeamRows(db, userId, serverId);
  if (!found) return null;
  return { server: found.server, access: accessOf(userId, found.server, found) };
}

/**
 * The caller's grants on one server: the team's owner holds every permission on the whole server;
 * a member their role's, over their scope (not scoped: every shared server; else rows naming the
 * server with no site: the whole server; rows naming sites: only those sites; none: nothing).
 */
export function accessOf(
  userId: number,
  server: { id: number; userId: number },
  found: TeamRows,
): ServerAccess {
  const grants: TeamGrant[] = [];
  for (const row of found.rows) {
    if (row.teamOwnerId === userId) {
      grants.push({ permissions: TEAM_PERMISSIONS, sites: null });
      continue;
    }
    if (row.memberRole === null) continue;
    const custom = new Map([[row.memberRole, row.customPermissions ?? []]]);
    const permissions = permissionsOfRole(row.memberRole, custom);
    if (!row.memberScoped) {
      grants.push({ permissions, sites: null });
      continue;
    }
    const here = found.scopes.filter((scope) => scope.teamId === row.teamId && scope.serverId === server.id);
    if (here.length === 0) continue;
    const whole = here.some((scope) => scope.siteId === null);
    grants.push({ permissions, sites: whole ? null : here.map((scope) => scope.siteId!) });
  }
  // A team token's call (team-scope.ts) holds the team's grants only, not its maker's ownership.
  return { isOwner: server.userId === userId && teamScopeOf(userId) === null, grants };
}

/**
 * Every ability the caller holds on a server they can see (the presenter's `abilities` and
 * `can_use`): the same rule as authorizeServer, asked once per ability.
 */
export async function serverAbilitiesOf(
  db: Database,
  userId: number,
  server: { id: number; userId: number },
): Promise<ServerAbility[]> {
  // The owner holds every ability whatever their teams say: no query per owned row of a list.
  const found =
    server.userId === userId && teamScopeOf(userId) === null
      ? { rows: [], scopes: [] }
      : await findTeamRows(db, userId, server.id);
  const access = accessOf(userId, server, found);
  return SERVER_ABILITIES.filter((ability) => serverAbilityAllowed(access, ability));
}

/** The servers a caller was allowed to manage, by this check: see isManagedBy. */
const managers = new WeakMap<object, number>();

/**
 * authorizeServer for a server row the caller already read (a site create reads the whole row
 * anyway): the same rule, without reading the row again. Missing, invisible: NotFoundError; visible
 * without the ability: ForbiddenError. A row allowed `manage` is remembered (isManagedBy), so
 * starting its event does not check again.
 */
export async function authorizeServerRow<Server extends { id: number; userId: number }>(
  db: Database,
  user: Caller,
  server: Server | null | undefined,
  ability: ServerAbility,
): Promise<Server> {
  if (!server) throw new NotFoundError();
  const access = accessOf(user.id, server, await findTeamRows(db, user.id, server.id));
  if (!serverIsVisible(access)) throw new NotFoundError();
  if (!serverAbilityAllowed(access, ability)) throw new ForbiddenError();
  if (ability === 'manage') managers.set(server, user.id);
  return server;
}

/** True when this very row passed authorizeServerRow's `manage` check for this user (this request). */
export function isManagedBy(server: object | undefined, userId: number): boolean {
  return server !== undefined && managers.get(server) === userId;
}

/**
 * The server row when the caller has the ability. Invisible or missing: NotFoundError. Visible
 * without the ability: ForbiddenError.
 */
export async function authorizeServer(
  db: Database,
  user: Caller,
  serverId: number,
  ability: ServerAbility,
): Promise<ServerRecord> {
  const found = await findServerAccess(db, user.id, serverId);
  if (!found || !serverIsVisible(found.access)) throw new NotFoundError();
  if (!serverAbilityAllowed(found.access, ability)) throw new ForbiddenError();
  return found.server;
}

/**
 * Everyone who may view a server: its owner, the owners of the teams sharing it, and their members
 * whose role views and whose scope reaches it.
 * Realtime notices about the server (Event-status, spec/000 §4) go to them.
 */
export async function usersWithServerAccess(db: Database, serverId: number): Promise<number[]> {
  const rows = await serverViewerRows(db, serverId);
  return [...new Set(rows.map((row) => row.id))];
}
