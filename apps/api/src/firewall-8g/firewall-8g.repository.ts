import { eq, sql } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { sites } from '../database/schema.js';

/** The 8G firewall's state on the site's row (`sites.firewall_8g`, migration 0018). */
export function createFirewall8gRepository(db: Database) {
  return {
    async setEnabled(siteId: number, enabled: boolean): Promise<void> {
      await db
        .update(sites)
        .set({ firewall8g: enabled, updatedAt: sql`now()` })
        .where(eq(sites.id, siteId));
    },
  };
}
export type Firewall8gRepository = ReturnType<typeof createFirewall8gRepository>;
