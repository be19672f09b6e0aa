import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_LIFETIME_MS } from '../auth/sessions.repository.js';
import { accountRoutes } from '@hostdeck/contracts';
import { PENDING_LOGIN_TTL_MS, type ClientInfo } from './sign-in.service.js';

/** Between password and two-factor code (sign-in.service.ts); sent to the challenge route only. */
export const PENDING_LOGIN_COOKIE = 'hostdeck_two_factor';

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (other sites' requests do not
 * carry it on POST), Secure when the panel is served over https. Without "remember me" it ends
 * with the browser; with it, it lasts as long as the session row.
 */
export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  options: { secure: boolean; remember: boolean },
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    ...(options.remember ? { maxAge: SESSION_LIFETIME_MS / 1000 } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, options: { secure: boolean }) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure });
}

export function setPendingLoginCookie(reply: FastifyReply, token: string, options: { secure: boolean }) {
  reply.setCookie(PENDING_LOGIN_COOKIE, token, {
    path: accountRoutes.twoFactorChallenge.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    maxAge: PENDING_LOGIN_TTL_MS / 1000,
  });
}

export function clearPendingLoginCookie(reply: FastifyReply, options: { secure: boolean }) {
  reply.clearCookie(PENDING_LOGIN_COOKIE, {
    path: accountRoutes.twoFactorChallenge.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
  });
}

/** What a session records about the browser that started it (the session list shows it). */
export function clientOf(request: FastifyRequest): ClientInfo {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
