import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import {
  normaliseReferralCode,
  REFERRAL_CODE_PATTERN,
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_DAYS,
} from '@hostdeck/contracts/referrals';
import { sendRouteNotFound } from './error-handler.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA. Vite names the files in assets/ by their content's hash, so they are cached
 * for a year; anything else (index.html, public/ files) is revalidated on every use (`no-cache`,
 * answered 304 by its ETag while unchanged), so a deploy is picked up on the next navigation. Any
 * other GET that wants HTML gets index.html (history fallback); unknown /api paths get the JSON 404.
 *
 * Compression: the web build writes a brotli and a gzip copy beside each file (`x.js.br`,
 * `x.js.gz`, scripts/lib/precompress.mjs) at maximum quality, and @fastify/static's `preCompressed`
 * sends the one Accept-Encoding prefers (br, then gzip, else the file), with `Vary:
 * Accept-Encoding`, the copy's own Content-Length and ETag, and Range counted in the copy's bytes.
 * That is the maintained plugin already serving these files, doing what nginx's `gzip_static`
 * does; compressing per request instead would spend CPU on every cold load, at lower quality, and
 * lose Content-Length.
 */
export const spa = fp(async function spaPlugin(
  app: FastifyInstance,
  options: { distDir: string; secureCookie?: boolean },
) {
  const hasBuild = existsSync(path.join(options.distDir, 'index.html'));
  if (hasBuild) {
    const shared: FastifyStaticOptions = {
      root: options.distDir,
      preCompressed: true,
      // Set below, per file; send's default (`public, max-age=0`) would only be overwritten.
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = path.relative(options.distDir, filePath).startsWith(`assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    };
    // reply.sendFile for index.html (at / and as the history fallback), negotiated like any file.
    await app.register(fastifyStatic, { ...shared, serve: false });
    // Static files are public and sessionless: mark every route the static plugin adds (the SPA's
    // shell and assets carry no data; the API behind them checks the session).
    await app.register(async (staticFiles) => {
      staticFiles.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), public: true, sessionless: true };
      });
      await staticFiles.register(fastifyStatic, {
        ...shared,
        index: false,
        wildcard: false,
        decorateReply: false,
        // The copies are reached through their file's URL only, never as files of their own.
        globIgnore: ['**/*.br', '**/*.gz'],
      });
    });
  }

  // A page opened with `?ref=CODE` (a referral link, docs/referrals.md) keeps the code 60 days in
  // an HttpOnly cookie; the registration reads it. No script of the page needs to.
  const sendIndex = (reply: FastifyReply, request: FastifyRequest) => {
    const ref = (request.query as Record<string, unknown> | undefined)?.ref;
    if (typeof ref === 'string' && REFERRAL_CODE_PATTERN.test(normaliseReferralCode(ref))) {
      reply.setCookie(REFERRAL_COOKIE, normaliseReferralCode(ref), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookie,
        maxAge: REFERRAL_COOKIE_DAYS * 24 * 60 * 60,
      });
    }
    return reply.sendFile('index.html');
  };

  if (hasBuild) app.get('/', { config: { public: true } }, (request, reply) => sendIndex(reply, request));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      hasBuild &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      // `/servers/{server}/php8.3` is a page (spec/000 §2: it redirects to the PHP page), not a file.
      (!path.extname(pathname) || /^\/servers\/[^/]+\/php\d+\.\d+\/?$/.test(pathname));
    if (wantsPage) return sendIndex(reply, request);
    return sendRouteNotFound(request, reply);
  });
});
