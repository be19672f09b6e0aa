import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@hostdeck/contracts';
import { buildAppInfo, type AppInfoSettings } from './info.service.js';

export const infoRoutes: FastifyPluginAsyncZod<{ settings: AppInfoSettings }> = async (app, options) => {
  app.get(
    apiRoutes.info.path,
    { schema: { response: { 200: apiRoutes.info.response } }, config: { public: true } },
    async (request) => buildAppInfo(options.settings, request.locale, null),
  );
};
