import { EVENT_STATUS, UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import {
  DATABASE_EVENT_PREFIX,
  DATABASE_EVENT_TYPES,
  type DatabaseEventDescriptionId,
} from '@hostdeck/contracts/databases';
import { parseDatabaseDumpOutput } from '@hostdeck/recipes/databases';
import type { DatabaseGrantRecord } from '../database/schema/databases.js';
import type { EventRow } from '../events/events.repository.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import type { DatabasesRepository } from './databases.repository.js';

/** events.model_type of the area's events: model_id is the database, or the database user. */
export const DATABASE_MODEL_TYPE = 'database';
export const DATABASE_USER_MODEL_TYPE = 'database_user';

/**
 * The purpose database passwords are sealed for (secret box), the same as a site's database
 * password (sites/site-dependencies.ts), so a site's user found by a sync keeps its password.
 */
export const DATABASE_PASSWORD_PURPOSE = 'databases.password';

export const DATABASE_ROW_STATUS = {
  creating: 'creating',
  active: 'active',
  deleting: 'deleting',
  gone: 'gone',
} as const;

/** The Update-data keys of the area (spec/000 §4). */
export const DATABASE_UPDATE_KEYS: readonly UpdateKey[] = [UPDATE_KEYS.databases, UPDATE_KEYS.databaseUsers];

/** What a grant event's description id says it gives. */
const GRANT_ACCESS: Partial<Record<DatabaseEventDescriptionId, DatabaseGrantRecord['access'] | 'none'>> = {
  grantDatabaseAll: 'all',
  grantDatabaseRead: 'read',
  revokeDatabaseAccess: 'none',
};

/** `grants` with `database` set to `access` (`none`: without it), by database name. */
export function withGrant(
  grants: readonly DatabaseGrantRecord[],
  database: string,
  access: DatabaseGrantRecord['access'] | 'none',
): DatabaseGrantRecord[] {
  const others = grants.filter((grant) => grant.database !== database);
  const next = access === 'none' ? others : [...others, { database, access }];
  return next.sort((a, b) => a.database.localeCompare(b.database));
}

const text = (values: unknown, key: string): string | null => {
  const value = (values as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : null;
};

/**
 * Settles the rows an event of the area was about, whatever way it ended (job runner, reaper,
 * cancel before start: jobs/finish-event.ts), so nothing stays creating or deleting: a created
 * row becomes active or is removed, a deleted one is removed or active again, a user's grants and
 * password change only when the server did. What the handler needs beyond the row ids is in the
 * event's description values (its sealed input is cleared when it ends).
 */
export function registerDatabaseEventHandlers(
  hooks: Pick<EventHooks, 'onFinished'>,
  repository: DatabasesRepository,
) {
  async function settle(event: EventRow): Promise<void> {
    const passed = event.status === EVENT_STATUS.finished;
    const serverId = event.serverId;
    const modelId = event.modelId;
    if (serverId === null || modelId === null) return;
    const values = event.descriptionValues;

    if (event.modelType === DATABASE_MODEL_TYPE) {
      const database = await repository.findOnServer(serverId, modelId);
      if (!database) return;
      switch (event.type) {
        case DATABASE_EVENT_TYPES.create: {
          const userName = text(values, 'user');
          const user = userName
            ? await repository.findUserByName(serverId, database.type, userName, text(values, 'host') ?? '')
            : null;
          if (passed) {
            await repository.updateDatabase(database.id, { status: DATABASE_ROW_STATUS.active });
            if (user) {
              await repository.updateUser(user.id, {
                status: DATABASE_ROW_STATUS.active,
                grants: withGrant(user.grants, database.name, 'all'),
              });
            }
          } else {
            if (database.status === DATABASE_ROW_STATUS.creating)
              await repository.deleteDatabase(database.id);
            if (user?.status === DATABASE_ROW_STATUS.creating) await repository.deleteUser(user.id);
          }
          return;
        }
        case DATABASE_EVENT_TYPES.delete: {
          if (!passed) {
            await repository.updateDatabase(database.id, { status: DATABASE_ROW_STATUS.active });
            return;
          }
          await repository.deleteDatabase(database.id);
          // Its grants went with it on the server.
          for (const user of await repository.listUsers(serverId, database.type)) {
            if (user.grants.some((grant) => grant.database === database.name)) {
              await repository.updateUser(user.id, { grants: withGrant(user.grants, database.name, 'none') });
            }
          }
          return;
        }
        case DATABASE_EVENT_TYPES.backup: {
          const dump = passed ? parseDatabaseDumpOutput(event.output) : null;
          if (!dump) return;
          const createdAt = Math.floor((event.finishedAt ?? new Date()).getTime() / 1000);
          const others = database.dumps.filter((known) => known.file !== dump.file);
          await repository.updateDatabase(database.id, {
            dumps: [{ file: dump.file, size: dump.size, createdAt }, ...others],
          });
          return;
        }
        case DATABASE_EVENT_TYPES.deleteBackup: {
          const file = text(values, 'file');
          if (!passed || !file) return;
          await repository.updateDatabase(database.id, {
            dumps: database.dumps.filter((known) => known.file !== file),
          });
          return;
        }
        default:
          return;
      }
    }

    if (event.modelType === DATABASE_USER_MODEL_TYPE) {
      const user = await repository.findUserOnServer(serverId, modelId);
      if (!user) return;
      switch (event.type) {
        case DATABASE_EVENT_TYPES.createUser:
          if (passed) await repository.updateUser(user.id, { status: DATABASE_ROW_STATUS.active });
          else if (user.status === DATABASE_ROW_STATUS.creating) await repository.deleteUser(user.id);
          return;
        case DATABASE_EVENT_TYPES.deleteUser:
          if (passed) await repository.deleteUser(user.id);
          else await repository.updateUser(user.id, { status: DATABASE_ROW_STATUS.active });
          return;
        case DATABASE_EVENT_TYPES.changePassword:
          await repository.updateUser(user.id, {
            pendingSealedPassword: null,
            ...(passed && user.pendingSealedPassword ? { sealedPassword: user.pendingSealedPassword } : {}),
          });
          return;
        case DATABASE_EVENT_TYPES.grant: {
          const database = text(values, 'database');
          const access = event.descriptionId
            ? GRANT_ACCESS[event.descriptionId as DatabaseEventDescriptionId]
            : undefined;
          if (!passed || !database || !access) return;
          await repository.updateUser(user.id, { grants: withGrant(user.grants, database, access) });
          return;
        }
        default:
          return;
      }
    }
  }

  hooks.onFinished(DATABASE_EVENT_PREFIX, async (event) => {
    await settle(event);
    return DATABASE_UPDATE_KEYS;
  });
}
