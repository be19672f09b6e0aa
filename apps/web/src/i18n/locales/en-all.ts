import enTerminal from './en/terminal.json';
import enSiteWebserver from './en/site-webserver.json';
import enSiteBalancing from './en/site-balancing.json';
import enSiteWordpress from './en/site-wordpress.json';
import enSiteN8n from './en/site-n8n.json';
import enSiteCertificates from './en/site-certificates.json';
import enSiteDeployments from './en/site-deployments.json';
import enFiles from './en/files.json';
import enSites from './en/sites.json';
import enAccounts from './en/accounts.json';
import enSocialites from './en/socialites.json';
import enCore from './en/core.json';
import enPages from './en/pages.json';
import enSearch from './en/search.json';
import enServers from './en/servers.json';
import enShell from './en/shell.json';
import enEvents from './en/events.json';
import { mergeCatalogues, sectionOfCataloguePath, type Catalogue } from '../section-catalogues';

/**
 * The whole English catalogue, one file per area: the reference for typed keys (i18next.d.ts), the
 * tests and the catalogue check. The SPA itself loads it in two parts (`en.ts`); never import this
 * file from the app, or every area lands in the first bundle.
 */
export const enAreas = {
  core: enCore,
  shell: enShell,
  accounts: enAccounts,
  socialites: enSocialites,
  pages: enPages,
  search: enSearch,
  servers: enServers,
  sites: enSites,
  siteWebserver: enSiteWebserver,
  siteBalancing: enSiteBalancing,
  siteWordpress: enSiteWordpress,
  siteN8n: enSiteN8n,
  siteCertificates: enSiteCertificates,
  siteDeployments: enSiteDeployments,
  files: enFiles,
  terminal: enTerminal,
  events: enEvents,
};

/** The server sections' page strings (servers/<id>/locales/en.json, section-catalogues.ts), by section. */
export const enSections: Readonly<Record<string, Catalogue>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Catalogue>('../../servers/*/locales/en.json', { eager: true, import: 'default' }),
  ).map(([file, catalogue]) => [sectionOfCataloguePath(file), catalogue]),
);

/** The sections' event texts (servers/<id>/ and sites/<id>/locales/events.en.json), by section. */
export const enSectionEvents: Readonly<Record<string, Catalogue>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Catalogue>(
      ['../../servers/*/locales/events.en.json', '../../sites/*/locales/events.en.json'],
      {
        eager: true,
        import: 'default',
      },
    ),
  ).map(([file, catalogue]) => [sectionOfCataloguePath(file), catalogue]),
);

const enMain = {
  ...enCore,
  ...enShell,
  ...enAccounts,
  ...enSocialites,
  ...enPages,
  ...enSearch,
  ...enServers,
  ...enSites,
  ...enSiteWebserver,
  ...enSiteBalancing,
  ...enSiteWordpress,
  ...enSiteN8n,
  ...enSiteCertificates,
  ...enSiteDeployments,
  ...enFiles,
  ...enTerminal,
  ...enEvents,
};

/** Every area's English and every section's (their `eventTexts` and `recipeSteps` merged in). */
export const en = mergeCatalogues(enMain, [...Object.values(enSections), ...Object.values(enSectionEvents)]);
