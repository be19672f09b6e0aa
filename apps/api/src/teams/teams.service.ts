import {
  TEAM_MESSAGES,
  TEAM_OWNER_ROLE,
  TEAM_ROLES,
  UPDATE_KEYS,
  type TeamRoleRequest,
  type UpdateKey,
  type UpdateTeamMemberRequest,
} from '@hostdeck/contracts';
import { ForbiddenError, NotFoundError, ValidationError } from '../domain/errors.js';
import { roleAllows } from '../policy/abilities.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { CustomRoleRow, InvitationRow, TeamDetails, TeamsRepository } from './teams.repository.js';

/** The caller: enough of the users row to decide, to match invitations and to sign them. */
export interface TeamCaller {
  id: number;
  name: string;
  email: string;
  locale: string;
  emailVerifiedAt: Date | null;
}

/** Mails one invitation (teams.area.ts renders and sends it through the panel's mailer). */
export type InvitationMailer = (mail: {
  invitation: InvitationRow;
  teamName: string;
  inviterName: string;
  /** The addressee's language when they have an account, else the inviter's. */
  locale: string;
}) => Promise<void>;

/** A team as one caller sees it: the presenter turns this into team info. */
export interface TeamView {
  details: TeamDetails;
  role: string;
}

/**
 * Tells users their lists changed (Update-data, spec/000 §4): sharing or membership changes which
 * servers and sites they reach, and their teams.
 */
export type DataChangeNotifier = (userIds: number[], keys: UpdateKey[]) => void;
const ACCESS_CHANGED: UpdateKey[] = [UPDATE_KEYS.servers, UPDATE_KEYS.sites, UPDATE_KEYS.user];

/**
 * Teams, members, invitations and shared servers (spec/000 §3 Team, §6, §7 Teams). Every call
 * checks the caller through the policy: outside the team it answers 404, inside without the
 * permission 403.
 */
export function createTeamsService(options: {
  repository: TeamsRepository;
  policy: AccessPolicy;
  notify: DataChangeNotifier;
  mailInvitation: InvitationMailer;
}) {
  const { repository, policy, notify, mailInvitation } = options;

  async function view(teamId: number, role: string): Promise<TeamView> {
    const details = (await repository.loadTeams([teamId])).get(teamId);
    if (!details) throw new NotFoundError();
    return { details, role };
  }

  async function notifyTeam(teamId: number) {
    notify(await repository.teamUserIds(teamId), ACCESS_CHANGED);
  }

  /** An invitation is its addressee's when it names their email and that email is verified. */
  const isAddressee = (caller: TeamCaller, email: string) =>
    caller.emailVerifiedAt !== null && caller.email.toLowerCase() === email.toLowerCase();

  return {
    async listForUser(caller: TeamCaller) {
      const ids = await repository.listTeamIdsForUser(caller.id);
      const details = await repository.loadTeams(ids);
      const teams: TeamView[] = ids.flatMap((id) => {
        const team = details.get(id);
        if (!team) return [];
        const member = team.members.find((candidate) => candidate.id === caller.id);
        const role = team.team.userId === caller.id ? TEAM_OWNER_ROLE : member?.role;
        return role ? [{ details: team, role }] : [];
      });
      const invitations =
        caller.emailVerifiedAt === null ? [] : await repository.listInvitationsForEmail(caller.email);
      return { teams, invitations };
    },

    /** A new team is owned by its creator and becomes their current team. */
    async create(caller: TeamCaller, name: string): Promise<TeamView> {
      const team = await repository.insertTeam(caller.id, name);
      await repository.setCurrentTeam(caller.id, team.id);
      notify([caller.id], [UPDATE_KEYS.user]);
      return view(team.id, TEAM_OWNER_ROLE);
    },

    async show(caller: TeamCaller, teamId: number): Promise<TeamView> {
      const access = await policy.authorizeTeam(caller, teamId);
      return view(teamId, access.role);
    },

    async rename(caller: TeamCaller, teamId: number, name: string): Promise<TeamView> {
      const access = await policy.authorizeTeam(caller, teamId, 'team:update');
      await repository.renameTeam(teamId, name);
      await notifyTeam(teamId);
      return view(teamId, access.role);
    },

    async remove(caller: TeamCaller, teamId: number): Promise<void> {
      const access = await policy.authorizeTeam(caller, teamId, 'team:delete');
      if (access.team.personalTeam) throw new ValidationError({ team: [TEAM_MESSAGES.deletePersonalTeam] });
      const affected = await repository.teamUserIds(teamId);
      await repository.deleteTeam(teamId);
      notify(affected, ACCESS_CHANGED);
    },

    async switchCurrent(caller: TeamCaller, teamId: number): Promise<TeamView> {
      const access = await policy.authorizeTeam(caller, teamId);
      await repository.setCurrentTeam(caller.id, teamId);
      notify([caller.id], [UPDATE_KEYS.user]);
      return view(teamId, access.role);
    },

    /**
     * Everyone is invited by mail, with a link to /team-invitations/{invitation}; the account
     * that verified the address accepts it (or declines). Nobody joins a team without consenting.
     * A mail that fails is logged, not answered: the invitation stands and can be resent.
     */
    async addMember(
      caller: TeamCaller,
      teamId: number,
      request: { email: string; role: string },
    ): Promise<TeamView> {
      const access = await policy.authorizeTeam(caller, teamId, 'team:add-members');
      await assertRoleOfTeam(teamId, request.role);
      const existing = await repository.findUserByEmail(request.email);
      if (
        existing &&
        (existing.id === access.team.userId || (await repository.findMemberRole(teamId, existing.id)))
      ) {
        throw new ValidationError({ email: [TEAM_MESSAGES.alreadyMember] });
      }
      const invitation = await repository.insertInvitation(teamId, request.email, request.role, caller.id);
      if (!invitation) throw new ValidationError({ email: [TEAM_MESSAGES.alreadyInvited] });
      await mailInvitation({
        invitation,
        teamName: access.team.name,
        inviterName: caller.name,
        locale: existing?.locale ?? caller.locale,
      });
      return view(teamId, access.role);
    },

    /** Mails the invitation again and renews its days; those who may add members do it. */
    async resendInvitation(caller: TeamCaller, invitationId: number) {
      const found = await repository.findInvitation(invitationId);
      if (!found) throw new NotFoundError();
      await policy.authorizeTeam(caller, found.team.id, 'team:add-members');
      await repository.renewInvitation(invitationId, caller.id);
      const renewed = (await repository.findInvitation(invitationId))!;
      const addressee = await repository.findUserByEmail(renewed.invitation.email);
      await mailInvitation({
        invitation: renewed.invitation,
        teamName: renewed.team.name,
        inviterName: caller.name,
        locale: addressee?.locale ?? caller.locale,
      });
      return renewed;
    },

    /**
     * Changing a role or scope grants what adding does, so it needs the add-members permission.
     * `servers` and `sites` must be shared with the team (else 422). The Update-data notice that
     * follows makes open terminals re-check their access and close (terminal.routes.ts).
     */
    async updateMember(
      caller: TeamCaller,
      teamId: number,
      memberId: number,
      request: UpdateTeamMemberRequest,
    ): Promise<TeamView> {
      const access = await policy.authorizeTeam(caller, teamId, 'team:add-members');
      await assertRoleOfTeam(teamId, request.role);
      const scope =
        request.servers === undefined && request.sites === undefined
          ? null
          : await scopeRows(teamId, request.servers ?? [], request.sites ?? []);
      // The owner has no member row: their role is not one to change.
      if (!(await repository.updateMember(teamId, memberId, request.role, scope))) throw new NotFoundError();
      await notifyTeam(teamId);
      return view(teamId, memberId === caller.id ? request.role : access.role);
    },

    /** The roles a member may be given here: the built-in ones and the team's own. */
    async listRoles(caller: TeamCaller, teamId: number): Promise<CustomRoleRow[]> {
      await policy.authorizeTeam(caller, teamId);
      return repository.listCustomRoles(teamId);
    },

    async createRole(caller: TeamCaller, teamId: number, request: TeamRoleRequest): Promise<CustomRoleRow> {
      await policy.authorizeTeam(caller, teamId, 'team:update');
      const row = await repository.insertCustomRole(teamId, request);
      if (!row) throw new ValidationError({ key: [TEAM_MESSAGES.roleTaken] });
      return row;
    },

    /** Members holding the role get its new permissions at once (and are told their lists changed). */
    async updateRole(
      caller: TeamCaller,
      teamId: number,
      key: string,
      request: Omit<TeamRoleRequest, 'key'>,
    ): Promise<CustomRoleRow> {
      await policy.authorizeTeam(caller, teamId, 'team:update');
      const row = await repository.updateCustomRole(teamId, key, request);
      if (!row) throw new NotFoundError();
      await notifyTeam(teamId);
      return row;
    },

    /** A role still given to a member or a pending invitation cannot go (422). */
    async deleteRole(caller: TeamCaller, teamId: number, key: string): Promise<void> {
      await policy.authorizeTeam(caller, teamId, 'team:update');
      if (!(await repository.findCustomRole(teamId, key))) throw new NotFoundError();
      if (await repository.customRoleInUse(teamId, key)) {
        throw new ValidationError({ role: [TEAM_MESSAGES.roleInUse] });
      }
      await repository.deleteCustomRole(teamId, key);
    },

    /** Managers remove members; any member may leave. The owner can do neither to themselves. */
    async removeMember(caller: TeamCaller, teamId: number, memberId: number): Promise<void> {
      const access = await policy.authorizeTeam(caller, teamId);
      if (memberId !== caller.id && !roleAllows(access.role, 'team:remove-members', access.customRoles)) {
        throw new ForbiddenError();
      }
      if (memberId === access.team.userId) throw new ValidationError({ user: [TEAM_MESSAGES.leaveOwnTeam] });
      const affected = await repository.teamUserIds(teamId);
      if (!(await repository.removeMember(teamId, memberId))) throw new NotFoundError();
      notify(affected, ACCESS_CHANGED);
    },

    /** Any member may share a server with the team, but only a server they own (spec/000 §6). */
    async shareServer(caller: TeamCaller, teamId: number, serverId: number): Promise<TeamView> {
      const access = await policy.authorizeTeam(caller, teamId);
      await policy.authorizeServer(caller, serverId, 'share');
      await repository.shareServer(teamId, serverId);
      await notifyTeam(teamId);
      return view(teamId, access.role);
    },

    /** The server's owner takes it back; the team's managers may also drop it from the team. */
    async unshareServer(caller: TeamCaller, teamId: number, serverId: number): Promise<void> {
      const access = await policy.authorizeTeam(caller, teamId);
      const ownerId = await repository.findSharedServerOwner(teamId, serverId);
      if (ownerId === null) throw new NotFoundError();
      if (ownerId !== caller.id && !roleAllows(access.role, 'team:update', access.customRoles)) {
        throw new ForbiddenError();
      }
      const affected = await repository.teamUserIds(teamId);
      await repository.unshareServer(teamId, serverId);
      notify([...new Set([...affected, ownerId])], ACCESS_CHANGED);
    },

    /**
     * Seen by its addressee, and by the team's members who manage membership. Other members get
     * 403; anyone else 404.
     */
    async showInvitation(caller: TeamCaller, invitationId: number) {
      const found = await repository.findInvitation(invitationId);
      if (!found) throw new NotFoundError();
      if (!isAddressee(caller, found.invitation.email))
        await authorizeInvitationManager(caller, found.team.id);
      return found;
    },

    async acceptInvitation(caller: TeamCaller, invitationId: number): Promise<TeamView> {
      const found = await repository.findInvitation(invitationId);
      // Only the addressee accepts; to anyone else the invitation does not exist.
      if (!found || !isAddressee(caller, found.invitation.email)) throw new NotFoundError();
      if (found.invitation.expiresAt.getTime() <= Date.now()) {
        throw new ValidationError({ invitation: [TEAM_MESSAGES.invitationExpired] });
      }
      const current = await policy.findTeamAccess(caller, found.team.id);
      if (current) {
        // Already in the team: the invitation has nothing left to grant.
        await repository.deleteInvitation(invitationId);
        return view(found.team.id, current.role);
      }
      await repository.acceptInvitation(found.invitation, caller.id);
      await notifyTeam(found.team.id);
      return view(found.team.id, found.invitation.role);
    },

    /** The addressee declines; a member who may remove members cancels. */
    async deleteInvitation(caller: TeamCaller, invitationId: number): Promise<void> {
      const found = await repository.findInvitation(invitationId);
      if (!found) throw new NotFoundError();
      if (!isAddressee(caller, found.invitation.email)) {
        await policy.authorizeTeam(caller, found.team.id, 'team:remove-members');
      }
      await repository.deleteInvitation(invitationId);
    },
  };

  /** A built-in role, or a custom role of this team; else 422 'The selected role is invalid.' */
  async function assertRoleOfTeam(teamId: number, role: string) {
    if (Object.hasOwn(TEAM_ROLES, role)) return;
    if (!(await repository.findCustomRole(teamId, role))) {
      throw new ValidationError({ role: [TEAM_MESSAGES.invalidRole] });
    }
  }

  /** Scope rows for chosen servers (whole) and sites; each must be shared with the team (422). */
  async function scopeRows(teamId: number, serverIds: number[], siteIds: number[]) {
    const shared = await repository.sharedScope(teamId, siteIds);
    const notShared = () => new ValidationError({ servers: [TEAM_MESSAGES.notShared] });
    if (serverIds.some((id) => !shared.servers.includes(id))) throw notShared();
    const rows: { serverId: number; siteId: number | null }[] = [...new Set(serverIds)].map((serverId) => ({
      serverId,
      siteId: null,
    }));
    for (const siteId of new Set(siteIds)) {
      const site = shared.sites.find((candidate) => candidate.id === siteId);
      if (!site || !shared.servers.includes(site.serverId)) throw notShared();
      rows.push({ serverId: site.serverId, siteId });
    }
    return rows;
  }

  async function authorizeInvitationManager(caller: TeamCaller, teamId: number) {
    const access = await policy.authorizeTeam(caller, teamId);
    if (
      !roleAllows(access.role, 'team:add-members', access.customRoles) &&
      !roleAllows(access.role, 'team:remove-members', access.customRoles)
    ) {
      throw new ForbiddenError();
    }
  }
}
export type TeamsService = ReturnType<typeof createTeamsService>;
