import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../database/database.js';
import { servers, teamMembers, teams, teamServers } from '../database/schema.js';
import { memberRolesWith } from './abilities.js';

/**
 * The policy's reads (server-policy.ts, team-policy.ts): who owns a server or a team, and the
 * team roles that reach it. The rules themselves stay in the policy modules.
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

/** The server (policy columns) and the caller's roles in the teams sharing it; null when missing. */
export async function findServerAndTeamRows(db: Database, userId: number, serverId: number) {
  const [server] = await db.select(serverColumns).from(servers).where(eq(servers.id, serverId)).limit(1);
  if (!server) return null;
  return { server, rows: await findTeamRows(db, userId, serverId) };
}

/** The caller's roles in the teams sharing a server (its owner is on the server's row). */
export function findTeamRows(db: Database, userId: number, serverId: number) {
  return db
    .select({ teamOwnerId: teams.userId, memberRole: teamMembers.role })
    .from(teamServers)
    .innerJoin(teams, eq(teams.id, teamServers.teamId))
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(eq(teamServers.serverId, serverId));
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

/** The rows naming everyone who may view a server (see usersWithServerAccess). */
export async function serverViewerRows(db: Database, serverId: number) {
  const viewerRoles = memberRolesWith('server:view');
  return db
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
}

/** A team and the caller's member role in it (null when not a member); null when no such team. */
export async function findTeamWithMemberRole(db: Database, userId: number, teamId: number) {
  const [row] = await db
    .select({ team: teams, memberRole: teamMembers.role })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(eq(teams.id, teamId))
    .limit(1);
  return row ?? null;
}

export function siteIsVisibleTo(siteServerIdColumn: AnyPgColumn, userId: number): SQL {
  return serverIsVisibleTo(siteServerIdColumn, userId);
}
