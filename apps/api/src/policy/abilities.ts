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
 * - view, operate, configure, destroy, secrets, terminal, files: the team permission of that verb
 *   (`server:…`); the routes declare which one they need (route-permission.ts);
 * - manage: operate or configure, what the services check before acting on a server (defence in
 *   depth behind the route hook, which checks the exact verb);
 * - share, delete: the server's owner only (spec/000 §6: the owner shares). Team roles never grant
 *   these, not even to the team's owner: a team owner reaches a shared server like a member.
 */
export const SERVER_ABILITIES = [
  'view',
  'operate',
  'configure',
  'destroy',
  'secrets',
  'terminal',
  'files',
  'manage',
  'share',
  'delete',
] as const;
export type ServerAbility = (typeof SERVER_ABILITIES)[number];

/** The team permissions any of which grants an ability on a shared server; empty: owner only. */
const SERVER_ABILITY_PERMISSIONS: Record<ServerAbility, readonly TeamPermission[]> = {
  view: ['server:view'],
  operate: ['server:operate'],
  configure: ['server:configure'],
  destroy: ['server:destroy'],
  secrets: ['server:secrets'],
  terminal: ['server:terminal'],
  files: ['server:files'],
  manage: ['server:operate', 'server:configure'],
  share: [],
  delete: [],
};

export function permissionsForAbility(ability: ServerAbility): readonly TeamPermission[] {
  return SERVER_ABILITY_PERMISSIONS[ability];
}

/** The team's custom roles, by key, with their permissions (team_roles). */
export type CustomRoles = ReadonlyMap<string, readonly string[]>;

/**
 * Permissions of a role in a team. The team's owner holds them all; a built-in role its own; a
 * custom role of that team what it lists; an unknown role none.
 */
export function permissionsOfRole(role: string, customRoles?: CustomRoles): readonly TeamPermission[] {
  if (role === TEAM_OWNER_ROLE) return TEAM_PERMISSIONS;
  if (Object.hasOwn(TEAM_ROLES, role)) return TEAM_ROLES[role as keyof typeof TEAM_ROLES].permissions;
  const custom = customRoles?.get(role);
  return custom ? TEAM_PERMISSIONS.filter((permission) => custom.includes(permission)) : [];
}

export function roleAllows(role: string, permission: TeamPermission, customRoles?: CustomRoles): boolean {
  return permissionsOfRole(role, customRoles).includes(permission);
}

/** Built-in member roles (not the owner) that hold a permission: the SQL of lists filters on them. */
export function memberRolesWith(permission: TeamPermission): string[] {
  return Object.entries(TEAM_ROLES)
    .filter(([, role]) => role.permissions.includes(permission))
    .map(([key]) => key);
}

/**
 * One way the caller reaches a server: through a team that shares it, with the permissions of
 * their role there and their scope (null: the whole server; else only these sites of it).
 */
export interface TeamGrant {
  permissions: readonly TeamPermission[];
  sites: readonly number[] | null;
}

/** How the caller reaches a server: as its owner, and/or through the teams that share it. */
export interface ServerAccess {
  isOwner: boolean;
  grants: TeamGrant[];
}

function grantAllows(grant: TeamGrant, ability: ServerAbility): boolean {
  return permissionsForAbility(ability).some((permission) => grant.permissions.includes(permission));
}

/** The ability on the server itself: a grant limited to some sites only lets the server be viewed. */
export function serverAbilityAllowed(access: ServerAccess, ability: ServerAbility): boolean {
  if (access.isOwner) return true;
  return access.grants.some(
    (grant) => grantAllows(grant, ability) && (grant.sites === null || ability === 'view'),
  );
}

/** The ability on one site of the server: a whole-server grant, or one naming this site. */
export function siteAbilityAllowed(access: ServerAccess, siteId: number, ability: ServerAbility): boolean {
  if (access.isOwner) return true;
  return access.grants.some(
    (grant) => grantAllows(grant, ability) && (grant.sites === null || grant.sites.includes(siteId)),
  );
}

/** True when the caller may know the server exists; otherwise it answers 404 (SECURITY.md, IDOR). */
export function serverIsVisible(access: ServerAccess): boolean {
  return serverAbilityAllowed(access, 'view');
}

/** True when the caller may know the site exists (a scope naming other sites hides it). */
export function siteIsVisible(access: ServerAccess, siteId: number): boolean {
  return siteAbilityAllowed(access, siteId, 'view');
}

/** The per-user `permissions` of team info (spec/000 §3). A personal team is never deleted. */
export function teamPermissionsFor(
  role: string,
  team: { personalTeam: boolean },
  customRoles?: CustomRoles,
): TeamPermissions {
  return {
    canAddTeamMembers: roleAllows(role, 'team:add-members', customRoles),
    canDeleteTeam: roleAllows(role, 'team:delete', customRoles) && !team.personalTeam,
    canRemoveTeamMembers: roleAllows(role, 'team:remove-members', customRoles),
    canUpdateTeam: roleAllows(role, 'team:update', customRoles),
  };
}
