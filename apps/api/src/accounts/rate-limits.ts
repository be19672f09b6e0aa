import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { PENDING_LOGIN_COOKIE } from './session-cookies.js';
import { readSignedToken } from './signed-token.js';

const MINUTE = 60_000;

/**
 * Limits of the account routes (SECURITY.md: sign-in, reset and verification are rate-limited).
 * Over the limit the answer is 429 'Too Many Attempts.' with `x-ratelimit-reset` and
 * `retry-after`, from which the browser adds 'Please try again after N seconds' (spec/000 §8).
 * Keys that read the body run at preHandler, after validation, when the body is canonical
 * (trimmed email): spaces or capitals cannot buy a fresh allowance.
 */
const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};
const userOf = (request: FastifyRequest) => String(request.user?.id ?? request.ip);

export const ACCOUNT_RATE_LIMITS = {
  /** Five attempts a minute per account and address, as Laravel Fortify does. */
  login: {
    max: 5,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => `login|${emailOf(request)}|${request.ip}`,
  },
  /**
   * Per pending user, whatever the address: guessing codes needs the password already, and then
   * six tries a minute keeps a guess far from likely.
   */
  twoFactorChallenge: {
    max: 6,
    timeWindow: MINUTE,
    keyGenerator: (request) => {
      const cookie = request.cookies[PENDING_LOGIN_COOKIE];
      const userId = cookie ? readSignedToken(cookie, 2)?.[0] : undefined;
      return userId ? `two-factor|${userId}` : `two-factor|${request.ip}`;
    },
  },
  /** Generous: it only caps scripted sign-ups (and the verification mail each one sends). */
  register: { max: 30, timeWindow: MINUTE, keyGenerator: (request) => `register|${request.ip}` },
  /** Per address: nobody can fill a mailbox with reset links. */
  forgotPassword: {
    max: 6,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => `forgot|${emailOf(request)}`,
  },
  resetPassword: { max: 6, timeWindow: MINUTE, keyGenerator: (request) => `reset|${request.ip}` },
  /**
   * Per account the token names (the signature cannot be guessed anyway; this caps the work one
   * account's links can cause), per address for tokens that name none.
   */
  verifyEmail: {
    max: 6,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (request) => {
      const token = (request.body as { token?: unknown } | undefined)?.token;
      const userId = typeof token === 'string' ? readSignedToken(token, 1)?.[0] : undefined;
      return userId && /^\d{1,10}$/.test(userId) ? `verify|user:${userId}` : `verify|${request.ip}`;
    },
  },
  resendVerification: {
    max: 6,
    timeWindow: MINUTE,
    keyGenerator: (request) => `verification-mail|${userOf(request)}`,
  },
  /** Actions that ask for the password again: not a way around the sign-in limit. */
  passwordConfirmation: {
    max: 6,
    timeWindow: MINUTE,
    keyGenerator: (request) => `confirm-password|${userOf(request)}`,
  },
} satisfies Record<string, RateLimitOptions>;
