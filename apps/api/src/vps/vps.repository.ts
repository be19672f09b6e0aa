import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { servers, vpsCredentials, vpsMachines } from '../database/schema.js';

/** The purpose a VPS credential's token is sealed under (vps_credentials.sealed_token). */
export const VPS_CREDENTIAL_TOKEN_PURPOSE = 'vps_credentials.token';

export type VpsCredentialRow = typeof vpsCredentials.$inferSelect;
export type VpsMachineRow = typeof vpsMachines.$inferSelect;

const isUniqueViolation = (error: unknown) => {
  const failure = error as { code?: string; cause?: { code?: string } } | null;
  return (failure?.code ?? failure?.cause?.code) === '23505';
};

/**
 * The vps_credentials and vps_machines tables. Tokens are sealed here and opened only for an
 * adapter's calls (openToken); credentials are always looked up with their owner.
 */
export function createVpsRepository(db: Database, secretBox: Pick<SecretBox, 'seal' | 'open'>) {
  return {
    listCredentials(userId: number): Promise<VpsCredentialRow[]> {
      return db
        .select()
        .from(vpsCredentials)
        .where(eq(vpsCredentials.userId, userId))
        .orderBy(asc(vpsCredentials.createdAt), asc(vpsCredentials.id));
    },

    async findCredential(userId: number, id: number): Promise<VpsCredentialRow | undefined> {
      const [row] = await db
        .select()
        .from(vpsCredentials)
        .where(and(eq(vpsCredentials.userId, userId), eq(vpsCredentials.id, id)));
      return row;
    },

    /** The user's first credential of a provider (the one regions and plans are read with by default). */
    async firstCredential(userId: number, provider: string): Promise<VpsCredentialRow | undefined> {
      const [row] = await db
        .select()
        .from(vpsCredentials)
        .where(and(eq(vpsCredentials.userId, userId), eq(vpsCredentials.provider, provider)))
        .orderBy(asc(vpsCredentials.id))
        .limit(1);
      return row;
    },

    /** The new row, or undefined when the account already has a credential of this name. */
    async insertCredential(values: {
      userId: number;
      provider: string;
      name: string;
      token: string;
    }): Promise<VpsCredentialRow | undefined> {
      const [row] = await db
        .insert(vpsCredentials)
        .values({
          userId: values.userId,
          provider: values.provider,
          name: values.name,
          sealedToken: secretBox.seal(values.token, VPS_CREDENTIAL_TOKEN_PURPOSE),
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** The updated row, or undefined when the new name is another credential's. */
    async updateCredential(
      id: number,
      values: { name?: string | undefined; token?: string | undefined },
    ): Promise<VpsCredentialRow | undefined> {
      try {
        const [row] = await db
          .update(vpsCredentials)
          .set({
            ...(values.name === undefined ? {} : { name: values.name }),
            ...(values.token === undefined
              ? {}
              : { sealedToken: secretBox.seal(values.token, VPS_CREDENTIAL_TOKEN_PURPOSE) }),
          })
          .where(eq(vpsCredentials.id, id))
          .returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async removeCredential(id: number): Promise<void> {
      await db.delete(vpsCredentials).where(eq(vpsCredentials.id, id));
    },

    openToken(row: VpsCredentialRow): string {
      return secretBox.open(row.sealedToken, VPS_CREDENTIAL_TOKEN_PURPOSE);
    },

    async insertMachine(values: {
      serverId: number;
      credentialId: number;
      provider: string;
      region: string;
      plan: string;
    }): Promise<VpsMachineRow> {
      const [row] = await db.insert(vpsMachines).values(values).returning();
      return row!;
    },

    async findMachine(serverId: number): Promise<VpsMachineRow | undefined> {
      const [row] = await db.select().from(vpsMachines).where(eq(vpsMachines.serverId, serverId));
      return row;
    },

    async updateMachine(
      serverId: number,
      changes: Partial<Pick<VpsMachineRow, 'machineId' | 'sshKeyId' | 'state'>>,
    ): Promise<void> {
      await db.update(vpsMachines).set(changes).where(eq(vpsMachines.serverId, serverId));
    },

    /** The servers a user created at providers (owned by them), newest first. */
    listOwnedMachines(userId: number) {
      return db
        .select({
          serverId: vpsMachines.serverId,
          name: servers.name,
          status: servers.status,
          provider: vpsMachines.provider,
          region: vpsMachines.region,
          plan: vpsMachines.plan,
          machineId: vpsMachines.machineId,
          state: vpsMachines.state,
        })
        .from(vpsMachines)
        .innerJoin(servers, eq(servers.id, vpsMachines.serverId))
        .where(eq(servers.userId, userId))
        .orderBy(desc(vpsMachines.id));
    },

    /** Which of these provider machine ids a server of the panel points to. */
    async knownMachineIds(provider: string, machineIds: readonly string[]): Promise<Set<string>> {
      if (machineIds.length === 0) return new Set();
      const rows = await db
        .select({ machineId: vpsMachines.machineId })
        .from(vpsMachines)
        .where(and(eq(vpsMachines.provider, provider), inArray(vpsMachines.machineId, [...machineIds])));
      return new Set(rows.map((row) => row.machineId!));
    },
  };
}
export type VpsRepository = ReturnType<typeof createVpsRepository>;
