import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes as routes } from '@hostdeck/contracts';
import { route } from '../http/route.js';
import type { AdminService } from './admin.service.js';

/** The admin area's calls (contracts `adminRoutes`); 404 for anyone who is not an administrator. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  route(app, routes.pendingScripts, {}, ({ user, query }) => admin.pendingScripts(user, query));
  route(app, routes.approveScript, {}, ({ user, params, body }) =>
    admin.approve(user, params.script, body.content_hash),
  );
  route(app, routes.rejectScript, {}, ({ user, params, body }) =>
    admin.reject(user, params.script, body.reason),
  );
  route(app, routes.users, {}, ({ user, query }) => admin.users(user, query));
  route(app, routes.servers, {}, ({ user, query }) => admin.servers(user, query));
};
