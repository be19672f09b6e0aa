import type { TFunction } from 'i18next';
import type { AuditLogEntry } from '@hostdeck/contracts';

/**
 * Readable labels of common actions, by method and route pattern (keys of `auditLog.actions` in
 * ./locales). Any other route reads as "METHOD pattern": the log never hides what was called.
 */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  'POST /api/login': 'signedIn',
  'POST /api/two-factor-challenge': 'signedIn',
  'POST /api/logout': 'signedOut',
  'POST /api/register': 'registered',
  'POST /api/reset-password': 'resetPassword',
  'PUT /api/user/password': 'changedPassword',
  'PUT /api/user/profile-information': 'updatedProfile',
  'POST /api/user/two-factor-authentication': 'enabledTwoFactor',
  'DELETE /api/user/two-factor-authentication': 'disabledTwoFactor',
  'DELETE /api/user/other-browser-sessions': 'signedOutOtherSessions',
  'POST /api/user/ssh-keys': 'addedSshKey',
  'DELETE /api/user/ssh-keys/:sshKey': 'deletedSshKey',
  'POST /api/teams': 'createdTeam',
  'PUT /api/teams/:team': 'renamedTeam',
  'DELETE /api/teams/:team': 'deletedTeam',
  'PUT /api/current-team': 'switchedTeam',
  'POST /api/teams/:team/members': 'invitedMember',
  'PUT /api/teams/:team/members/:user': 'changedMemberRole',
  'DELETE /api/teams/:team/members/:user': 'removedMember',
  'POST /api/teams/:team/servers': 'sharedServer',
  'DELETE /api/teams/:team/servers/:server': 'unsharedServer',
  'POST /api/servers/:server/share': 'sharedServer',
  'POST /api/team-invitations/:invitation/accept': 'acceptedInvitation',
  'POST /api/team-invitations/:invitation/resend': 'resentInvitation',
  'DELETE /api/team-invitations/:invitation': 'deletedInvitation',
  'POST /api/servers': 'connectedServer',
  'DELETE /api/servers/:server': 'deletedServer',
  'POST /api/sites': 'createdSite',
  'DELETE /api/sites/:site': 'deletedSite',
  'POST /api/servers/:server/databases': 'createdDatabase',
  'DELETE /api/servers/:server/databases/:database': 'deletedDatabase',
  'POST /api/servers/:server/ssh-keys': 'addedServerSshKey',
};

/** "Deleted site", or "DELETE /api/…" for a route without a label. */
export function actionLabel(t: TFunction, entry: Pick<AuditLogEntry, 'method' | 'route'>): string {
  const key = ACTION_LABELS[`${entry.method} ${entry.route}`];
  return key
    ? t(`auditLog.actions.${key}` as 'auditLog.actions.createdTeam')
    : `${entry.method} ${entry.route}`;
}

/** The labelled actions, for tests: every key must exist in both catalogues. */
export const LABELLED_ACTION_KEYS: readonly string[] = [...new Set(Object.values(ACTION_LABELS))];
