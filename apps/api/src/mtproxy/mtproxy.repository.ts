import { eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { servers } from '../database/schema/servers.js';
import type { SecretBox } from '../crypto/secret-box.js';

/** The purpose the MTProxy secret is sealed under (servers.sealed_mtproxy_secret). */
export const MTPROXY_SECRET_PURPOSE = 'servers.mtproxy_secret';

export interface MtproxySettings {
  port: number | null;
  domain: string | null;
  sealedSecret: string | null;
}

/** MTProxy's columns of a server row: port, FakeTLS domain and the sealed secret. */
export function createMtproxyRepository(db: Database, secretBox: SecretBox) {
  return {
    async find(serverId: number): Promise<MtproxySettings | null> {
      const [row] = await db
        .select({
          port: servers.mtproxyPort,
          domain: servers.mtproxyDomain,
          sealedSecret: servers.sealedMtproxySecret,
        })
        .from(servers)
        .where(eq(servers.id, serverId));
      return row ?? null;
    },

    openSecret(settings: MtproxySettings): string | null {
      return settings.sealedSecret ? secretBox.open(settings.sealedSecret, MTPROXY_SECRET_PURPOSE) : null;
    },

    /** Records what the server now runs (after a successful apply). */
    async save(serverId: number, settings: { port: number; domain: string; secret: string }) {
      await db
        .update(servers)
        .set({
          mtproxyPort: settings.port,
          mtproxyDomain: settings.domain,
          sealedMtproxySecret: secretBox.seal(settings.secret, MTPROXY_SECRET_PURPOSE),
        })
        .where(eq(servers.id, serverId));
    },
  };
}
export type MtproxyRepository = ReturnType<typeof createMtproxyRepository>;
