import { z } from 'zod';
import { appInfoSchema, healthSchema } from './app-info.js';
import {
  browserSessionsSchema,
  confirmPasswordRequestSchema,
  confirmTwoFactorRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  twoFactorChallengeRequestSchema,
  updatePasswordRequestSchema,
  updatePreferencesRequestSchema,
  updateProfileRequestSchema,
  verifyEmailRequestSchema,
  loginResponseSchema,
  outboxSchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
} from './accounts.js';
import { userSchema } from './user.js';
import { eventResponseSchema, eventSchema } from './events.js';
import { pageQuerySchema, paginatedSchema } from './pagination.js';
import { serverListSchema } from './servers.js';
import { siteListSchema } from './sites.js';
import { userTeamsSchema } from './teams.js';
import { defineRoutes } from './route-contract.js';

/**
 * The HTTP calls the browser makes, with their response schemas. The panel registers these
 * schemas on its routes and the web client derives its types from the same entries, so the two
 * cannot drift apart.
 */
export const apiRoutes = defineRoutes({
  health: { method: 'GET', path: '/api/health', response: healthSchema },
  info: { method: 'GET', path: '/api/info', response: appInfoSchema },
  userInfo: { method: 'GET', path: '/api/user/info', response: userSchema },
  userSessions: { method: 'GET', path: '/api/user/sessions', response: browserSessionsSchema },
  devOutbox: { method: 'GET', path: '/api/dev/outbox', response: outboxSchema },
  /** First pages of the caller's servers and sites (global search, the shell); query page, itemsPerPage, search. */
  servers: { method: 'GET', path: '/api/servers', response: serverListSchema },
  sites: { method: 'GET', path: '/api/sites', response: siteListSchema },
  userTeams: { method: 'GET', path: '/api/user/teams', response: userTeamsSchema },
});

/**
 * Calls that change something, with their answers. Bodies are the `*RequestSchema`s of
 * accounts.ts. All answer 204 with no body unless a response schema is given.
 */
export const accountRoutes = defineRoutes({
  register: { method: 'POST', path: '/api/register', body: registerRequestSchema, response: userSchema },
  login: { method: 'POST', path: '/api/login', body: loginRequestSchema, response: loginResponseSchema },
  twoFactorChallenge: {
    method: 'POST',
    path: '/api/two-factor-challenge',
    body: twoFactorChallengeRequestSchema,
    response: userSchema,
  },
  logout: { method: 'POST', path: '/api/logout', response: null },
  resendVerification: { method: 'POST', path: '/api/email/verification-notification', response: null },
  verifyEmail: { method: 'POST', path: '/api/email/verify', body: verifyEmailRequestSchema, response: null },
  forgotPassword: {
    method: 'POST',
    path: '/api/forgot-password',
    body: forgotPasswordRequestSchema,
    response: null,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/reset-password',
    body: resetPasswordRequestSchema,
    response: null,
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/user/profile-information',
    body: updateProfileRequestSchema,
    response: userSchema,
  },
  updatePassword: {
    method: 'PUT',
    path: '/api/user/password',
    body: updatePasswordRequestSchema,
    response: null,
  },
  /** multipart/form-data with one file field `photo`. */
  uploadProfilePhoto: { method: 'POST', path: '/api/user/profile-photo', response: userSchema },
  deleteProfilePhoto: { method: 'DELETE', path: '/api/user/profile-photo', response: userSchema },
  deleteAccount: { method: 'DELETE', path: '/api/user', body: confirmPasswordRequestSchema, response: null },
  logoutOtherSessions: {
    method: 'DELETE',
    path: '/api/user/other-browser-sessions',
    body: confirmPasswordRequestSchema,
    response: null,
  },
  enableTwoFactor: {
    body: confirmPasswordRequestSchema,
    method: 'POST',
    path: '/api/user/two-factor-authentication',
    response: twoFactorSetupSchema,
  },
  confirmTwoFactor: {
    body: confirmTwoFactorRequestSchema,
    method: 'POST',
    path: '/api/user/confirmed-two-factor-authentication',
    response: recoveryCodesSchema,
  },
  disableTwoFactor: {
    method: 'DELETE',
    path: '/api/user/two-factor-authentication',
    body: confirmPasswordRequestSchema,
    response: null,
  },
  regenerateRecoveryCodes: {
    body: confirmPasswordRequestSchema,
    method: 'POST',
    path: '/api/user/two-factor-recovery-codes',
    response: recoveryCodesSchema,
  },
  updatePreferences: {
    method: 'PUT',
    path: '/api/user/preferences',
    body: updatePreferencesRequestSchema,
    response: userSchema,
  },
});

/** The event calls: the bell's list, one event with its output, cancelling one. */
export const eventRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/events',
    query: pageQuerySchema,
    response: paginatedSchema(eventSchema),
  },
  show: { method: 'GET', path: '/api/events/:event', response: eventResponseSchema },
  cancel: { method: 'POST', path: '/api/events/:event/cancel', response: z.object({ data: eventSchema }) },
});

export type ApiRouteName = keyof typeof apiRoutes;
export type ApiResponse<N extends ApiRouteName> = z.infer<(typeof apiRoutes)[N]['response']>;
