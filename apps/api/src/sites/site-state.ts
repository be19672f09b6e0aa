import { and, eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { sites } from '../database/schema.js';
import type { SiteRow } from './site-access.js';

/**
 * The input of the `site-apply` recipe (packages/recipes/src/sites): the whole desired state of a
 * site on its server, rendered from the row every time, so any change (PHP version, proxy port,
 * certificate, first release) is one idempotent apply that validates and rolls back.
 */
export interface SiteApplyInput {
  site: string;
  aliases: string[];
  wildcard: boolean;
  linux_user: string;
  isolated: boolean;
  directory: string;
  php_version: string | null;
  proxy_port: number | null;
  web_server: 'nginx' | 'apache2';
  enabled: boolean;
  /** The web root is {home}/current{directory} (deployments switch releases under it). */
  releases: boolean;
  bindings: string[];
  lockdown: boolean;
  /** Set when the owner changed: the home moves from /home/{previous}/{site}. */
  previous_linux_user?: string;
}

/** The alias sites of a parent site (rows with `site_id` = the parent): their names. */
export async function aliasNamesOf(db: Database, site: Pick<SiteRow, 'id' | 'serverId'>): Promise<string[]> {
  const rows = await db
    .select({ name: sites.name })
    .from(sites)
    .where(and(eq(sites.siteId, site.id), eq(sites.serverId, site.serverId)));
  return rows.map((row) => row.name).sort();
}

/** The `site-apply` input of a parent site as its row (and its aliases) says now. */
export async function buildSiteApplyInput(
  db: Database,
  site: SiteRow,
  overrides: Partial<SiteApplyInput> = {},
): Promise<SiteApplyInput> {
  return {
    site: site.name,
    aliases: await aliasNamesOf(db, site),
    wildcard: site.wildcard,
    linux_user: site.linuxUser,
    isolated: site.isolated,
    directory: site.directory,
    php_version: site.phpVersion,
    proxy_port: site.proxyPort,
    web_server: site.webServer === 'apache2' ? 'apache2' : 'nginx',
    enabled: site.enabled,
    releases: site.currentRelease !== null,
    bindings: Array.isArray(site.bindings) ? (site.bindings as string[]) : [],
    lockdown: site.lockdown,
    ...overrides,
  };
}
