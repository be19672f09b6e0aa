import { defineArea } from '../area.js';
import { registerDatabaseImportTask } from './database-import-task.js';
import { databasesRoutes } from './databases.routes.js';
import { createDatabasesRepository } from './databases.repository.js';
import { createDatabasesService } from './databases.service.js';
import { databasesVi } from './databases.vi.js';

/** The databases of a server for the file manager: the list, and importing a dump (spec/000 §7). */
export const databasesArea = defineArea({
  name: 'databases',
  services: (panel) => {
    const repository = createDatabasesRepository(panel.db);
    return {
      databaseRepository: repository,
      databases: createDatabasesService({ policy: panel.policy, repository, events: panel.events }),
    };
  },
  routes: databasesRoutes,
  tasks: (hooks, { databaseRepository, agentSigner }) =>
    registerDatabaseImportTask({ hooks, repository: databaseRepository, signer: agentSigner }),
  messages: databasesVi,
});
