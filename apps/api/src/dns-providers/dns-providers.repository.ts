import { and, asc, eq } from 'drizzle-orm';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { dnsCredentials } from '../database/schema.js';

/** The purpose a DNS credential's token is sealed under (dns_credentials.sealed_token). */
export const DNS_CREDENTIAL_TOKEN_PURPOSE = 'dns_credentials.token';

export type DnsCredentialRow = typeof dnsCredentials.$inferSelect;

/**
 * The dns_credentials table: an account's DNS provider credentials. Tokens are sealed here and
 * opened only for the adapter's calls (openToken); rows are always looked up with their owner.
 */
export function createDnsCredentialsRepository(db: Database, secretBox: Pick<SecretBox, 'seal' | 'open'>) {
  return {
    listOwned(userId: number): Promise<DnsCredentialRow[]> {
      return db
        .select()
        .from(dnsCredentials)
        .where(eq(dnsCredentials.userId, userId))
        .orderBy(asc(dnsCredentials.createdAt), asc(dnsCredentials.id));
    },

    async findOwned(userId: number, id: number): Promise<DnsCredentialRow | undefined> {
      const [row] = await db
        .select()
        .from(dnsCredentials)
        .where(and(eq(dnsCredentials.userId, userId), eq(dnsCredentials.id, id)));
      return row;
    },

    /** Any user's credential, for the panel's own use (the operator's free-domain credential). */
    async findById(id: number): Promise<DnsCredentialRow | undefined> {
      const [row] = await db.select().from(dnsCredentials).where(eq(dnsCredentials.id, id));
      return row;
    },

    /** The new row, or undefined when the account already has a credential of this name. */
    async insert(values: {
      userId: number;
      provider: string;
      name: string;
      token: string | null;
      account: string | null;
      serverId: number | null;
    }): Promise<DnsCredentialRow | undefined> {
      const [row] = await db
        .insert(dnsCredentials)
        .values({
          userId: values.userId,
          provider: values.provider,
          name: values.name,
          sealedToken:
            values.token === null ? null : secretBox.seal(values.token, DNS_CREDENTIAL_TOKEN_PURPOSE),
          account: values.account,
          serverId: values.serverId,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** The updated row, or undefined when the new name is another credential's. */
    async update(
      id: number,
      values: { name?: string; token?: string },
    ): Promise<DnsCredentialRow | undefined> {
      try {
        const [row] = await db
          .update(dnsCredentials)
          .set({
            ...(values.name === undefined ? {} : { name: values.name }),
            ...(values.token === undefined
              ? {}
              : { sealedToken: secretBox.seal(values.token, DNS_CREDENTIAL_TOKEN_PURPOSE) }),
          })
          .where(eq(dnsCredentials.id, id))
          .returning();
        return row;
      } catch (error) {
        const failure = error as { code?: string; cause?: { code?: string } } | null;
        if ((failure?.code ?? failure?.cause?.code) === '23505') return undefined;
        throw error;
      }
    },

    async remove(id: number): Promise<void> {
      await db.delete(dnsCredentials).where(eq(dnsCredentials.id, id));
    },

    openToken(row: DnsCredentialRow): string | null {
      return row.sealedToken ? secretBox.open(row.sealedToken, DNS_CREDENTIAL_TOKEN_PURPOSE) : null;
    },
  };
}
export type DnsCredentialsRepository = ReturnType<typeof createDnsCredentialsRepository>;
