import enTerminal from './en/terminal.json';
import enSiteWebserver from './en/site-webserver.json';
import enSiteCertificates from './en/site-certificates.json';
import enSiteDeployments from './en/site-deployments.json';
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
 * The whole English catalogue, one file per area: the reference for typed keys (i18next.d.ts), the
 * tests and the catalogue check. The SPA itself loads it in two parts (`en.ts`); never import this
 * file from the app, or every area lands in the first bundle.
 */
export const enAreas = {
  core: enCore,
  shell: enShell,
  accounts: enAccounts,
  pages: enPages,
  search: enSearch,
  servers: enServers,
  sites: enSites,
  siteWebserver: enSiteWebserver,
  siteCertificates: enSiteCertificates,
  siteDeployments: enSiteDeployments,
  files: enFiles,
  terminal: enTerminal,
  events: enEvents,
};

export const en = {
  ...enCore,
  ...enShell,
  ...enAccounts,
  ...enPages,
  ...enSearch,
  ...enServers,
  ...enSites,
  ...enSiteWebserver,
  ...enSiteCertificates,
  ...enSiteDeployments,
  ...enFiles,
  ...enTerminal,
  ...enEvents,
};
