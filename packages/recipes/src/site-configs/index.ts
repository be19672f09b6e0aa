import type { Recipe } from '../recipe.js';
import { siteConfigDelete, siteConfigList, siteConfigRead, siteConfigWrite } from './site-config-recipes.js';
import { siteLogRead } from './site-log-read.js';

export {
  SITE_CONFIG_EXIT_CODES,
  isMainSiteConfig,
  siteConfigPath,
  siteExtraConfigDirectory,
  siteLogPath,
  siteMainConfigPath,
} from './site-config-paths.js';
export { parseSiteConfigList, type SiteConfigListEntry } from './site-config-list-output.js';
export { parseSiteLogOutput, type SiteLogHeader } from './site-log-read.js';
export { siteConfigDelete, siteConfigList, siteConfigRead, siteConfigWrite, siteLogRead };

/** A site's web server configs and logs (apps/api/src/site-configs), run while the request waits. */
export const siteConfigRecipes: readonly Recipe[] = [
  siteConfigList,
  siteConfigRead,
  siteConfigWrite,
  siteConfigDelete,
  siteLogRead,
];
