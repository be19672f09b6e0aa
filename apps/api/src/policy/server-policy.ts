import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../database/database.js';
import { servers, teamMembers, teams, teamServers } from '../database/schema.js';
import { ForbiddenError, NotFoundError } from '../http/errors.js';
import { memberRolesWith, serverAbilityAllowed, serverIsVisible, type ServerAbility } from './abilities.js';

/**
 * Every access to a server goes through here (SECURITY.md, object access). The rule: the server's
 * owner (servers.user_id), or the owner or a member of a team that shares it (team_servers), with
 * the abilities of abilities.ts. A server the caller cannot see answers 404, never 403, so another
 * user's ids reveal nothing; a visible server the caller may not act on answers 403.
 */

/**
 * The columns a policy check reads: never the sealed credentials or the host key, so a row that
 * passed the check cannot leak them further on.
 */
export const serverColumns = {
  id: servers.id,
  userId: servers.userId,
  name: servers.name,
  ip: servers.ip,
  port: servers.port,
  status: servers.status,
  installed: servers.installed,
  createdAt: servers.createdAt,
  updatedAt: servers.updatedAt,
};
export type ServerRecord = Pick<typeof servers.$inferSelect, keyof typeof serverColumns>;

export interface Caller {
  id: number;
}

/** The server and how the caller reaches it; null when the server does not exist. */
export async function findServerAccess(db: Database, userId: number, serverId: number) {
  const [server] = await db.select(serverColumns).from(servers).where(eq(servers.id, serverId)).limit(1);
  if (!server) return null;
  const rows = await db
    .select({ teamOwnerId: teams.userId, memberRole: teamMembers.role })
    .from(teamServers)
    .innerJoin(teams, eq(teams.id, teamServers.teamId))
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(eq(teamServers.serverId, serverId));
  const teamRoles = rows.flatMap((row) =>
    row.teamOwnerId === userId ? ['owner'] : row.memberRole === null ? [] : [row.memberRole],
  );
  return { server, access: { isOwner: server.userId === userId, teamRoles } };
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
 * The ids of the servers a user may view, as a subquery for lists: `column in (…)`. Kept in SQL so
 * a list is filtered by the database, not by loading every row. Must agree with authorizeServer
 * (policy.test.ts checks both on the same cases).
 */
export function visibleServerIds(userId: number): SQL {
  const viewerRoles = memberRolesWith('server:view');
  return sql`select ${servers.id} from ${servers} where ${servers.userId} = ${userId}
    union
    select ${teamServers.serverId} from ${teamServers}
    inner join ${teams} on ${teams.id} = ${teamServers.teamId}
    where ${teams.userId} = ${userId}
      or exists (select 1 from ${teamMembers} where ${and(
        eq(teamMembers.teamId, teams.id),
        eq(teamMembers.userId, userId),
        viewerRoles.length ? inArray(teamMembers.role, viewerRoles) : sql`false`,
      )})`;
}

/** A condition for lists of anything that belongs to a server (servers, events, later sites). */
export function serverIsVisibleTo(serverIdColumn: AnyPgColumn, userId: number): SQL {
  return sql`${serverIdColumn} in (${visibleServerIds(userId)})`;
}

/**
 * Everyone who may view a server: its owner, and the owners and members of the teams sharing it.
 * Realtime notices about the server (Event-status, spec/000 §4) go to them.
 */
export async function usersWithServerAccess(db: Database, serverId: number): Promise<number[]> {
  const viewerRoles = memberRolesWith('server:view');
  const rows = await db
    .select({ owner: servers.userId, teamOwner: teams.userId, member: teamMembers.userId })
    .from(servers)
    .leftJoin(teamServers, eq(teamServers.serverId, servers.id))
    .leftJoin(teams, eq(teams.id, teamServers.teamId))
    .leftJoin(
      teamMembers,
      and(
        eq(teamMembers.teamId, teams.id),
        viewerRoles.length ? inArray(teamMembers.role, viewerRoles) : sql`false`,
      ),
    )
    .where(eq(servers.id, serverId));
  const ids = new Set<number>();
  for (const row of rows) {
    ids.add(row.owner);
    if (row.teamOwner !== null) ids.add(row.teamOwner);
    if (row.member !== null) ids.add(row.member);
  }
  return [...ids];
}
