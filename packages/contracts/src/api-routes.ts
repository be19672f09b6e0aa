import type { z } from 'zod';
import { appInfoSchema, healthSchema } from './app-info.js';
import {
  browserSessionsSchema,
  loginResponseSchema,
  outboxSchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
} from './accounts.js';
import { userSchema } from './user.js';
import { serverListSchema } from './servers.js';
import { siteListSchema } from './sites.js';
import { userTeamsSchema } from './teams.js';

/**
 * The HTTP calls the browser makes, with their response schemas. The panel registers these
 * schemas on its routes and the web client derives its types from the same entries, so the two
 * cannot drift apart.
 */
export const apiRoutes = {
  health: { method: 'GET', path: '/api/health', response: healthSchema },
  info: { method: 'GET', path: '/api/info', response: appInfoSchema },
  userInfo: { method: 'GET', path: '/api/user/info', response: userSchema },
  userSessions: { method: 'GET', path: '/api/user/sessions', response: browserSessionsSchema },
  devOutbox: { method: 'GET', path: '/api/dev/outbox', response: outboxSchema },
  /** First pages of the caller's servers and sites (global search, the shell); query page, itemsPerPage, search. */
  servers: { method: 'GET', path: '/api/servers', response: serverListSchema },
  sites: { method: 'GET', path: '/api/sites', response: siteListSchema },
  userTeams: { method: 'GET', path: '/api/user/teams', response: userTeamsSchema },
} as const;

/**
 * Calls that change something, with their answers. Bodies are the `*RequestSchema`s of
 * accounts.ts. All answer 204 with no body unless a response schema is given.
 */
export const accountRoutes = {
  register: { method: 'POST', path: '/api/register', response: userSchema },
  login: { method: 'POST', path: '/api/login', response: loginResponseSchema },
  twoFactorChallenge: { method: 'POST', path: '/api/two-factor-challenge', response: userSchema },
  logout: { method: 'POST', path: '/api/logout', response: null },
  resendVerification: { method: 'POST', path: '/api/email/verification-notification', response: null },
  verifyEmail: { method: 'POST', path: '/api/email/verify', response: null },
  forgotPassword: { method: 'POST', path: '/api/forgot-password', response: null },
  resetPassword: { method: 'POST', path: '/api/reset-password', response: null },
  updateProfile: { method: 'PUT', path: '/api/user/profile-information', response: userSchema },
  updatePassword: { method: 'PUT', path: '/api/user/password', response: null },
  /** multipart/form-data with one file field `photo`. */
  uploadProfilePhoto: { method: 'POST', path: '/api/user/profile-photo', response: userSchema },
  deleteProfilePhoto: { method: 'DELETE', path: '/api/user/profile-photo', response: userSchema },
  deleteAccount: { method: 'DELETE', path: '/api/user', response: null },
  logoutOtherSessions: { method: 'DELETE', path: '/api/user/other-browser-sessions', response: null },
  enableTwoFactor: {
    method: 'POST',
    path: '/api/user/two-factor-authentication',
    response: twoFactorSetupSchema,
  },
  confirmTwoFactor: {
    method: 'POST',
    path: '/api/user/confirmed-two-factor-authentication',
    response: recoveryCodesSchema,
  },
  disableTwoFactor: { method: 'DELETE', path: '/api/user/two-factor-authentication', response: null },
  regenerateRecoveryCodes: {
    method: 'POST',
    path: '/api/user/two-factor-recovery-codes',
    response: recoveryCodesSchema,
  },
  updatePreferences: { method: 'PUT', path: '/api/user/preferences', response: userSchema },
} as const;

export type ApiRouteName = keyof typeof apiRoutes;
export type ApiResponse<N extends ApiRouteName> = z.infer<(typeof apiRoutes)[N]['response']>;
