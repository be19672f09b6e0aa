import { z } from 'zod';
import { emailSchema, personNameSchema } from './accounts.js';
import { defineRoutes } from './route-contract.js';

/**
 * Teams share servers (and, through them, sites) between users (spec/000 §3 Team, §6, §7 Teams).
 * The spec leaves the roles and permissions unshown; the decisions are written here, once, and the
 * panel's policy layer (apps/api/src/policy) enforces them.
 *
 * - The team's owner (teams.user_id) holds every permission.
 * - admin: every permission except deleting the team.
 * - editor: no team permission; uses (views and manages) the servers shared with the team.
 * - Deleting or sharing a server is never a team permission: only the server's owner does that.
 */
export const TEAM_PERMISSIONS = [
  'server:view',
  'server:manage',
  'team:update',
  'team:add-members',
  'team:remove-members',
  'team:delete',
] as const;
export type TeamPermission = (typeof TEAM_PERMISSIONS)[number];

export const TEAM_ROLE_KEYS = ['admin', 'editor'] as const;
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
    permissions: ['server:view', 'server:manage', 'team:update', 'team:add-members', 'team:remove-members'],
  },
  editor: {
    name: 'Editor',
    description: 'Editors can use the servers shared with the team.',
    permissions: ['server:view', 'server:manage'],
  },
};

/** The role a member gets unless another is chosen; `defaultPermissions` are its permissions. */
export const DEFAULT_TEAM_ROLE: TeamRoleKey = 'editor';

/** Messages of the teams API (English catalogue keys, Vietnamese in apps/api/src/teams/teams.vi.ts). */
export const TEAM_MESSAGES = {
  invalidRole: 'The selected role is invalid.',
  alreadyMember: 'This user already belongs to the team.',
  alreadyInvited: 'This user has already been invited to the team.',
  deletePersonalTeam: 'You may not delete your personal team.',
  leaveOwnTeam: 'You may not leave a team that you created.',
  invitationExpired: 'This invitation has expired. Ask the team to send it again.',
} as const;

/** How long an invitation is valid; resending it starts the days again. */
export const TEAM_INVITATION_TTL_DAYS = 7;

export const teamRoleSchema = z.enum(TEAM_ROLE_KEYS, {
  error: (issue) => (issue.input === undefined ? 'Required' : TEAM_MESSAGES.invalidRole),
});
export const teamNameSchema = personNameSchema;
const idSchema = z.number().int().positive();

// Requests are strict: an unknown field is an error, not silently dropped.
export const createTeamRequestSchema = z.strictObject({ name: teamNameSchema });
export const updateTeamRequestSchema = z.strictObject({ name: teamNameSchema });
export const switchCurrentTeamRequestSchema = z.strictObject({ team_id: idSchema });
/** Every new member is invited by mail and joins by accepting (/team-invitations/{invitation}). */
export const addTeamMemberRequestSchema = z.strictObject({ email: emailSchema, role: teamRoleSchema });
export const updateTeamMemberRequestSchema = z.strictObject({ role: teamRoleSchema });
export const shareServerRequestSchema = z.strictObject({ server_id: idSchema });
export type CreateTeamRequest = z.infer<typeof createTeamRequestSchema>;
export type AddTeamMemberRequest = z.infer<typeof addTeamMemberRequestSchema>;

export const teamUserSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export const teamMemberSchema = teamUserSchema.extend({ role: z.string() });
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
export const teamServerSchema = z.object({ id: z.number().int(), name: z.string() });
export const teamRoleInfoSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
});
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
