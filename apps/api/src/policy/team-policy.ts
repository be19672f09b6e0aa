import { TEAM_OWNER_ROLE, type TeamPermission } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import type { teams } from '../database/schema.js';
import { ForbiddenError, NotFoundError } from '../domain/errors.js';
import { roleAllows, type CustomRoles } from './abilities.js';
import { findCustomRoles, findTeamWithMemberRole } from './policy.repository.js';
import type { Caller } from './server-policy.js';

export type TeamRow = typeof teams.$inferSelect;

/** A team and the caller's role in it: 'owner' or the member's role. */
export interface TeamAccess {
  team: TeamRow;
  role: string;
  /** The team's custom roles (their permissions), for a member holding one. */
  customRoles: CustomRoles;
}

/** The caller's access to a team; null when the team does not exist or the caller is not in it. */
export async function findTeamAccess(
  db: Database,
  userId: number,
  teamId: number,
): Promise<TeamAccess | null> {
  const row = await findTeamWithMemberRole(db, userId, teamId);
  if (!row) return null;
  const customRoles = await findCustomRoles(db, teamId);
  if (row.team.userId === userId) return { team: row.team, role: TEAM_OWNER_ROLE, customRoles };
  return row.memberRole === null ? null : { team: row.team, role: row.memberRole, customRoles };
}

/**
 * The team when the caller belongs to it and, if a permission is named, holds it. Not in the team
 * (or no such team): NotFoundError, so team ids reveal nothing. In it without the permission:
 * ForbiddenError ('This action is unauthorized.').
 */
export async function authorizeTeam(
  db: Database,
  user: Caller,
  teamId: number,
  permission?: TeamPermission,
): Promise<TeamAccess> {
  const access = await findTeamAccess(db, user.id, teamId);
  if (!access) throw new NotFoundError();
  if (permission && !roleAllows(access.role, permission, access.customRoles)) throw new ForbiddenError();
  return access;
}
