import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale } from '@hostdeck/contracts';
import { localeFromHeader } from '../i18n/translate.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language: Accept-Language (the browser sends the chosen locale, §7). */
    locale: Locale;
  }
}

export const localePlugin = fp(async function locale(app: FastifyInstance, options: { fallback: Locale }) {
  app.decorateRequest('locale', options.fallback);
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromHeader(request.headers['accept-language'], options.fallback);
  });
});
