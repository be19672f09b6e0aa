import type { DatabaseInventory } from '@hostdeck/recipes/databases';
import type { DatabaseDumpRecord, DatabaseGrantRecord } from '../database/schema/databases.js';
import type { DatabaseRow, DatabasesRepository, DatabaseUserRow } from './databases.repository.js';
import { DATABASE_ROW_STATUS } from './database-events.js';

/** What one sync changed in the panel's rows, for databases and for users. */
export interface SyncCounts {
  added: number;
  gone: number;
  restored: number;
}
export interface SyncResult {
  databases: SyncCounts;
  users: SyncCounts;
}

const busy = (status: string) =>
  status === DATABASE_ROW_STATUS.creating || status === DATABASE_ROW_STATUS.deleting;

/** The account key of a user: MySQL/MariaDB by name and host, the others by name ('' host). */
const userKey = (name: string, host: string | null) => `${name}\n${host ?? ''}`;

/**
 * Makes the panel's rows of one engine say what the server has (issue 15, Sync): what the
 * server has and the panel does not is added as not managed by the panel; what the panel has and
 * the server no longer does is marked `gone` (never deleted, and nothing on the server changes);
 * a gone row found again is active again. Size, owner, dumps and grants follow the server. Rows
 * whose event is still running (creating, deleting) keep their status: that event settles them.
 * A user found on the server that a site's database was made with is the panel's (its password
 * is known).
 */
export async function reconcileInventory(
  repository: DatabasesRepository,
  serverId: number,
  engine: string,
  inventory: DatabaseInventory,
  now: Date,
): Promise<SyncResult> {
  return repository.transaction(async (tx) => {
    const result: SyncResult = {
      databases: { added: 0, gone: 0, restored: 0 },
      users: { added: 0, gone: 0, restored: 0 },
    };
    const databaseRows = await tx.listForServer(serverId, engine);
    const byName = new Map<string, DatabaseRow>(databaseRows.map((row) => [row.name, row]));
    const dumpsOf = (name: string): DatabaseDumpRecord[] =>
      inventory.dumps
        .filter((dump) => dump.database === name)
        .map((dump) => ({ file: dump.file, size: dump.size, createdAt: dump.createdAt }))
        .sort((a, b) => b.createdAt - a.createdAt || a.file.localeCompare(b.file));

    const found = new Set<string>();
    for (const database of inventory.databases) {
      found.add(database.name);
      const facts = {
        sizeBytes: database.size,
        owner: database.owner,
        dumps: dumpsOf(database.name),
        syncedAt: now,
      };
      const row = byName.get(database.name);
      if (!row) {
        const added = await tx.insertDatabase({
          serverId,
          type: engine,
          name: database.name,
          status: DATABASE_ROW_STATUS.active,
          managed: false,
          ...facts,
        });
        if (added) result.databases.added += 1;
        continue;
      }
      const restored = row.status === DATABASE_ROW_STATUS.gone;
      if (restored) result.databases.restored += 1;
      await tx.updateDatabase(row.id, {
        ...facts,
        ...(restored ? { status: DATABASE_ROW_STATUS.active } : {}),
      });
    }
    for (const row of databaseRows) {
      if (found.has(row.name) || busy(row.status)) continue;
      if (row.status !== DATABASE_ROW_STATUS.gone) result.databases.gone += 1;
      await tx.updateDatabase(row.id, { status: DATABASE_ROW_STATUS.gone, syncedAt: now, dumps: [] });
    }

    const grantsOf = (name: string, host: string | null): DatabaseGrantRecord[] =>
      inventory.grants
        .filter((grant) => grant.user === name && (grant.host ?? '') === (host ?? ''))
        .map((grant) => ({ database: grant.database, access: grant.access }))
        .sort((a, b) => a.database.localeCompare(b.database));
    const userRows = await tx.listUsers(serverId, engine);
    const byKey = new Map<string, DatabaseUserRow>(userRows.map((row) => [userKey(row.name, row.host), row]));
    const foundUsers = new Set<string>();
    for (const user of inventory.users) {
      const key = userKey(user.name, user.host);
      foundUsers.add(key);
      const grants = grantsOf(user.name, user.host);
      const row = byKey.get(key);
      if (!row) {
        // The user a site's database was made with: the panel knows its password.
        const siteDatabase = databaseRows.find(
          (database) => database.username === user.name && database.sealedPassword,
        );
        const added = await tx.insertUser({
          serverId,
          type: engine,
          name: user.name,
          host: user.host ?? '',
          status: DATABASE_ROW_STATUS.active,
          managed: Boolean(siteDatabase),
          // Sealed for the same purpose (DATABASE_PASSWORD_PURPOSE): the same secret, as it is.
          sealedPassword: siteDatabase?.sealedPassword ?? null,
          grants,
        });
        if (added) result.users.added += 1;
        continue;
      }
      if (busy(row.status)) continue;
      const restored = row.status === DATABASE_ROW_STATUS.gone;
      if (restored) result.users.restored += 1;
      await tx.updateUser(row.id, { grants, ...(restored ? { status: DATABASE_ROW_STATUS.active } : {}) });
    }
    for (const row of userRows) {
      if (foundUsers.has(userKey(row.name, row.host)) || busy(row.status)) continue;
      if (row.status !== DATABASE_ROW_STATUS.gone) result.users.gone += 1;
      await tx.updateUser(row.id, { status: DATABASE_ROW_STATUS.gone, grants: [] });
    }
    return result;
  });
}
