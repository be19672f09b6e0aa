import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../database/database.js';
import type { TeamPermission } from '@hostdeck/contracts';
import {
  servers,
  sites,
  teamMembers,
  teamMemberScopes,
  teamRoles,
  teams,
  teamServers,
} from '../database/schema.js';
import { memberRolesWith } from './abilities.js';
import { teamScopeOf } from './team-scope.js';

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

/** The server (policy columns) and the caller's grants in the teams sharing it; null when missing. */
export async function findServerAndTeamRows(db: Database, userId: number, serverId: number) {
  const [server] = await db.select(serverColumns).from(servers).where(eq(servers.id, serverId)).limit(1);
  if (!server) return null;
  return { server, ...(await findTeamRows(db, userId, serverId)) };
}

/**
 * The caller's roles in the teams sharing a server (its owner is on the server's row), with the
 * permissions of a custom role, and the caller's scope rows in those teams.
 */
export async function findTeamRows(db: Database, userId: number, serverId: number) {
  const rows = await db
    .select({
      teamId: teams.id,
      teamOwnerId: teams.userId,
      memberRole: teamMembers.role,
      memberScoped: teamMembers.scoped,
      customPermissions: teamRoles.permissions,
    })
    .from(teamServers)
    .innerJoin(teams, eq(teams.id, teamServers.teamId))
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .leftJoin(teamRoles, and(eq(teamRoles.teamId, teams.id), eq(teamRoles.key, teamMembers.role)))
    .where(and(eq(teamServers.serverId, serverId), inTeamScope(userId)));
  const teamIds = rows.filter((row) => row.memberScoped === true).map((row) => row.teamId);
  const scopes = teamIds.length
    ? await db
        .select({
          teamId: teamMemberScopes.teamId,
          serverId: teamMemberScopes.serverId,
          siteId: teamMemberScopes.siteId,
        })
        .from(teamMemberScopes)
        .where(and(eq(teamMemberScopes.userId, userId), inArray(teamMemberScopes.teamId, teamIds)))
    : [];
  return { rows, scopes };
}
export type TeamRows = Awaited<ReturnType<typeof findTeamRows>>;

/** Every team, or only the team a team token's call is bound to (team-scope.ts). */
function inTeamScope(userId: number): SQL | undefined {
  const teamId = teamScopeOf(userId);
  return teamId === null ? undefined : eq(teams.id, teamId);
}

/** `role holds permission` in SQL: a built-in role listing it, or a custom role of the team. */
function memberHolds(permission: TeamPermission): SQL {
  const builtIn = memberRolesWith(permission);
  return sql`(${builtIn.length ? inArray(teamMembers.role, builtIn) : sql`false`} or exists (select 1 from ${teamRoles} where ${teamRoles.teamId} = ${teamMembers.teamId} and ${teamRoles.key} = ${teamMembers.role} and ${teamRoles.permissions} @> ${JSON.stringify([permission])}::jsonb))`;
}

/** The member's scope in SQL: not scoped, or a scope row reaching `serverId` (and the site). */
function scopeReaches(serverId: SQL | AnyPgColumn, siteId?: AnyPgColumn): SQL {
  const scoped = sql`select 1 from ${teamMemberScopes} where ${teamMemberScopes.teamId} = ${teamMembers.teamId} and ${teamMemberScopes.userId} = ${teamMembers.userId}`;
  const site = siteId
    ? sql` and (${teamMemberScopes.siteId} is null or ${teamMemberScopes.siteId} = ${siteId})`
    : sql``;
  return sql`(not ${teamMembers.scoped} or exists (${scoped} and ${teamMemberScopes.serverId} = ${serverId}${site}))`;
}

/**
 * The ids of the servers a user may view, as a subquery for lists: `column in (…)`. Kept in SQL so
 * a list is filtered by the database, not by loading every row. Must agree with authorizeServer
 * (policy.test.ts checks both on the same cases): custom roles and scopes included.
 */
export function visibleServerIds(userId: number): SQL {
  const teamId = teamScopeOf(userId);
  if (teamId !== null)
    return sql`select ${teamServers.serverId} from ${teamServers} where ${teamServers.teamId} = ${teamId}
      and ${teamServers.serverId} in (${allVisibleServerIds(userId)})`;
  return allVisibleServerIds(userId);
}

function allVisibleServerIds(userId: number): SQL {
  return sql`select ${servers.id} from ${servers} where ${servers.userId} = ${userId}
    union
    select ${teamServers.serverId} from ${teamServers}
    inner join ${teams} on ${teams.id} = ${teamServers.teamId}
    where ${teams.userId} = ${userId}
    union
    select ${teamServers.serverId} from ${teamServers}
    inner join ${teamMembers} on ${teamMembers.teamId} = ${teamServers.teamId} and ${teamMembers.userId} = ${userId}
    where ${memberHolds('server:view')} and ${scopeReaches(sql`${teamServers.serverId}`)}`;
}

/** A condition for lists of anything that belongs to a server (servers, events, later sites). */
export function serverIsVisibleTo(serverIdColumn: AnyPgColumn, userId: number): SQL {
  return sql`${serverIdColumn} in (${visibleServerIds(userId)})`;
}

/** The rows naming everyone who may view a server (see usersWithServerAccess). */
export async function serverViewerRows(db: Database, serverId: number) {
  const [owner] = await db.select({ id: servers.userId }).from(servers).where(eq(servers.id, serverId));
  if (!owner) return [];
  const teamOwners = await db
    .select({ id: teams.userId })
    .from(teamServers)
    .innerJoin(teams, eq(teams.id, teamServers.teamId))
    .where(eq(teamServers.serverId, serverId));
  const members = await db
    .select({ id: teamMembers.userId })
    .from(teamServers)
    .innerJoin(teamMembers, eq(teamMembers.teamId, teamServers.teamId))
    .where(
      and(eq(teamServers.serverId, serverId), memberHolds('server:view'), scopeReaches(sql`${serverId}`)),
    );
  return [owner, ...teamOwners, ...members];
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

/**
 * A condition for lists of sites: the site's server is the caller's or shared with the whole
 * server in reach, or the caller's scope names the site itself.
 */
export function siteIsVisibleTo(
  siteIdColumn: AnyPgColumn,
  siteServerIdColumn: AnyPgColumn,
  userId: number,
): SQL {
  const teamId = teamScopeOf(userId);
  const bound =
    teamId === null
      ? sql``
      : sql` and ${siteServerIdColumn} in (select ${teamServers.serverId} from ${teamServers} where ${teamServers.teamId} = ${teamId})`;
  return sql`((${siteServerIdColumn} in (select ${servers.id} from ${servers} where ${servers.userId} = ${userId}
    union
    select ${teamServers.serverId} from ${teamServers}
    inner join ${teams} on ${teams.id} = ${teamServers.teamId}
    where ${teams.userId} = ${userId})
    or exists (select 1 from ${teamServers}
    inner join ${teamMembers} on ${teamMembers.teamId} = ${teamServers.teamId} and ${teamMembers.userId} = ${userId}
    where ${teamServers.serverId} = ${siteServerIdColumn} and ${memberHolds('server:view')}
      and ${scopeReaches(siteServerIdColumn, siteIdColumn)}))${bound})`;
}

/** A team's custom roles, by key: their permissions. */
export async function findCustomRoles(db: Database, teamId: number): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ key: teamRoles.key, permissions: teamRoles.permissions })
    .from(teamRoles)
    .where(eq(teamRoles.teamId, teamId));
  return new Map(rows.map((row) => [row.key, row.permissions]));
}

/** The server of a site; null when no such site. */
export async function findSiteServerId(db: Database, siteId: number): Promise<number | null> {
  const [row] = await db
    .select({ serverId: sites.serverId })
    .from(sites)
    .where(eq(sites.id, siteId))
    .limit(1);
  return row?.serverId ?? null;
}
