import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseRoutes as routes } from '@hostdeck/contracts/databases';
import { route } from '../http/route.js';
import type { DatabaseUsersService } from './database-users.service.js';
import type { DatabasesService } from './databases.service.js';
import { phpmyadminRoutes } from './phpmyadmin/phpmyadmin.routes.js';
import type { PhpmyadminService } from './phpmyadmin/phpmyadmin.service.js';

/**
 * The databases of a server (issue 15; spec/000 §7 databases, database users, `mysql`): HTTP
 * only, each route one service call; every rule is in the services.
 */
export const databasesRoutes: FastifyPluginAsyncZod<{
  databases: DatabasesService;
  databaseUsers: DatabaseUsersService;
  phpmyadmin: PhpmyadminService;
}> = async (app, { databases, databaseUsers, phpmyadmin }) => {
  await app.register(phpmyadminRoutes, { phpmyadmin });
  route(app, routes.list, {}, ({ user, params, query }) => databases.list(user, params.server, query.type));
  route(app, routes.create, { status: 201 }, ({ user, params, body }) =>
    databases.create(user, params.server, body),
  );
  route(app, routes.sync, {}, async ({ user, params, body }) => ({
    data: (await databases.sync(user, params.server, body.type)).databases,
  }));
  route(app, routes.delete, { status: 201 }, ({ user, params, body }) =>
    databases.remove(user, params.server, params.database, body),
  );
  route(app, routes.backup, { status: 201 }, ({ user, params }) =>
    databases.backup(user, params.server, params.database),
  );
  route(app, routes.download, {}, ({ user, params, body }) =>
    databases.download(user, params.server, params.database, body.file),
  );
  route(app, routes.deleteBackup, { status: 201 }, ({ user, params }) =>
    databases.deleteBackup(user, params.server, params.database, params.file),
  );
  route(app, routes.import, { status: 201 }, ({ user, params, body }) =>
    databases.startImport(user, params.server, params.database, body),
  );

  route(app, routes.users, {}, ({ user, params, query }) =>
    databaseUsers.list(user, params.server, query.type),
  );
  route(app, routes.createUser, { status: 201 }, ({ user, params, body }) =>
    databaseUsers.create(user, params.server, body),
  );
  route(app, routes.syncUsers, {}, async ({ user, params, body }) => ({
    data: (await databases.sync(user, params.server, body.type)).users,
  }));
  route(app, routes.changePassword, { status: 201 }, ({ user, params, body }) =>
    databaseUsers.changePassword(user, params.server, params.user, body),
  );
  route(app, routes.grant, { status: 201 }, ({ user, params, body }) =>
    databaseUsers.grant(user, params.server, params.user, body),
  );
  route(app, routes.deleteUser, { status: 201 }, ({ user, params }) =>
    databaseUsers.remove(user, params.server, params.user),
  );

  route(app, routes.settings, {}, ({ user, params, query }) =>
    databases.settings(user, params.server, query.type),
  );
  route(app, routes.applySettings, { status: 201 }, ({ user, params, body }) =>
    databases.applySettings(user, params.server, body),
  );
};
