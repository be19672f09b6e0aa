import { DATABASE_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/databases';
import { databaseRecipes } from '@hostdeck/recipes/databases';
import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import type { DatabasesDependencies } from './database-common.js';
import { DATABASE_UPDATE_KEYS, registerDatabaseEventHandlers } from './database-events.js';
import { registerDatabaseImportTask } from './database-import-task.js';
import { createDatabaseUsersService } from './database-users.service.js';
import { databasesRoutes } from './databases.routes.js';
import { createDatabasesRepository } from './databases.repository.js';
import { createDatabasesService } from './databases.service.js';
import { databasesVi } from './databases.vi.js';
import { DATABASE_PASSWORD_PURPOSE } from './database-events.js';
import { registerPhpmyadminInstalled } from './phpmyadmin/phpmyadmin-events.js';
import { createPhpmyadminServices } from './phpmyadmin/phpmyadmin.services.js';

/**
 * The databases of a server (issue 15): databases and users of each engine, dumps, imports and
 * the MySQL/MariaDB settings; every change a `database_*` recipe event whose end settles the rows.
 */
export const databasesArea = defineArea({
  name: 'databases',
  services: (panel) => {
    const repository = createDatabasesRepository(panel.db);
    const dependencies: DatabasesDependencies = {
      db: panel.db,
      policy: panel.policy,
      repository,
      servers: panel.servers,
      events: panel.events,
      inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
      secretBox: panel.secretBox,
      signer: panel.agentSigner,
      publish: panel.publish,
    };
    return {
      databaseRepository: repository,
      databases: createDatabasesService(dependencies),
      databaseUsers: createDatabaseUsersService(dependencies),
      ...createPhpmyadminServices(panel, {
        async findDatabaseUser(serverId, id) {
          const user = await repository.findUserOnServer(serverId, id);
          if (!user || user.status !== 'active') return null;
          const password = user.sealedPassword
            ? panel.secretBox.open(user.sealedPassword, DATABASE_PASSWORD_PURPOSE)
            : null;
          return { type: user.type, name: user.name, password };
        },
      }),
    };
  },
  routes: databasesRoutes,
  tasks: (hooks, { databaseRepository, agentSigner }) =>
    registerDatabaseImportTask({ hooks, repository: databaseRepository, signer: agentSigner }),
  onFinished: (hooks, { databaseRepository, db }) => {
    registerDatabaseEventHandlers(hooks, databaseRepository);
    registerPhpmyadminInstalled(hooks, db);
  },
  updateKeys: DATABASE_UPDATE_KEYS,
  recipes: databaseRecipes,
  eventDescriptions: DATABASE_EVENT_DESCRIPTIONS,
  messages: databasesVi,
});
