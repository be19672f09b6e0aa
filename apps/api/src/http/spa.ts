import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { sendRouteNotFound } from './error-handler.js';

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html never is, so a deploy is
 * picked up on the next navigation. Any other GET that wants HTML gets index.html (history
 * fallback); unknown /api paths get the JSON 404.
 */
export const spa = fp(async function spaPlugin(app: FastifyInstance, options: { distDir: string }) {
  const indexFile = path.join(options.distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    // Static files are public: mark every route the static plugin adds (the SPA's shell and
    // assets carry no data; the API behind them checks the session).
    await app.register(async (staticFiles) => {
      staticFiles.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), public: true };
      });
      await staticFiles.register(fastifyStatic, {
        root: options.distDir,
        index: false,
        wildcard: false,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(createReadStream(indexFile));

  if (hasBuild) app.get('/', { config: { public: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      hasBuild &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !path.extname(pathname);
    if (wantsPage) return sendIndex(reply);
    return sendRouteNotFound(request, reply);
  });
});
