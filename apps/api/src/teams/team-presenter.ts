import {
  DEFAULT_TEAM_ROLE,
  TEAM_PERMISSIONS,
  TEAM_ROLES,
  type InvitationDetails,
  type Locale,
  type Team,
  type TeamRoleInfo,
} from '@hostdeck/contracts';
import { translate } from '../i18n/translate.js';
import { teamPermissionsFor } from '../policy/abilities.js';
import type { CustomRoleRow, InvitationRow, InvitationWithTeam, TeamDetails } from './teams.repository.js';

/** A team's own role as role info: its name as given, no description. */
export function presentCustomRole(row: CustomRoleRow): TeamRoleInfo {
  return {
    key: row.key,
    name: row.name,
    description: '',
    permissions: TEAM_PERMISSIONS.filter((permission) => row.permissions.includes(permission)),
    custom: true,
  };
}

/** Team info of spec/000 §3 as `viewerRole` sees it; role names in the caller's language. */
export function presentTeam(details: TeamDetails, viewerRole: string, locale: Locale): Team {
  const customRoles = new Map(details.customRoles.map((role) => [role.key, role.permissions]));
  const permissions = teamPermissionsFor(viewerRole, details.team, customRoles);
  // Pending addresses are the business of those who manage membership, not of every editor.
  const seesInvitations = permissions.canAddTeamMembers || permissions.canRemoveTeamMembers;
  return {
    id: details.team.id,
    name: details.team.name,
    user_id: details.team.userId,
    personal_team: details.team.personalTeam,
    created_at: details.team.createdAt.toISOString(),
    updated_at: details.team.updatedAt.toISOString(),
    owner: details.owner,
    users: details.members.map((member) => ({
      id: member.id,
      name: member.name,
      email: member.email,
      role: member.role,
      servers: member.servers,
      sites: member.sites,
    })),
    team_invitations: seesInvitations ? details.invitations.map(presentInvitation) : [],
    servers: details.servers,
    availableRoles: [
      ...Object.entries(TEAM_ROLES).map(([key, role]) => ({
        key,
        name: translate(locale, role.name),
        description: translate(locale, role.description),
        permissions: [...role.permissions],
        custom: false,
      })),
      ...details.customRoles.map(presentCustomRole),
    ],
    availablePermissions: [...TEAM_PERMISSIONS],
    defaultPermissions: [...TEAM_ROLES[DEFAULT_TEAM_ROLE].permissions],
    permissions,
    current_user_role: viewerRole,
  };
}

function presentInvitation(row: InvitationRow) {
  return {
    id: row.id,
    team_id: row.teamId,
    email: row.email,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= Date.now(),
  };
}

export function presentInvitationDetails({
  invitation,
  team,
  inviterName,
}: InvitationWithTeam): InvitationDetails {
  return {
    ...presentInvitation(invitation),
    team: { id: team.id, name: team.name, owner_name: team.ownerName },
    inviter_name: inviterName,
  };
}
