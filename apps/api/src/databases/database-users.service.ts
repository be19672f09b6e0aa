import {
  DATABASE_EVENT_TYPES,
  DATABASE_MESSAGES,
  type CreateDatabaseUserBody,
  type DatabaseEventDescriptionId,
  type DatabaseUser as DatabaseUserItem,
  type GrantDatabaseAccessBody,
} from '@hostdeck/contracts/databases';
import {
  databaseGrant,
  databaseUserCreate,
  databaseUserDrop,
  databaseUserPassword,
  toPasswordHex,
} from '@hostdeck/recipes/databases';
import { ConflictError, NotFoundError } from '../domain/errors.js';
import type { Caller } from '../policy/server-policy.js';
import {
  announceDatabases,
  fieldError,
  newPassword,
  presentDatabaseUser,
  recipeHost,
  requireSettled,
  storedHost,
  type DatabasesDependencies,
} from './database-common.js';
import {
  DATABASE_PASSWORD_PURPOSE,
  DATABASE_ROW_STATUS,
  DATABASE_USER_MODEL_TYPE,
} from './database-events.js';

const GRANT_DESCRIPTIONS: Record<GrantDatabaseAccessBody['access'], DatabaseEventDescriptionId> = {
  all: 'grantDatabaseAll',
  read: 'grantDatabaseRead',
  none: 'revokeDatabaseAccess',
};

/**
 * The database users of a server (issue 15; spec/000 §7 database users): create, change the
 * password, grant or revoke access, delete, each an event on the user's row. A password given
 * by the caller is never answered; a generated one is answered once. Another user's server, and
 * a user of another server, answer 404.
 */
export function createDatabaseUsersService(dependencies: DatabasesDependencies) {
  const { policy, repository, events } = dependencies;
  const seal = (password: string) => dependencies.secretBox.seal(password, DATABASE_PASSWORD_PURPOSE);

  async function findUser(serverId: number, userId: number) {
    const user = await repository.findUserOnServer(serverId, userId);
    if (!user) throw new NotFoundError();
    return user;
  }

  return {
    /** GET api/servers/{server}/database-users: the panel's rows (no SSH), never a password. */
    async list(caller: Caller, serverId: number, type?: string): Promise<{ data: DatabaseUserItem[] }> {
      await policy.authorizeServer(caller, serverId, 'view');
      return { data: (await repository.listUsers(serverId, type)).map(presentDatabaseUser) };
    },

    /** POST api/servers/{server}/database-users. */
    async create(caller: Caller, serverId: number, body: CreateDatabaseUserBody) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const engine = body.type;
      const host = storedHost(engine, body.host);
      const existing = await repository.findUserByName(serverId, engine, body.name, host);
      if (existing && existing.status !== DATABASE_ROW_STATUS.gone) {
        throw fieldError('name', DATABASE_MESSAGES.userExists);
      }
      if (existing) await repository.deleteUser(existing.id);
      const password = body.password ?? newPassword(dependencies);
      const user = await repository.insertUser({
        serverId,
        type: engine,
        name: body.name,
        host,
        status: DATABASE_ROW_STATUS.creating,
        managed: true,
        sealedPassword: seal(password),
      });
      if (!user) throw fieldError('name', DATABASE_MESSAGES.userExists);
      try {
        const event = await events.startRecipe({
          userId: caller.id,
          serverId,
          recipeId: databaseUserCreate.id,
          input: {
            engine,
            name: body.name,
            ...recipeHost(engine, host),
            password_hex: toPasswordHex(password),
          },
          type: DATABASE_EVENT_TYPES.createUser,
          description: { id: 'createDatabaseUser', values: { user: body.name } },
          modelId: user.id,
          modelType: DATABASE_USER_MODEL_TYPE,
        });
        await announceDatabases(dependencies, serverId, event.audience);
        return {
          data: {
            id: event.id,
            user: presentDatabaseUser(user),
            ...(body.password === undefined ? { password } : {}),
          },
        };
      } catch (error) {
        await repository.deleteUser(user.id);
        throw error;
      }
    },

    /** PUT …/database-users/{user}/password: kept aside (sealed) until the server took it. */
    async changePassword(caller: Caller, serverId: number, userId: number, body: { password?: string }) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const user = await findUser(serverId, userId);
      requireSettled(user);
      if (user.pendingSealedPassword !== null) throw new ConflictError(DATABASE_MESSAGES.busy);
      const password = body.password ?? newPassword(dependencies);
      await repository.updateUser(user.id, { pendingSealedPassword: seal(password) });
      try {
        const event = await events.startRecipe({
          userId: caller.id,
          serverId,
          recipeId: databaseUserPassword.id,
          input: {
            engine: user.type,
            name: user.name,
            ...recipeHost(user.type, user.host),
            password_hex: toPasswordHex(password),
          },
          type: DATABASE_EVENT_TYPES.changePassword,
          description: { id: 'changeDatabaseUserPassword', values: { user: user.name } },
          modelId: user.id,
          modelType: DATABASE_USER_MODEL_TYPE,
        });
        return { data: { id: event.id, ...(body.password === undefined ? { password } : {}) } };
      } catch (error) {
        await repository.updateUser(user.id, { pendingSealedPassword: null });
        throw error;
      }
    },

    /** PUT …/database-users/{user}/grants: all, read-only, or none, on one database of its engine. */
    async grant(caller: Caller, serverId: number, userId: number, body: GrantDatabaseAccessBody) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const user = await findUser(serverId, userId);
      requireSettled(user);
      const database = await repository.findByName(serverId, user.type, body.database);
      if (!database || database.status === DATABASE_ROW_STATUS.gone) {
        throw fieldError('database', DATABASE_MESSAGES.databaseNotOnServer);
      }
      requireSettled(database);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId,
        recipeId: databaseGrant.id,
        input: {
          engine: user.type,
          user: user.name,
          ...recipeHost(user.type, user.host),
          database: database.name,
          access: body.access,
        },
        type: DATABASE_EVENT_TYPES.grant,
        description: {
          id: GRANT_DESCRIPTIONS[body.access],
          values: { user: user.name, database: database.name },
        },
        modelId: user.id,
        modelType: DATABASE_USER_MODEL_TYPE,
      });
      return { data: { id: event.id } };
    },

    /** DELETE …/database-users/{user}: the account only; its databases stay. */
    async remove(caller: Caller, serverId: number, userId: number) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const user = await findUser(serverId, userId);
      requireSettled(user);
      await repository.updateUser(user.id, { status: DATABASE_ROW_STATUS.deleting });
      try {
        const event = await events.startRecipe({
          userId: caller.id,
          serverId,
          recipeId: databaseUserDrop.id,
          input: { engine: user.type, name: user.name, ...recipeHost(user.type, user.host) },
          type: DATABASE_EVENT_TYPES.deleteUser,
          description: { id: 'deleteDatabaseUser', values: { user: user.name } },
          modelId: user.id,
          modelType: DATABASE_USER_MODEL_TYPE,
        });
        await announceDatabases(dependencies, serverId, event.audience);
        return { data: { id: event.id } };
      } catch (error) {
        await repository.updateUser(user.id, { status: user.status });
        throw error;
      }
    },
  };
}
export type DatabaseUsersService = ReturnType<typeof createDatabaseUsersService>;
