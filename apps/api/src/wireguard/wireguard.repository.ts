import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { servers, wireguardClients } from '../database/schema.js';

export type WireguardClientRow = typeof wireguardClients.$inferSelect;
export type NewWireguardClient = Pick<
  typeof wireguardClients.$inferInsert,
  'serverId' | 'name' | 'address' | 'publicKey' | 'sealedPrivateKey' | 'sealedPresharedKey'
>;

/** The wireguard_clients table, and the server's `wireguard_port`. */
export function createWireguardRepository(db: Database) {
  return {
    listForServer(serverId: number): Promise<WireguardClientRow[]> {
      return db
        .select()
        .from(wireguardClients)
        .where(eq(wireguardClients.serverId, serverId))
        .orderBy(asc(wireguardClients.createdAt), asc(wireguardClients.id));
    },

    async findOnServer(serverId: number, id: number): Promise<WireguardClientRow | undefined> {
      const [row] = await db
        .select()
        .from(wireguardClients)
        .where(and(eq(wireguardClients.serverId, serverId), eq(wireguardClients.id, id)));
      return row;
    },

    /** The new row, or undefined when the name or the address is taken on that server (a race). */
    async insert(values: NewWireguardClient): Promise<WireguardClientRow | undefined> {
      const [row] = await db
        .insert(wireguardClients)
        .values({ ...values, status: 'creating' })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async update(id: number, values: Partial<Pick<WireguardClientRow, 'status' | 'enabled'>>): Promise<void> {
      await db.update(wireguardClients).set(values).where(eq(wireguardClients.id, id));
    },

    async remove(id: number): Promise<void> {
      await db.delete(wireguardClients).where(eq(wireguardClients.id, id));
    },

    /** Records wg0's port the first time the panel makes the interface (spec/000 §3 wireguard_port). */
    async setPort(serverId: number, port: number): Promise<void> {
      await db.update(servers).set({ wireguardPort: port }).where(eq(servers.id, serverId));
    },
  };
}
export type WireguardRepository = ReturnType<typeof createWireguardRepository>;
