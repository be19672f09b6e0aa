import {
  DATABASE_IMPORT_EVENT_TYPE,
  DATABASE_MESSAGES,
  ERROR_IDS,
  type DatabaseImportBody,
  type ServerDatabase,
} from '@hostdeck/contracts';
import { presentEvent } from '../events/event-presenter.js';
import type { EventsService } from '../events/events.service.js';
import { DomainError, NotFoundError } from '../domain/errors.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import { DATABASE_IMPORT_TASK, type DatabaseImportTaskInput } from './database-import-task.js';
import type { DatabasesRepository } from './databases.repository.js';

/** events.model_type of an import (model_id is the database). */
export const DATABASE_MODEL_TYPE = 'database';

/** A request the server cannot serve as it is (422, shown as the message). */
export class DatabaseError extends DomainError {
  readonly status = 422;
  readonly id = ERROR_IDS.validation;
}

export interface DatabasesServiceDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  repository: Pick<DatabasesRepository, 'listForServer' | 'findOnServer' | 'agentOf'>;
  events: Pick<EventsService, 'startTask'>;
}

/**
 * The databases of a server as the file manager uses them (spec/000 §7 databases, spec/001 §2
 * import database). Another user's server, and a database of another server, answer 404.
 */
export function createDatabasesService(dependencies: DatabasesServiceDependencies) {
  const { policy, repository, events } = dependencies;

  return {
    /** GET api/servers/{server}/databases: id, type and name of each (spec/001 §3 Database). */
    async list(caller: Caller, serverId: number): Promise<{ data: ServerDatabase[] }> {
      await policy.authorizeServer(caller, serverId, 'view');
      return { data: await repository.listForServer(serverId) };
    },

    /**
     * POST api/servers/{server}/databases/{database}/import: an import_database event whose task
     * (database-import-task.ts) has the server's agent stream the dump into the database.
     */
    async startImport(caller: Caller, serverId: number, databaseId: number, body: DatabaseImportBody) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const database = await repository.findOnServer(serverId, databaseId);
      if (!database) throw new NotFoundError();
      const server = await repository.agentOf(serverId);
      // Said now rather than as a failed event that could not connect to port 2022.
      if (!server || server.agentVersion === null) throw new DatabaseError(DATABASE_MESSAGES.agentMissing);
      const input: DatabaseImportTaskInput = {
        database_id: database.id,
        path: body.path,
        remove: body.remove,
      };
      const event = await events.startTask({
        userId: caller.id,
        serverId,
        siteId: database.siteId,
        task: DATABASE_IMPORT_TASK,
        input,
        type: DATABASE_IMPORT_EVENT_TYPE,
        description: { id: 'importDatabase', values: { database: database.name } },
        modelId: database.id,
        modelType: DATABASE_MODEL_TYPE,
      });
      return { data: presentEvent(event, null) };
    },
  };
}
export type DatabasesService = ReturnType<typeof createDatabasesService>;
