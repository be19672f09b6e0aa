import { z } from 'zod';
import { emailSchema, personNameSchema } from './accounts.js';
import { defineRoutes, idParamSchema } from './route-contract.js';

/**
 * Teams share servers (and, through them, sites) between users (spec/000 §3 Team, §6, §7 Teams).
 * The spec leaves the roles and permissions unshown; the decisions are written here, once, and the
 * panel's policy layer (apps/api/src/policy) enforces them (issue 22 point 2).
 *
 * - A role is a named set of permissions. The server verbs are separate: view; operate (start,
 *   stop, restart, deploy, run); configure (edit settings and configs, create things); destroy
 *   (delete, prune); secrets (see passwords and keys); terminal (the root terminal); files (the
 *   root file manager). Four more permissions gate the team's own management.
 * - The team's owner (teams.user_id) holds every permission; admin every one but deleting the
 *   team; developer uses the servers (view, operate, configure, terminal, files) without destroy,
 *   secrets or team management; viewer only views. A team may add custom roles (team_roles).
 * - Deleting or sharing a server is never a team permission: only the server's owner does that.
 */
export const SERVER_PERMISSIONS = [
  'server:view',
  'server:operate',
  'server:configure',
  'server:destroy',
  'server:secrets',
  'server:terminal',
  'server:files',
] as const;
export type ServerPermission = (typeof SERVER_PERMISSIONS)[number];
export const TEAM_MANAGEMENT_PERMISSIONS = [
  'team:update',
  'team:add-members',
  'team:remove-members',
  'team:delete',
] as const;
export const TEAM_PERMISSIONS = [...SERVER_PERMISSIONS, ...TEAM_MANAGEMENT_PERMISSIONS] as const;
export type TeamPermission = (typeof TEAM_PERMISSIONS)[number];

export const TEAM_ROLE_KEYS = ['admin', 'developer', 'viewer'] as const;
export type TeamRoleKey = (typeof TEAM_ROLE_KEYS)[number];
/** The owner is not a member row; this is the role the panel reports for them. */
export const TEAM_OWNER_ROLE = 'owner';

/** Role names and descriptions are English catalogue keys; the panel answers them translated. */
export const TEAM_ROLES: Record<
  TeamRoleKey,
  { name: string; description: string; permissions: readonly TeamPermission[] }
> = {
  admin: {
    name: 'Administrator',
    description: 'Administrators can perform any action except deleting the team.',
    permissions: TEAM_PERMISSIONS.filter((permission) => permission !== 'team:delete'),
  },
  developer: {
    name: 'Developer',
    description:
      'Developers can operate and configure the shared servers, with the terminal and the file manager, but cannot delete them or see their secrets.',
    permissions: ['server:view', 'server:operate', 'server:configure', 'server:terminal', 'server:files'],
  },
  viewer: {
    name: 'Viewer',
    description: 'Viewers can only look at the shared servers.',
    permissions: ['server:view'],
  },
};

/** The role a member gets unless another is chosen; `defaultPermissions` are its permissions. */
export const DEFAULT_TEAM_ROLE: TeamRoleKey = 'developer';

/** Messages of the teams API (English catalogue keys, Vietnamese in apps/api/src/teams/teams.vi.ts). */
export const TEAM_MESSAGES = {
  invalidRole: 'The selected role is invalid.',
  alreadyMember: 'This user already belongs to the team.',
  alreadyInvited: 'This user has already been invited to the team.',
  deletePersonalTeam: 'You may not delete your personal team.',
  leaveOwnTeam: 'You may not leave a team that you created.',
  invitationExpired: 'This invitation has expired. Ask the team to send it again.',
  roleTaken: 'A role with this key already exists.',
  roleInUse: 'This role is still given to members or invitations.',
  notShared: 'The selected servers and sites must be shared with the team.',
} as const;

/** How long an invitation is valid; resending it starts the days again. */
export const TEAM_INVITATION_TTL_DAYS = 7;

/**
 * A member's role: a built-in key or the key of one of the team's custom roles (the service checks
 * that the custom role exists in that team).
 */
export const teamRoleSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Required' : TEAM_MESSAGES.invalidRole) })
  .regex(/^[a-z][a-z0-9-]{1,31}$/, TEAM_MESSAGES.invalidRole)
  .refine((key) => key !== TEAM_OWNER_ROLE, TEAM_MESSAGES.invalidRole);
/** A custom role's key: lowercase, never a built-in key. */
export const customRoleKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,31}$/)
  .refine(
    (key) => key !== TEAM_OWNER_ROLE && !(TEAM_ROLE_KEYS as readonly string[]).includes(key),
    TEAM_MESSAGES.roleTaken,
  );
export const teamNameSchema = personNameSchema;
const idSchema = z.number().int().positive();

// Requests are strict: an unknown field is an error, not silently dropped.
export const createTeamRequestSchema = z.strictObject({ name: teamNameSchema });
export const updateTeamRequestSchema = z.strictObject({ name: teamNameSchema });
export const switchCurrentTeamRequestSchema = z.strictObject({ team_id: idSchema });
/** Every new member is invited by mail and joins by accepting (/team-invitations/{invitation}). */
export const addTeamMemberRequestSchema = z.strictObject({ email: emailSchema, role: teamRoleSchema });
/**
 * A member's role and scope: `servers` (whole servers) and `sites` limit the member to those of
 * the team's shared servers; both absent keeps the scope, both empty lifts it (every shared server).
 */
export const updateTeamMemberRequestSchema = z.strictObject({
  role: teamRoleSchema,
  servers: z.array(idSchema).max(500).optional(),
  sites: z.array(idSchema).max(500).optional(),
});
export type UpdateTeamMemberRequest = z.infer<typeof updateTeamMemberRequestSchema>;
export const teamRoleRequestSchema = z.strictObject({
  key: customRoleKeySchema,
  name: z.string().trim().min(1).max(64),
  permissions: z.array(z.enum(TEAM_PERMISSIONS)).max(TEAM_PERMISSIONS.length),
});
export const updateTeamRoleRequestSchema = teamRoleRequestSchema.omit({ key: true });
export type TeamRoleRequest = z.infer<typeof teamRoleRequestSchema>;
const teamRoleParamsSchema = z.object({
  team: idParamSchema,
  role: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/),
});
export const shareServerRequestSchema = z.strictObject({ server_id: idSchema });
/** POST api/servers/{server}/share (spec/000 §7 servers `share`): the same share, from the server. */
export const shareWithTeamRequestSchema = z.strictObject({ team_id: idSchema });
export type CreateTeamRequest = z.infer<typeof createTeamRequestSchema>;
export type AddTeamMemberRequest = z.infer<typeof addTeamMemberRequestSchema>;

export const teamUserSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export const teamMemberSchema = teamUserSchema.extend({
  role: z.string(),
  /** The member's scope: empty both = every shared server. */
  servers: z.array(z.number().int()),
  sites: z.array(z.number().int()),
});
export const teamInvitationSchema = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  email: z.string(),
  role: z.string(),
  created_at: z.string(),
  /** After this the invitation can no longer be accepted; resending renews it. */
  expires_at: z.string(),
  expired: z.boolean(),
});
export const teamServerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The server's sites (for the scope picker). */
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export const teamRoleInfoSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  /** A role of this team (team_roles), editable; false for the built-in roles. */
  custom: z.boolean(),
});
export type TeamRoleInfo = z.infer<typeof teamRoleInfoSchema>;
export const teamRolesResponseSchema = z.object({ data: z.array(teamRoleInfoSchema) });
export const teamRoleResponseSchema = z.object({ data: teamRoleInfoSchema });
/** What the caller may do with this team (spec/000 §3); a personal team can never be deleted. */
export const teamPermissionsSchema = z.object({
  canAddTeamMembers: z.boolean(),
  canDeleteTeam: z.boolean(),
  canRemoveTeamMembers: z.boolean(),
  canUpdateTeam: z.boolean(),
});
export type TeamPermissions = z.infer<typeof teamPermissionsSchema>;

/** Team info of spec/000 §3, as the caller sees it. */
export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user_id: z.number().int(),
  personal_team: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  owner: teamUserSchema,
  /** Members other than the owner, with their role. */
  users: z.array(teamMemberSchema),
  /** Pending invitations; shown only to callers who may add or remove members. */
  team_invitations: z.array(teamInvitationSchema),
  servers: z.array(teamServerSchema),
  availableRoles: z.array(teamRoleInfoSchema),
  availablePermissions: z.array(z.string()),
  defaultPermissions: z.array(z.string()),
  permissions: teamPermissionsSchema,
  /** The caller's role in this team: 'owner' or a member role. */
  current_user_role: z.string(),
});
export type Team = z.infer<typeof teamSchema>;
export const teamResponseSchema = z.object({ data: teamSchema });

/** An invitation as its addressee sees it (the page /team-invitations/{invitation}). */
export const invitationDetailsSchema = teamInvitationSchema.extend({
  team: z.object({ id: z.number().int(), name: z.string(), owner_name: z.string() }),
  /** Who sent (or last resent) the invitation; null once that account is gone. */
  inviter_name: z.string().nullable(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;
export const invitationResponseSchema = z.object({ data: invitationDetailsSchema });

/** GET api/user/teams: the caller's teams, and the invitations addressed to their verified email. */
export const userTeamsSchema = z.object({
  data: z.array(teamSchema),
  invitations: z.array(invitationDetailsSchema),
});
export type UserTeams = z.infer<typeof userTeamsSchema>;

/**
 * The team calls (spec/000 §7 Teams). Paths use `:param` placeholders. Calls without a response
 * schema answer 204 with no body.
 *
 * The spec accepts an invitation with GET api/team-invitations/{invitation}; a GET that changes
 * state would escape the CSRF check (SECURITY.md), so GET shows the invitation and POST …/accept
 * accepts it.
 */
export const teamRoutes = defineRoutes({
  userTeams: { method: 'GET', path: '/api/user/teams', response: userTeamsSchema },
  createTeam: {
    method: 'POST',
    path: '/api/teams',
    body: createTeamRequestSchema,
    response: teamResponseSchema,
  },
  showTeam: { method: 'GET', path: '/api/teams/:team', response: teamResponseSchema },
  updateTeam: {
    method: 'PUT',
    path: '/api/teams/:team',
    body: updateTeamRequestSchema,
    response: teamResponseSchema,
  },
  deleteTeam: { method: 'DELETE', path: '/api/teams/:team', response: null },
  switchCurrentTeam: {
    method: 'PUT',
    path: '/api/current-team',
    body: switchCurrentTeamRequestSchema,
    response: teamResponseSchema,
  },
  addTeamMember: {
    method: 'POST',
    path: '/api/teams/:team/members',
    body: addTeamMemberRequestSchema,
    response: teamResponseSchema,
  },
  updateTeamMember: {
    method: 'PUT',
    path: '/api/teams/:team/members/:user',
    body: updateTeamMemberRequestSchema,
    response: teamResponseSchema,
  },
  removeTeamMember: { method: 'DELETE', path: '/api/teams/:team/members/:user', response: null },
  shareServer: {
    method: 'POST',
    path: '/api/teams/:team/servers',
    body: shareServerRequestSchema,
    response: teamResponseSchema,
  },
  unshareServer: { method: 'DELETE', path: '/api/teams/:team/servers/:server', response: null },
  /** The share of spec/000 §7 servers `share`, named by the server; answers the team as shared. */
  shareServerWithTeam: {
    method: 'POST',
    path: '/api/servers/:server/share',
    body: shareWithTeamRequestSchema,
    response: teamResponseSchema,
  },
  /** Custom roles of a team (issue 22 point 2): any member lists them, team:update edits them. */
  teamRoles: { method: 'GET', path: '/api/teams/:team/roles', response: teamRolesResponseSchema },
  createTeamRole: {
    method: 'POST',
    path: '/api/teams/:team/roles',
    body: teamRoleRequestSchema,
    response: teamRoleResponseSchema,
  },
  updateTeamRole: {
    method: 'PUT',
    path: '/api/teams/:team/roles/:role',
    params: teamRoleParamsSchema,
    body: updateTeamRoleRequestSchema,
    response: teamRoleResponseSchema,
  },
  deleteTeamRole: {
    method: 'DELETE',
    path: '/api/teams/:team/roles/:role',
    params: teamRoleParamsSchema,
    response: null,
  },
  showInvitation: {
    method: 'GET',
    path: '/api/team-invitations/:invitation',
    response: invitationResponseSchema,
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/team-invitations/:invitation/accept',
    response: teamResponseSchema,
  },
  deleteInvitation: { method: 'DELETE', path: '/api/team-invitations/:invitation', response: null },
  /** Mails the invitation again and renews its expiry (those who may add members). */
  resendInvitation: {
    method: 'POST',
    path: '/api/team-invitations/:invitation/resend',
    response: invitationResponseSchema,
  },
});
