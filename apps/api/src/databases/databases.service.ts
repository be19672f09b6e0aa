import {
  DATABASE_IMPORT_EVENT_TYPE,
  type DatabaseImportBody,
  DATABASE_EVENT_TYPES,
  DATABASE_MESSAGES,
  isDumpOfDatabase,
  type ApplyDatabaseSettingsBody,
  type CreateDatabaseBody,
  type Database as DatabaseItem,
  type DatabaseEngine,
  type DatabaseSettings,
  type MysqlEngine,
} from '@hostdeck/contracts/databases';
import {
  databaseCreate,
  databaseDrop,
  databaseDump,
  databaseDumpDelete,
  databaseInventory,
  databaseSettings,
  databaseSettingsApply,
  parseDatabaseInventory,
  parseDatabaseSettings,
  toPasswordHex,
} from '@hostdeck/recipes/databases';
import { agentPublicEndpoint } from '../agent/agent-endpoint.js';
import { NotFoundError } from '../domain/errors.js';
import { presentEvent } from '../events/event-presenter.js';
import type { Caller } from '../policy/server-policy.js';
import { DATABASE_IMPORT_TASK, type DatabaseImportTaskInput } from './database-import-task.js';
import {
  announceDatabases,
  DatabaseError,
  ENGINE_LABELS,
  fieldError,
  newPassword,
  presentDatabase,
  recipeHost,
  requireConnected,
  requireSettled,
  storedHost,
  type DatabasesDependencies,
} from './database-common.js';
import { DATABASE_MODEL_TYPE, DATABASE_PASSWORD_PURPOSE, DATABASE_ROW_STATUS } from './database-events.js';
import { reconcileInventory, type SyncResult } from './database-sync.js';
import { dumpDownloadUrl, dumpPath } from './dump-download.js';

export { DATABASE_MODEL_TYPE } from './database-events.js';
export { DatabaseError } from './database-common.js';

/**
 * The databases of a server (issue 15; spec/000 §7 databases, `mysql`): the panel's rows, the
 * actions that each run a `database-*` recipe as an event (rows are `creating`/`deleting` until it
 * ends, database-events.ts settles them), the synchronous sync, dumps and imports. Another user's
 * server, and a database of another server, answer 404.
 */
export function createDatabasesService(dependencies: DatabasesDependencies) {
  const { policy, repository, events } = dependencies;
  const now = dependencies.now ?? (() => new Date());

  async function findDatabase(serverId: number, databaseId: number) {
    const database = await repository.findWithSite(serverId, databaseId);
    if (!database) throw new NotFoundError();
    return database;
  }

  /** Reads the engine from the server and makes the rows say the same (database-sync.ts). */
  async function sync(caller: Caller, serverId: number, engine: DatabaseEngine): Promise<SyncResult> {
    await policy.authorizeServer(caller, serverId, 'manage');
    await requireConnected(dependencies, serverId);
    const inventory = await dependencies.inventory.read(
      serverId,
      databaseInventory,
      { engine },
      parseDatabaseInventory,
    );
    // A stopped or missing engine lists nothing: that is not "every database was dropped".
    if (!inventory.engine.installed) throw new DatabaseError(DATABASE_MESSAGES.engineNotInstalled);
    if (!inventory.engine.active) throw new DatabaseError(DATABASE_MESSAGES.engineNotRunning);
    const result = await reconcileInventory(repository, serverId, engine, inventory, now());
    await announceDatabases(dependencies, serverId);
    return result;
  }

  return {
    sync,

    /** GET api/servers/{server}/databases: the panel's rows (no SSH); the file manager's list too. */
    async list(caller: Caller, serverId: number, type?: string): Promise<{ data: DatabaseItem[] }> {
      await policy.authorizeServer(caller, serverId, 'view');
      return { data: (await repository.listForServer(serverId, type)).map(presentDatabase) };
    },

    /**
     * POST api/servers/{server}/databases: the database, and a user with every privilege on it
     * when asked. The password is the caller's or 20 generated characters, answered once (only
     * when generated), sealed at rest, on stdin to the server.
     */
    async create(caller: Caller, serverId: number, body: CreateDatabaseBody) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const engine = body.type;
      const existing = await repository.findByName(serverId, engine, body.name);
      if (existing && existing.status !== DATABASE_ROW_STATUS.gone) {
        throw fieldError('name', DATABASE_MESSAGES.databaseExists);
      }
      const host = body.user ? storedHost(engine, body.user.host) : '';
      if (body.user) {
        const user = await repository.findUserByName(serverId, engine, body.user.name, host);
        if (user && user.status !== DATABASE_ROW_STATUS.gone) {
          throw fieldError('user.name', DATABASE_MESSAGES.userExists);
        }
        if (user) await repository.deleteUser(user.id);
      }
      // A gone row of that name is the one created again.
      if (existing) await repository.deleteDatabase(existing.id);
      const password = body.user ? (body.user.password ?? newPassword(dependencies)) : undefined;
      const database = await repository.insertDatabase({
        serverId,
        type: engine,
        name: body.name,
        status: DATABASE_ROW_STATUS.creating,
        managed: true,
      });
      if (!database) throw fieldError('name', DATABASE_MESSAGES.databaseExists);
      const user =
        body.user && password !== undefined
          ? await repository.insertUser({
              serverId,
              type: engine,
              name: body.user.name,
              host,
              status: DATABASE_ROW_STATUS.creating,
              managed: true,
              sealedPassword: dependencies.secretBox.seal(password, DATABASE_PASSWORD_PURPOSE),
            })
          : null;
      try {
        if (body.user && !user) throw fieldError('user.name', DATABASE_MESSAGES.userExists);
        const event = await events.startRecipe({
          userId: caller.id,
          serverId,
          recipeId: databaseCreate.id,
          input: {
            engine,
            name: body.name,
            ...(body.user && password !== undefined
              ? { user: body.user.name, ...recipeHost(engine, host), password_hex: toPasswordHex(password) }
              : {}),
          },
          type: DATABASE_EVENT_TYPES.create,
          description: body.user
            ? { id: 'createDatabaseWithUser', values: { database: body.name, user: body.user.name, host } }
            : { id: 'createDatabase', values: { database: body.name } },
          modelId: database.id,
          modelType: DATABASE_MODEL_TYPE,
        });
        await announceDatabases(dependencies, serverId, event.audience);
        return {
          data: {
            id: event.id,
            database: presentDatabase({ ...database, siteName: null }),
            ...(body.user && body.user.password === undefined ? { password } : {}),
          },
        };
      } catch (error) {
        // Nothing was started: the request leaves no row behind.
        await repository.deleteDatabase(database.id);
        if (user) await repository.deleteUser(user.id);
        throw error;
      }
    },

    /** DELETE api/servers/{server}/databases/{database}: the caller typed its name; users stay. */
    async remove(caller: Caller, serverId: number, databaseId: number, body: { name: string }) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const database = await findDatabase(serverId, databaseId);
      if (body.name !== database.name) throw fieldError('name', DATABASE_MESSAGES.nameMismatch);
      requireSettled(database);
      await repository.updateDatabase(database.id, { status: DATABASE_ROW_STATUS.deleting });
      try {
        const event = await events.startRecipe({
          userId: caller.id,
          serverId,
          siteId: database.siteId,
          recipeId: databaseDrop.id,
          input: { engine: database.type, name: database.name },
          type: DATABASE_EVENT_TYPES.delete,
          description: { id: 'deleteDatabase', values: { database: database.name } },
          modelId: database.id,
          modelType: DATABASE_MODEL_TYPE,
        });
        await announceDatabases(dependencies, serverId, event.audience);
        return { data: { id: event.id } };
      } catch (error) {
        await repository.updateDatabase(database.id, { status: database.status });
        throw error;
      }
    },

    /** POST …/databases/{database}/backup: a compressed dump on the server (database-dump). */
    async backup(caller: Caller, serverId: number, databaseId: number) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const database = await findDatabase(serverId, databaseId);
      requireSettled(database);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId,
        siteId: database.siteId,
        recipeId: databaseDump.id,
        input: { engine: database.type, name: database.name },
        type: DATABASE_EVENT_TYPES.backup,
        description: { id: 'backUpDatabase', values: { database: database.name } },
        modelId: database.id,
        modelType: DATABASE_MODEL_TYPE,
      });
      return { data: { id: event.id } };
    },

    /** DELETE …/databases/{database}/backups/{file}: one of its dumps. */
    async deleteBackup(caller: Caller, serverId: number, databaseId: number, file: string) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const database = await findDatabase(serverId, databaseId);
      if (!isDumpOfDatabase(file, database.name)) throw fieldError('file', DATABASE_MESSAGES.dumpNotFound);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId,
        siteId: database.siteId,
        recipeId: databaseDumpDelete.id,
        input: { engine: database.type, file },
        type: DATABASE_EVENT_TYPES.deleteBackup,
        description: { id: 'deleteDatabaseBackup', values: { file, database: database.name } },
        modelId: database.id,
        modelType: DATABASE_MODEL_TYPE,
      });
      return { data: { id: event.id } };
    },

    /**
     * POST …/databases/{database}/download: a single-use agent link (60 s, `files:download`,
     * confined to that dump: dump-download.ts) for one of the database's dumps.
     */
    async download(caller: Caller, serverId: number, databaseId: number, file: string) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const database = await findDatabase(serverId, databaseId);
      if (!isDumpOfDatabase(file, database.name)) throw fieldError('file', DATABASE_MESSAGES.dumpNotFound);
      const server = await repository.agentOf(serverId);
      if (!server || server.agentVersion === null) throw new DatabaseError(DATABASE_MESSAGES.agentMissing);
      const target = { id: server.id, ip: server.ip };
      const url = dumpDownloadUrl({
        signer: dependencies.signer,
        server: target,
        path: dumpPath(database.type, file),
        endpoint: await agentPublicEndpoint(dependencies.db, target),
      });
      return { data: { url } };
    },

    /**
     * POST …/databases/{database}/import: an import_database event whose task
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

    /** GET api/servers/{server}/mysql?type=: the settings as the running server has them. */
    async settings(caller: Caller, serverId: number, type: MysqlEngine): Promise<{ data: DatabaseSettings }> {
      await policy.authorizeServer(caller, serverId, 'view');
      await requireConnected(dependencies, serverId);
      const settings = await dependencies.inventory.read(
        serverId,
        databaseSettings,
        { engine: type },
        parseDatabaseSettings,
      );
      return { data: { type, ...settings } };
    },

    /** POST api/servers/{server}/mysql: applied, checked, rolled back when the server does not come back. */
    async applySettings(caller: Caller, serverId: number, body: ApplyDatabaseSettingsBody) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const { type, ...settings } = body;
      const event = await events.startRecipe({
        userId: caller.id,
        serverId,
        recipeId: databaseSettingsApply.id,
        input: { engine: type, ...settings },
        type: DATABASE_EVENT_TYPES.settings,
        description: { id: 'applyDatabaseSettings', values: { engine: ENGINE_LABELS[type] ?? type } },
      });
      return { data: { id: event.id } };
    },
  };
}
export type DatabasesService = ReturnType<typeof createDatabasesService>;
