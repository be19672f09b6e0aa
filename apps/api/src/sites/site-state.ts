import type { RecipeInput, siteApply } from '@hostdeck/recipes';
import type { Database } from '../database/database.js';
import { createPhpRepository } from '../php/php.repository.js';
import type { SiteRow } from './site-access.js';
import { createSitesRepository } from './sites.repository.js';

/**
 * The input of the `site-apply` recipe (packages/recipes/src/sites): the whole desired state of a
 * site on its server, rendered from the row every time, so any change (PHP version, proxy port,
 * certificate, first release) is one idempotent apply that validates and rolls back. Its fields
 * are the recipe's schema (without the password, which only some applies carry).
 */
export type SiteApplyInput = Omit<RecipeInput<typeof siteApply.input>, 'password_hex'>;

/** The alias sites of a parent site (rows with `site_id` = the parent): their names. */
export async function aliasNamesOf(db: Database, site: Pick<SiteRow, 'id' | 'serverId'>): Promise<string[]> {
  return createSitesRepository(db).aliasNamesOf(site);
}

/** The `site-apply` input of a parent site as its row (and its aliases) says now. */
export async function buildSiteApplyInput(
  db: Database,
  site: SiteRow,
  overrides: Partial<SiteApplyInput> = {},
): Promise<SiteApplyInput> {
  const input: SiteApplyInput = {
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
  return { ...input, ...(await phpLimitsOf(db, site.serverId, input.php_version)) };
}

/**
 * The PHP limits of a version on the site's server (servers.php_settings, issue 16): its pool and
 * its web server render them, so a version switch carries the new version's limits over.
 */
async function phpLimitsOf(
  db: Database,
  serverId: number,
  version: string | null | undefined,
): Promise<Pick<SiteApplyInput, 'php_upload_size_mb' | 'php_execution_time'>> {
  if (!version) return {};
  const settings = await createPhpRepository(db).settingsOf(serverId, version);
  return { php_upload_size_mb: settings.upload_size_mb, php_execution_time: settings.execution_time };
}
