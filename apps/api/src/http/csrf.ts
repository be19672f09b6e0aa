import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, CSRF_HEADER } from '@hostdeck/contracts';
import { CsrfError } from '../domain/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for endpoints called by other machines with their own authentication (webhooks, partners). */
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF protection. The panel sets a readable `XSRF-TOKEN` cookie (SameSite=Lax) whose
 * value is signed with APP_KEY, so a cookie planted from a sibling domain cannot be forged; every
 * state-changing request must echo it in `X-XSRF-TOKEN`. Another site can neither read the cookie
 * nor set the header. A mismatch answers 419, which the browser handles by reloading (§8).
 */
export const csrfProtection = fp(async function csrf(
  app: FastifyInstance,
  options: { key: Buffer; secureCookie: boolean },
) {
  const sign = (nonce: string) =>
    createHmac('sha256', options.key).update(`csrf:${nonce}`).digest('base64url');
  // Tokens already found genuine, so a browser's token is signed once, not on every request
  // (bench/api-lists.bench.ts); bounded, and cleared when full.
  const genuine = new Set<string>();
  const isGenuine = (token: string) => {
    if (genuine.has(token)) return true;
    const [nonce, signature] = token.split('.');
    if (!nonce || !signature || !safeEqual(signature, sign(nonce))) return false;
    if (genuine.size >= 10_000) genuine.clear();
    genuine.add(token);
    return true;
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie || !isGenuine(cookie)) {
      const nonce = randomBytes(24).toString('base64url');
      reply.setCookie(CSRF_COOKIE, `${nonce}.${sign(nonce)}`, {
        path: '/',
        sameSite: 'lax',
        secure: options.secureCookie,
        httpOnly: false,
      });
    }
    // A token's call carries no cookie a forged page could ride on: CSRF is a session's risk.
    if (request.apiToken) return;
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !isGenuine(cookie) || !safeEqual(header, cookie)) {
      throw new CsrfError();
    }
  });
});

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
