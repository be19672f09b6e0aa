import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { privateNetworkMembers, privateNetworks, servers } from '../database/schema.js';

export type PrivateNetworkRow = typeof privateNetworks.$inferSelect;
export type PrivateNetworkMemberRow = typeof privateNetworkMembers.$inferSelect;
export interface MemberWithServer extends PrivateNetworkMemberRow {
  serverName: string;
  serverIp: string;
}

const memberColumns = {
  id: privateNetworkMembers.id,
  networkId: privateNetworkMembers.networkId,
  serverId: privateNetworkMembers.serverId,
  address: privateNetworkMembers.address,
  publicKey: privateNetworkMembers.publicKey,
  status: privateNetworkMembers.status,
  createdAt: privateNetworkMembers.createdAt,
  serverName: servers.name,
  serverIp: servers.ip,
};

/** The private_networks and private_network_members tables. */
export function createPrivateNetworksRepository(db: Database) {
  return {
    listOwned(userId: number): Promise<PrivateNetworkRow[]> {
      return db
        .select()
        .from(privateNetworks)
        .where(eq(privateNetworks.userId, userId))
        .orderBy(asc(privateNetworks.name));
    },

    /** The caller's networks this server is a member of. */
    async listOwnedWithServer(userId: number, serverId: number): Promise<PrivateNetworkRow[]> {
      const rows = await db
        .select({ network: privateNetworks })
        .from(privateNetworks)
        .innerJoin(privateNetworkMembers, eq(privateNetworkMembers.networkId, privateNetworks.id))
        .where(and(eq(privateNetworks.userId, userId), eq(privateNetworkMembers.serverId, serverId)))
        .orderBy(asc(privateNetworks.name));
      return rows.map((row) => row.network);
    },

    async findOwned(userId: number, id: number): Promise<PrivateNetworkRow | undefined> {
      const [row] = await db
        .select()
        .from(privateNetworks)
        .where(and(eq(privateNetworks.userId, userId), eq(privateNetworks.id, id)));
      return row;
    },

    async findById(id: number): Promise<PrivateNetworkRow | undefined> {
      const [row] = await db.select().from(privateNetworks).where(eq(privateNetworks.id, id));
      return row;
    },

    /**
     * A new network: its range and port follow from its id, so it is inserted first and then
     * given them, in one transaction. Undefined when the user already has a network of this name.
     */
    async insert(
      values: { userId: number; name: string },
      rangeOf: (id: number) => { cidr: string; port: number },
    ): Promise<PrivateNetworkRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(privateNetworks)
          .values({ ...values, cidr: '', port: 0 })
          .onConflictDoNothing()
          .returning();
        if (!row) return undefined;
        const [updated] = await tx
          .update(privateNetworks)
          .set(rangeOf(row.id))
          .where(eq(privateNetworks.id, row.id))
          .returning();
        return updated;
      });
    },

    async remove(id: number): Promise<void> {
      await db.delete(privateNetworks).where(eq(privateNetworks.id, id));
    },

    members(networkIds: readonly number[]): Promise<MemberWithServer[]> {
      if (networkIds.length === 0) return Promise.resolve([]);
      return db
        .select(memberColumns)
        .from(privateNetworkMembers)
        .innerJoin(servers, eq(servers.id, privateNetworkMembers.serverId))
        .where(inArray(privateNetworkMembers.networkId, [...networkIds]))
        .orderBy(asc(privateNetworkMembers.address));
    },

    async findMember(id: number): Promise<MemberWithServer | undefined> {
      const [row] = await db
        .select(memberColumns)
        .from(privateNetworkMembers)
        .innerJoin(servers, eq(servers.id, privateNetworkMembers.serverId))
        .where(eq(privateNetworkMembers.id, id));
      return row;
    },

    async insertMember(values: {
      networkId: number;
      serverId: number;
      address: string;
    }): Promise<PrivateNetworkMemberRow | undefined> {
      const [row] = await db
        .insert(privateNetworkMembers)
        .values({ ...values, status: 'joining' })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async setMemberStatus(id: number, status: string): Promise<void> {
      await db.update(privateNetworkMembers).set({ status }).where(eq(privateNetworkMembers.id, id));
    },

    async setMemberPublicKey(id: number, publicKey: string): Promise<void> {
      await db.update(privateNetworkMembers).set({ publicKey }).where(eq(privateNetworkMembers.id, id));
    },

    async removeMember(id: number): Promise<void> {
      await db.delete(privateNetworkMembers).where(eq(privateNetworkMembers.id, id));
    },

    /** How many members the network still has besides this one. */
    async countOtherMembers(networkId: number, memberId: number): Promise<number> {
      const rows = await db
        .select({ id: privateNetworkMembers.id })
        .from(privateNetworkMembers)
        .where(and(eq(privateNetworkMembers.networkId, networkId), ne(privateNetworkMembers.id, memberId)));
      return rows.length;
    },
  };
}
export type PrivateNetworksRepository = ReturnType<typeof createPrivateNetworksRepository>;
