import enFiles from './en/files.json';
import enSites from './en/sites.json';
import enAccounts from './en/accounts.json';
import enCore from './en/core.json';
import enPages from './en/pages.json';
import enSearch from './en/search.json';
import enServers from './en/servers.json';
import enShell from './en/shell.json';
import enEvents from './en/events.json';

/**
 * The English the first bundle carries: every area but those of lazily loaded pages below. English
 * is the fallback; the whole catalogue (`en-all.ts`) is the reference for typed keys and the checks.
 * Top-level groups must not repeat across area files (the catalogue test checks).
 */
export const enBundled = {
  ...enCore,
  ...enShell,
  ...enAccounts,
  ...enPages,
  ...enSearch,
  ...enServers,
  ...enSites,
  ...enFiles,
  ...enEvents,
};

/**
 * Areas that only lazily loaded pages use (the terminal; the site's certificates, deployments,
 * commands and web server pages): their English comes with the page (`lazyPage(…, areas)` or a
 * section's `page.areas`, `loadCatalogueAreas` in i18n.ts), which keeps the first bundle within
 * its budget (scripts/check-bundle-size.mjs). Only dynamic imports may name these files here: a
 * static one would pull them into the first bundle.
 */
export const lazyEnglishAreas = {
  terminal: () => import('./en/terminal.json').then((module) => module.default),
  siteCertificates: () => import('./en/site-certificates.json').then((module) => module.default),
  siteDeployments: () => import('./en/site-deployments.json').then((module) => module.default),
  siteWebserver: () => import('./en/site-webserver.json').then((module) => module.default),
};
export type LazyCatalogueArea = keyof typeof lazyEnglishAreas;
