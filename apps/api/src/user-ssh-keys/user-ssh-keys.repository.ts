import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { servers, userSshKeyPlacements, userSshKeys } from '../database/schema.js';

export type UserSshKeyRow = typeof userSshKeys.$inferSelect;
export interface PlacementWithServer {
  keyId: number;
  serverId: number;
  serverName: string;
  linuxUser: string;
}

/** The user_ssh_keys and user_ssh_key_placements tables: an account's keys and where they are. */
export function createUserSshKeysRepository(db: Database) {
  return {
    listOwned(userId: number): Promise<UserSshKeyRow[]> {
      return db
        .select()
        .from(userSshKeys)
        .where(eq(userSshKeys.userId, userId))
        .orderBy(asc(userSshKeys.createdAt), asc(userSshKeys.id));
    },

    async findOwned(userId: number, id: number): Promise<UserSshKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(userSshKeys)
        .where(and(eq(userSshKeys.userId, userId), eq(userSshKeys.id, id)));
      return row;
    },

    async findById(id: number): Promise<UserSshKeyRow | undefined> {
      const [row] = await db.select().from(userSshKeys).where(eq(userSshKeys.id, id));
      return row;
    },

    /** The new row, or undefined when the account already has a key of this fingerprint. */
    async insert(values: {
      userId: number;
      name: string;
      publicKey: string;
      fingerprint: string;
    }): Promise<UserSshKeyRow | undefined> {
      const [row] = await db.insert(userSshKeys).values(values).onConflictDoNothing().returning();
      return row;
    },

    async remove(id: number): Promise<void> {
      await db.delete(userSshKeys).where(eq(userSshKeys.id, id));
    },

    /** Where these keys are, with each server's display name, by server then user. */
    async placements(keyIds: readonly number[]): Promise<PlacementWithServer[]> {
      if (keyIds.length === 0) return [];
      const rows = await db
        .select({
          keyId: userSshKeyPlacements.keyId,
          serverId: userSshKeyPlacements.serverId,
          serverName: servers.name,
          linuxUser: userSshKeyPlacements.linuxUser,
        })
        .from(userSshKeyPlacements)
        .innerJoin(servers, eq(servers.id, userSshKeyPlacements.serverId))
        .where(inArray(userSshKeyPlacements.keyId, [...keyIds]))
        .orderBy(asc(userSshKeyPlacements.serverId), asc(userSshKeyPlacements.linuxUser));
      return rows.map((row) => ({
        keyId: row.keyId,
        serverId: row.serverId,
        serverName: row.serverName,
        linuxUser: row.linuxUser,
      }));
    },

    async addPlacements(keyId: number, serverId: number, users: readonly string[]): Promise<void> {
      if (users.length === 0) return;
      await db
        .insert(userSshKeyPlacements)
        .values(users.map((linuxUser) => ({ keyId, serverId, linuxUser })))
        .onConflictDoNothing();
    },

    async removePlacements(keyId: number, serverId: number, users: readonly string[]): Promise<void> {
      if (users.length === 0) return;
      await db
        .delete(userSshKeyPlacements)
        .where(
          and(
            eq(userSshKeyPlacements.keyId, keyId),
            eq(userSshKeyPlacements.serverId, serverId),
            inArray(userSshKeyPlacements.linuxUser, [...users]),
          ),
        );
    },
  };
}
export type UserSshKeysRepository = ReturnType<typeof createUserSshKeysRepository>;
