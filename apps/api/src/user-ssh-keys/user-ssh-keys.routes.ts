import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSshKeyRoutes as routes } from '@hostdeck/contracts/user-ssh-keys';
import { route } from '../http/route.js';
import type { UserSshKeysService } from './user-ssh-keys.service.js';

/** The account's SSH keys and `api/generate-ssh-key` (contracts `userSshKeyRoutes`). */
export const userSshKeysRoutes: FastifyPluginAsyncZod<{ userSshKeys: UserSshKeysService }> = async (
  app,
  { userSshKeys },
) => {
  route(app, routes.list, {}, async ({ user }) => ({ data: await userSshKeys.list(user) }));
  route(app, routes.create, { status: 201 }, async ({ user, body }) => ({
    data: await userSshKeys.create(user, body),
  }));
  route(app, routes.destroy, {}, ({ user, params }) => userSshKeys.remove(user, params.sshKey));
  route(app, routes.addToServers, { status: 201 }, async ({ user, params, body }) => ({
    data: { events: await userSshKeys.addToServers(user, params.sshKey, body) },
  }));
  route(app, routes.removeFromAll, { status: 201 }, async ({ user, params }) => ({
    data: { events: await userSshKeys.removeFromAll(user, params.sshKey) },
  }));
  route(app, routes.generate, {}, () => userSshKeys.generate());
};
