import { and, asc, eq, isNull } from 'drizzle-orm';
import { phpSettingsOf, type PhpSettings } from '@hostdeck/contracts/php';
import type { Database } from '../database/database.js';
import { servers, sites } from '../database/schema.js';

/** The panel's PHP data of a server: servers.default_php, php_cli, php_settings, and its sites' versions. */
export function createPhpRepository(db: Database) {
  return {
    async server(serverId: number) {
      const [row] = await db
        .select({ defaultPhp: servers.defaultPhp, phpCli: servers.phpCli, phpSettings: servers.phpSettings })
        .from(servers)
        .where(eq(servers.id, serverId));
      return row ?? null;
    },

    /** The server's sites (parents; aliases share their parent's PHP) by PHP version. */
    async sitesByVersion(serverId: number): Promise<Map<string, { id: number; name: string }[]>> {
      const rows = await db
        .select({ id: sites.id, name: sites.name, version: sites.phpVersion })
        .from(sites)
        .where(and(eq(sites.serverId, serverId), isNull(sites.siteId)))
        .orderBy(asc(sites.name));
      const byVersion = new Map<string, { id: number; name: string }[]>();
      for (const row of rows) {
        if (!row.version) continue;
        const list = byVersion.get(row.version) ?? [];
        list.push({ id: row.id, name: row.name });
        byVersion.set(row.version, list);
      }
      return byVersion;
    },

    async settingsOf(serverId: number, version: string): Promise<PhpSettings> {
      return phpSettingsOf((await this.server(serverId))?.phpSettings, version);
    },

    /** Stores a version's settings (the others untouched). */
    async saveSettings(serverId: number, version: string, settings: PhpSettings): Promise<void> {
      const stored = (await this.server(serverId))?.phpSettings;
      const all = stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...stored } : {};
      await db
        .update(servers)
        .set({ phpSettings: { ...all, [version]: settings } })
        .where(eq(servers.id, serverId));
    },

    async setDefault(serverId: number, version: string): Promise<void> {
      await db.update(servers).set({ defaultPhp: version }).where(eq(servers.id, serverId));
    },

    async setCli(serverId: number, version: string | null): Promise<void> {
      await db.update(servers).set({ phpCli: version }).where(eq(servers.id, serverId));
    },
  };
}
export type PhpRepository = ReturnType<typeof createPhpRepository>;
