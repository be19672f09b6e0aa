import { ERROR_IDS, generatePassword, type UpdateKey } from '@hostdeck/contracts';
import {
  DATABASE_MESSAGES,
  isMysqlEngine,
  type Database as DatabaseItem,
  type DatabaseUser as DatabaseUserItem,
} from '@hostdeck/contracts/databases';
import type { AgentSigner } from '../agent/agent-keys.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { DATABASE_ROW_STATUS, DATABASE_UPDATE_KEYS } from './database-events.js';
import type { DatabasesRepository, DatabaseUserRow, DatabaseWithSite } from './databases.repository.js';

/** A request the server cannot serve as it is (422, shown as the message). */
export class DatabaseError extends DomainError {
  readonly status = 422;
  readonly id = ERROR_IDS.validation;
}

/** What the services of the area receive (declared, CONVENTIONS.md). */
export interface DatabasesDependencies {
  db: Database;
  policy: Pick<AccessPolicy, 'authorizeServer' | 'usersWithServerAccess'>;
  repository: DatabasesRepository;
  servers: Pick<ServersRepository, 'findRow'>;
  events: Pick<EventsService, 'startRecipe' | 'startTask'>;
  inventory: Pick<InventoryReader, 'read'>;
  secretBox: Pick<SecretBox, 'seal' | 'open'>;
  signer: Pick<AgentSigner, 'sign'>;
  publish(userIds: readonly number[], keys: readonly UpdateKey[]): void;
  /** A new password (20 letters and digits, crypto random); tests may pin it. */
  generatePassword?: () => string;
  now?: () => Date;
}

export const newPassword = (dependencies: Pick<DatabasesDependencies, 'generatePassword'>) =>
  (dependencies.generatePassword ?? (() => generatePassword()))();

/** Tells everyone who may view the server that its databases and users changed. */
export async function announceDatabases(
  dependencies: Pick<DatabasesDependencies, 'policy' | 'publish'>,
  serverId: number,
  audience?: readonly number[],
) {
  dependencies.publish(
    audience ?? (await dependencies.policy.usersWithServerAccess(serverId)),
    DATABASE_UPDATE_KEYS,
  );
}

/** The panel needs a way in to read the server (its key, or the root password until then). */
export async function requireConnected(
  dependencies: Pick<DatabasesDependencies, 'servers'>,
  serverId: number,
) {
  const server = await dependencies.servers.findRow(serverId);
  if (!server) throw new NotFoundError();
  if (!(server.sealedPrivateKey ?? server.sealedPassword))
    throw new ServerError(SERVER_MESSAGES.notConnected);
  return server;
}

/** A row whose event still runs takes no other change until it ends (409). */
export function requireSettled(row: { status: string }) {
  if (row.status === DATABASE_ROW_STATUS.creating || row.status === DATABASE_ROW_STATUS.deleting) {
    throw new ConflictError(DATABASE_MESSAGES.busy);
  }
}

/** The host of an account as stored: MySQL/MariaDB default `localhost`; '' for the others. */
export const storedHost = (engine: string, host: string | undefined): string =>
  isMysqlEngine(engine) ? (host ?? 'localhost') : '';

/** The host as the recipes take it: MySQL/MariaDB always, never for the others. */
export const recipeHost = (engine: string, host: string): { host?: string } =>
  isMysqlEngine(engine) ? { host } : {};

/** A 422 on one field, in the shape spec/000 §8 gives field errors. */
export const fieldError = (field: string, message: string) => new ValidationError({ [field]: [message] });

/** The engine's name as people write it (event descriptions). */
export const ENGINE_LABELS: Record<string, string> = {
  mysql: 'MySQL',
  mariadb: 'MariaDB',
  postgresql: 'PostgreSQL',
  mongod: 'MongoDB',
};

/** A database row as the API answers it (never a password, never the site's user name). */
export function presentDatabase(row: DatabaseWithSite): DatabaseItem {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    size: row.sizeBytes,
    owner: row.owner,
    site: row.siteId !== null && row.siteName !== null ? { id: row.siteId, name: row.siteName } : null,
    status: row.status as DatabaseItem['status'],
    managed: row.managed,
    dumps: row.dumps.map((dump) => ({
      file: dump.file,
      size: dump.size,
      created_at: new Date(dump.createdAt * 1000).toISOString(),
    })),
    synced_at: row.syncedAt?.toISOString() ?? null,
  };
}

/** A database user as the API answers it: whether the panel knows its password, never the password. */
export function presentDatabaseUser(row: DatabaseUserRow): DatabaseUserItem {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    host: row.host,
    grants: row.grants.map((grant) => ({ database: grant.database, access: grant.access })),
    status: row.status as DatabaseUserItem['status'],
    managed: row.managed,
    can_use: row.sealedPassword !== null,
  };
}
