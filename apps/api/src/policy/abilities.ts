import {
  TEAM_OWNER_ROLE,
  TEAM_PERMISSIONS,
  TEAM_ROLES,
  type TeamPermission,
  type TeamPermissions,
} from '@hostdeck/contracts';

/**
 * The access rules as pure functions; server-policy.ts and team-policy.ts apply them to rows.
 *
 * Server abilities (the roles themselves are decided in contracts teams.ts):
 * - view: see the server, its events and (later) its sites;
 * - manage: act on it (run recipes, create sites, cancel its events). Both team roles manage a
 *   shared server: editors exist to "use shared servers", and using a server means acting on it;
 * - share, delete: the server's owner only (spec/000 §6: the owner shares). Team roles never grant
 *   these, not even to the team's owner: a team owner reaches a shared server like a member.
 */
export const SERVER_ABILITIES = ['view', 'manage', 'share', 'delete'] as const;
export type ServerAbility = (typeof SERVER_ABILITIES)[number];

/** The team permission a shared server's ability needs; null: owner only. */
const SERVER_ABILITY_PERMISSION: Record<ServerAbility, TeamPermission | null> = {
  view: 'server:view',
  manage: 'server:manage',
  share: null,
  delete: null,
};

/** Permissions of a role in a team. The team's owner holds them all; an unknown role holds none. */
export function permissionsOfRole(role: string): readonly TeamPermission[] {
  if (role === TEAM_OWNER_ROLE) return TEAM_PERMISSIONS;
  return Object.hasOwn(TEAM_ROLES, role) ? TEAM_ROLES[role as keyof typeof TEAM_ROLES].permissions : [];
}

export function roleAllows(role: string, permission: TeamPermission): boolean {
  return permissionsOfRole(role).includes(permission);
}

/** Member roles (not the owner) that hold a permission: the SQL of lists filters on them. */
export function memberRolesWith(permission: TeamPermission): string[] {
  return Object.entries(TEAM_ROLES)
    .filter(([, role]) => role.permissions.includes(permission))
    .map(([key]) => key);
}

/**
 * How the caller reaches a server: as its owner, and/or through the teams that share it, with the
 * caller's role in each ('owner' when the caller owns that team).
 */
export interface ServerAccess {
  isOwner: boolean;
  teamRoles: string[];
}

export function serverAbilityAllowed(access: ServerAccess, ability: ServerAbility): boolean {
  if (access.isOwner) return true;
  const permission = SERVER_ABILITY_PERMISSION[ability];
  return permission !== null && access.teamRoles.some((role) => roleAllows(role, permission));
}

/** True when the caller may know the server exists; otherwise it answers 404 (SECURITY.md, IDOR). */
export function serverIsVisible(access: ServerAccess): boolean {
  return serverAbilityAllowed(access, 'view');
}

/** The per-user `permissions` of team info (spec/000 §3). A personal team is never deleted. */
export function teamPermissionsFor(role: string, team: { personalTeam: boolean }): TeamPermissions {
  return {
    canAddTeamMembers: roleAllows(role, 'team:add-members'),
    canDeleteTeam: roleAllows(role, 'team:delete') && !team.personalTeam,
    canRemoveTeamMembers: roleAllows(role, 'team:remove-members'),
    canUpdateTeam: roleAllows(role, 'team:update'),
  };
}
