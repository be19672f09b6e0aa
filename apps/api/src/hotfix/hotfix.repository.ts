import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { AGENT_INSTALL_EVENT_TYPE } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { events, servers, teamMembers, teams, teamServers, users } from '../database/schema.js';
import { memberRolesWith } from '../policy/abilities.js';
import { visibleServerIds } from '../policy/server-policy.js';

/** A server whose agent is older than the panel's, as a user sees it. */
export interface OutdatedAgentServer {
  id: number;
  name: string;
  agentVersion: number;
  /** An install_agent event of the server is unfinished. */
  installing: boolean;
}

/**
 * The hotfix flag on users (spec/000 §3 User) and the servers a hotfix acts on. A server with no
 * agent at all (agent_version null) is not outdated: installing one is the server page's business.
 */
export function createHotfixRepository(db: Database) {
  const outdated = (agentVersion: number) =>
    and(isNotNull(servers.agentVersion), lt(servers.agentVersion, agentVersion));

  return {
    /** Servers the user may view whose agent is older than `agentVersion`, oldest id first. */
    async outdatedServersVisibleTo(userId: number, agentVersion: number): Promise<OutdatedAgentServer[]> {
      const rows = await db
        .select({
          id: servers.id,
          name: servers.name,
          agentVersion: servers.agentVersion,
          installing: sql<boolean>`exists (select 1 from ${events} where ${events.serverId} = ${servers.id}
            and ${events.type} = ${AGENT_INSTALL_EVENT_TYPE} and ${events.isFinished} = false)`,
        })
        .from(servers)
        .where(and(sql`${servers.id} in (${visibleServerIds(userId)})`, outdated(agentVersion)))
        .orderBy(asc(servers.id));
      return rows.map((row) => ({
        ...row,
        agentVersion: row.agentVersion!,
        installing: Boolean(row.installing),
      }));
    },

    /**
     * Raises the flag of everyone who may manage a server with an older agent (the owner, and the
     * owners and managing members of the teams sharing it, as abilities.ts rules), in one statement.
     * Answers how many users were newly flagged.
     */
    async flagManagersOfOutdatedServers(agentVersion: number): Promise<number> {
      const managerRoles = [
        ...new Set([...memberRolesWith('server:operate'), ...memberRolesWith('server:configure')]),
      ];
      const owners = db.select({ id: servers.userId }).from(servers).where(outdated(agentVersion));
      const teamOwners = db
        .select({ id: teams.userId })
        .from(teamServers)
        .innerJoin(teams, eq(teams.id, teamServers.teamId))
        .innerJoin(servers, eq(servers.id, teamServers.serverId))
        .where(outdated(agentVersion));
      const members = db
        .select({ id: teamMembers.userId })
        .from(teamServers)
        .innerJoin(teamMembers, eq(teamMembers.teamId, teamServers.teamId))
        .innerJoin(servers, eq(servers.id, teamServers.serverId))
        .where(
          and(
            outdated(agentVersion),
            managerRoles.length ? inArray(teamMembers.role, managerRoles) : sql`false`,
          ),
        );
      const flagged = await db
        .update(users)
        .set({ hotfix: true })
        .where(and(eq(users.hotfix, false), inArray(users.id, owners.union(teamOwners).union(members))))
        .returning({ id: users.id });
      return flagged.length;
    },

    async clearFlag(userId: number): Promise<void> {
      await db.update(users).set({ hotfix: false }).where(eq(users.id, userId));
    },
  };
}
export type HotfixRepository = ReturnType<typeof createHotfixRepository>;
