import viFiles from './vi/files.json';
import viTerminal from './vi/terminal.json';
import viSites from './vi/sites.json';
import viSiteWebserver from './vi/site-webserver.json';
import viSiteBalancing from './vi/site-balancing.json';
import viSiteWordpress from './vi/site-wordpress.json';
import viSiteN8n from './vi/site-n8n.json';
import viSiteCertificates from './vi/site-certificates.json';
import viSiteDeployments from './vi/site-deployments.json';
import viAccounts from './vi/accounts.json';
import viSocialites from './vi/socialites.json';
import viCore from './vi/core.json';
import viPages from './vi/pages.json';
import viSearch from './vi/search.json';
import viServers from './vi/servers.json';
import viShell from './vi/shell.json';
import viEvents from './vi/events.json';
import { mergeCatalogues, sectionOfCataloguePath, type Catalogue } from '../section-catalogues';

/**
 * The Vietnamese catalogue, one file per area so each area's strings sit together. Top-level groups must
 * not repeat across files (the catalogue test checks). Loaded on demand (i18n.ts): a visitor reading English
 * never downloads it.
 */
export const viAreas = {
  core: viCore,
  shell: viShell,
  accounts: viAccounts,
  socialites: viSocialites,
  pages: viPages,
  search: viSearch,
  servers: viServers,
  sites: viSites,
  siteWebserver: viSiteWebserver,
  siteBalancing: viSiteBalancing,
  siteWordpress: viSiteWordpress,
  siteN8n: viSiteN8n,
  siteCertificates: viSiteCertificates,
  siteDeployments: viSiteDeployments,
  files: viFiles,
  terminal: viTerminal,
  events: viEvents,
};

/**
 * The server sections' own Vietnamese (servers/<id>/locales/vi.json, section-catalogues.ts), by
 * section: in this chunk, like every area, so a reader in Vietnamese has every section's strings.
 */
export const viSections: Readonly<Record<string, Catalogue>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Catalogue>('../../servers/*/locales/vi.json', { eager: true, import: 'default' }),
  ).map(([file, catalogue]) => [sectionOfCataloguePath(file), catalogue]),
);

/** The server sections' event texts (servers/<id>/locales/events.vi.json), by section. */
export const viSectionEvents: Readonly<Record<string, Catalogue>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Catalogue>(
      ['../../servers/*/locales/events.vi.json', '../../sites/*/locales/events.vi.json'],
      {
        eager: true,
        import: 'default',
      },
    ),
  ).map(([file, catalogue]) => [sectionOfCataloguePath(file), catalogue]),
);

const viMain = {
  ...viCore,
  ...viShell,
  ...viAccounts,
  ...viSocialites,
  ...viPages,
  ...viSearch,
  ...viServers,
  ...viSites,
  ...viSiteWebserver,
  ...viSiteBalancing,
  ...viSiteWordpress,
  ...viSiteN8n,
  ...viSiteCertificates,
  ...viSiteDeployments,
  ...viFiles,
  ...viTerminal,
  ...viEvents,
};

export const vi = mergeCatalogues(viMain, [...Object.values(viSections), ...Object.values(viSectionEvents)]);
