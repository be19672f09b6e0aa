import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TEAM_INVITATION_TTL_DAYS } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import {
  servers,
  sites,
  teamInvitations,
  teamMembers,
  teamMemberScopes,
  teamRoles,
  teams,
  teamServers,
  users,
} from '../database/schema.js';
import type { TeamRow } from '../policy/team-policy.js';

export type InvitationRow = typeof teamInvitations.$inferSelect;
export interface TeamPerson {
  id: number;
  name: string;
  email: string;
}

/** A team with everything its info shows (spec/000 §3 Team). */
export interface TeamDetails {
  team: TeamRow;
  owner: TeamPerson;
  /** Members with their role and scope (servers: whole servers; sites: single sites). */
  members: (TeamPerson & { role: string; servers: number[]; sites: number[] })[];
  invitations: InvitationRow[];
  servers: { id: number; name: string; sites: { id: number; name: string }[] }[];
  customRoles: CustomRoleRow[];
}
export type CustomRoleRow = typeof teamRoles.$inferSelect;

export interface InvitationWithTeam {
  invitation: InvitationRow;
  team: { id: number; name: string; ownerName: string };
  inviterName: string | null;
}

const inviters = alias(users, 'inviters');
const invitationWithTeam = {
  invitation: teamInvitations,
  team: { id: teams.id, name: teams.name, ownerName: users.name },
  inviterName: inviters.name,
};
const expiryFromNow = sql`now() + make_interval(days => ${TEAM_INVITATION_TTL_DAYS})`;

const person = { id: users.id, name: users.name, email: users.email };
const sameEmail = (column: typeof users.email | typeof teamInvitations.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

export function createTeamsRepository(db: Database) {
  /** A user whose current team is `teamId` falls back to their personal team. */
  async function resetCurrentTeam(tx: Pick<Database, 'update'>, teamId: number, userIds?: number[]) {
    await tx
      .update(users)
      .set({
        currentTeamId: sql`(select ${teams.id} from ${teams} where ${teams.userId} = ${users.id} and ${teams.personalTeam} and ${teams.id} <> ${teamId} order by ${teams.id} limit 1)`,
      })
      .where(and(eq(users.currentTeamId, teamId), userIds ? inArray(users.id, userIds) : undefined));
  }

  return {
    async findUserByEmail(email: string) {
      const [row] = await db
        .select({ ...person, emailVerifiedAt: users.emailVerifiedAt, locale: users.locale })
        .from(users)
        .where(sameEmail(users.email, email))
        .limit(1);
      return row ?? null;
    },

    /** Teams the user owns or belongs to: the personal team first, then by name. */
    async listTeamIdsForUser(userId: number): Promise<number[]> {
      const rows = await db
        .select({ id: teams.id })
        .from(teams)
        .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
        .where(or(eq(teams.userId, userId), eq(teamMembers.userId, userId)))
        .orderBy(
          desc(sql`${teams.personalTeam} and ${teams.userId} = ${userId}`),
          asc(teams.name),
          asc(teams.id),
        );
      return rows.map((row) => row.id);
    },

    /** Loads several teams at once (GET api/user/teams shows them all). */
    async loadTeams(teamIds: number[]): Promise<Map<number, TeamDetails>> {
      const details = new Map<number, TeamDetails>();
      if (teamIds.length === 0) return details;
      const owners = await db
        .select({ team: teams, owner: person })
        .from(teams)
        .innerJoin(users, eq(users.id, teams.userId))
        .where(inArray(teams.id, teamIds));
      for (const row of owners) {
        details.set(row.team.id, {
          team: row.team,
          owner: row.owner,
          members: [],
          invitations: [],
          servers: [],
          customRoles: [],
        });
      }
      const members = await db
        .select({ teamId: teamMembers.teamId, role: teamMembers.role, ...person })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(inArray(teamMembers.teamId, teamIds))
        .orderBy(asc(teamMembers.createdAt), asc(users.id));
      const scopes = await db
        .select()
        .from(teamMemberScopes)
        .where(inArray(teamMemberScopes.teamId, teamIds))
        .orderBy(asc(teamMemberScopes.id));
      for (const { teamId, ...member } of members) {
        const own = scopes.filter((scope) => scope.teamId === teamId && scope.userId === member.id);
        details.get(teamId)?.members.push({
          ...member,
          servers: own.filter((scope) => scope.siteId === null).map((scope) => scope.serverId),
          sites: own.flatMap((scope) => (scope.siteId === null ? [] : [scope.siteId])),
        });
      }
      const roles = await db
        .select()
        .from(teamRoles)
        .where(inArray(teamRoles.teamId, teamIds))
        .orderBy(asc(teamRoles.id));
      for (const role of roles) details.get(role.teamId)?.customRoles.push(role);
      const invitations = await db
        .select()
        .from(teamInvitations)
        .where(inArray(teamInvitations.teamId, teamIds))
        .orderBy(asc(teamInvitations.id));
      for (const invitation of invitations) details.get(invitation.teamId)?.invitations.push(invitation);
      const shared = await db
        .select({ teamId: teamServers.teamId, id: servers.id, name: servers.name })
        .from(teamServers)
        .innerJoin(servers, eq(servers.id, teamServers.serverId))
        .where(inArray(teamServers.teamId, teamIds))
        .orderBy(asc(servers.name), asc(servers.id));
      const sharedSites = shared.length
        ? await db
            .select({ id: sites.id, name: sites.name, serverId: sites.serverId })
            .from(sites)
            .where(
              inArray(
                sites.serverId,
                shared.map((server) => server.id),
              ),
            )
            .orderBy(asc(sites.name), asc(sites.id))
        : [];
      for (const { teamId, ...server } of shared) {
        details.get(teamId)?.servers.push({
          ...server,
          sites: sharedSites
            .filter((site) => site.serverId === server.id)
            .map((site) => ({ id: site.id, name: site.name })),
        });
      }
      return details;
    },

    async insertTeam(userId: number, name: string): Promise<TeamRow> {
      const [row] = await db.insert(teams).values({ userId, name, personalTeam: false }).returning();
      return row!;
    },

    async renameTeam(teamId: number, name: string) {
      await db
        .update(teams)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(teams.id, teamId));
    },

    /** Members, invitations and shares go with the team (foreign keys cascade). */
    async deleteTeam(teamId: number) {
      await db.transaction(async (tx) => {
        await resetCurrentTeam(tx, teamId);
        await tx.delete(teams).where(eq(teams.id, teamId));
      });
    },

    async setCurrentTeam(userId: number, teamId: number) {
      await db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, userId));
    },

    /** Owner and members: everyone whose view changes when the team does. */
    async teamUserIds(teamId: number): Promise<number[]> {
      const [owner] = await db.select({ id: teams.userId }).from(teams).where(eq(teams.id, teamId));
      const members = await db
        .select({ id: teamMembers.userId })
        .from(teamMembers)
        .where(eq(teamMembers.teamId, teamId));
      return [...(owner ? [owner.id] : []), ...members.map((member) => member.id)];
    },

    async findMemberRole(teamId: number, userId: number): Promise<string | null> {
      const [row] = await db
        .select({ role: teamMembers.role })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
      return row?.role ?? null;
    },

    /**
     * Sets a member's role and, when given, their scope (rows replaced at once: an empty scope
     * reaches every shared server). False when they are not a member.
     */
    async updateMember(
      teamId: number,
      userId: number,
      role: string,
      scope: { serverId: number; siteId: number | null }[] | null,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(teamMembers)
          .set(scope ? { role, scoped: scope.length > 0 } : { role })
          .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
          .returning({ userId: teamMembers.userId });
        if (rows.length === 0) return false;
        if (scope) {
          await tx
            .delete(teamMemberScopes)
            .where(and(eq(teamMemberScopes.teamId, teamId), eq(teamMemberScopes.userId, userId)));
          if (scope.length) {
            await tx.insert(teamMemberScopes).values(scope.map((row) => ({ teamId, userId, ...row })));
          }
        }
        return true;
      });
    },

    /** The servers the team shares and, for the given sites, each site's server (if shared). */
    async sharedScope(teamId: number, siteIds: number[]) {
      const shared = await db
        .select({ id: teamServers.serverId })
        .from(teamServers)
        .where(eq(teamServers.teamId, teamId));
      const siteServers = siteIds.length
        ? await db
            .select({ id: sites.id, serverId: sites.serverId })
            .from(sites)
            .where(inArray(sites.id, siteIds))
        : [];
      return { servers: shared.map((row) => row.id), sites: siteServers };
    },

    async listCustomRoles(teamId: number): Promise<CustomRoleRow[]> {
      return db.select().from(teamRoles).where(eq(teamRoles.teamId, teamId)).orderBy(asc(teamRoles.id));
    },

    async findCustomRole(teamId: number, key: string): Promise<CustomRoleRow | null> {
      const [row] = await db
        .select()
        .from(teamRoles)
        .where(and(eq(teamRoles.teamId, teamId), eq(teamRoles.key, key)))
        .limit(1);
      return row ?? null;
    },

    /** Null when the team already has a role with this key. */
    async insertCustomRole(
      teamId: number,
      role: { key: string; name: string; permissions: string[] },
    ): Promise<CustomRoleRow | null> {
      const [row] = await db
        .insert(teamRoles)
        .values({ teamId, ...role })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async updateCustomRole(
      teamId: number,
      key: string,
      role: { name: string; permissions: string[] },
    ): Promise<CustomRoleRow | null> {
      const [row] = await db
        .update(teamRoles)
        .set(role)
        .where(and(eq(teamRoles.teamId, teamId), eq(teamRoles.key, key)))
        .returning();
      return row ?? null;
    },

    /** True when a member or a pending invitation still holds the role. */
    async customRoleInUse(teamId: number, key: string): Promise<boolean> {
      const [member] = await db
        .select({ id: teamMembers.userId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, key)))
        .limit(1);
      const [invitation] = await db
        .select({ id: teamInvitations.id })
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.role, key)))
        .limit(1);
      return Boolean(member ?? invitation);
    },

    async deleteCustomRole(teamId: number, key: string): Promise<boolean> {
      const rows = await db
        .delete(teamRoles)
        .where(and(eq(teamRoles.teamId, teamId), eq(teamRoles.key, key)))
        .returning({ id: teamRoles.id });
      return rows.length > 0;
    },

    /**
     * Removes a member. The servers they shared with the team leave with them: a server stays
     * shared only while its owner belongs to the team that reaches it.
     */
    async removeMember(teamId: number, userId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(teamMembers)
          .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
          .returning({ userId: teamMembers.userId });
        if (removed.length === 0) return false;
        await tx
          .delete(teamMemberScopes)
          .where(and(eq(teamMemberScopes.teamId, teamId), eq(teamMemberScopes.userId, userId)));
        await tx
          .delete(teamServers)
          .where(
            and(
              eq(teamServers.teamId, teamId),
              inArray(
                teamServers.serverId,
                tx.select({ id: servers.id }).from(servers).where(eq(servers.userId, userId)),
              ),
            ),
          );
        await resetCurrentTeam(tx, teamId, [userId]);
        return true;
      });
    },

    async findInvitation(invitationId: number): Promise<InvitationWithTeam | null> {
      const [row] = await db
        .select(invitationWithTeam)
        .from(teamInvitations)
        .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
        .innerJoin(users, eq(users.id, teams.userId))
        .leftJoin(inviters, eq(inviters.id, teamInvitations.invitedBy))
        .where(eq(teamInvitations.id, invitationId))
        .limit(1);
      return row ?? null;
    },

    /** Null when the address was already invited (unique per team and lowercased email). */
    async insertInvitation(
      teamId: number,
      email: string,
      role: string,
      invitedBy: number,
    ): Promise<InvitationRow | null> {
      const [row] = await db
        .insert(teamInvitations)
        .values({ teamId, email, role, invitedBy, expiresAt: expiryFromNow })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** A resent invitation is valid for the full days again, in the name of who resent it. */
    async renewInvitation(invitationId: number, invitedBy: number) {
      await db
        .update(teamInvitations)
        .set({ invitedBy, expiresAt: expiryFromNow })
        .where(eq(teamInvitations.id, invitationId));
    },

    async deleteInvitation(invitationId: number) {
      await db.delete(teamInvitations).where(eq(teamInvitations.id, invitationId));
    },

    /** Joins the team with the invitation's role and consumes the invitation. */
    async acceptInvitation(invitation: InvitationRow, userId: number) {
      await db.transaction(async (tx) => {
        await tx
          .insert(teamMembers)
          .values({ teamId: invitation.teamId, userId, role: invitation.role })
          .onConflictDoNothing();
        await tx.delete(teamInvitations).where(eq(teamInvitations.id, invitation.id));
      });
    },

    async listInvitationsForEmail(email: string): Promise<InvitationWithTeam[]> {
      return db
        .select(invitationWithTeam)
        .from(teamInvitations)
        .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
        .innerJoin(users, eq(users.id, teams.userId))
        .leftJoin(inviters, eq(inviters.id, teamInvitations.invitedBy))
        .where(sameEmail(teamInvitations.email, email))
        .orderBy(asc(teamInvitations.id));
    },

    async shareServer(teamId: number, serverId: number) {
      await db.insert(teamServers).values({ teamId, serverId }).onConflictDoNothing();
    },

    /** The owner of a server the team shares; null when the team does not share it. */
    async findSharedServerOwner(teamId: number, serverId: number): Promise<number | null> {
      const [row] = await db
        .select({ ownerId: servers.userId })
        .from(teamServers)
        .innerJoin(servers, eq(servers.id, teamServers.serverId))
        .where(and(eq(teamServers.teamId, teamId), eq(teamServers.serverId, serverId)))
        .limit(1);
      return row?.ownerId ?? null;
    },

    /** Scope rows naming the server stay: a scoped member keeps reaching nothing more than before. */
    async unshareServer(teamId: number, serverId: number) {
      await db
        .delete(teamServers)
        .where(and(eq(teamServers.teamId, teamId), eq(teamServers.serverId, serverId)));
    },
  };
}
export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
