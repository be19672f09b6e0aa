import enFiles from './en/files.json';
import enTerminal from './en/terminal.json';
import enSites from './en/sites.json';
import enSiteWebserver from './en/site-webserver.json';
import enSiteSsl from './en/site-ssl.json';
import enSiteDeployments from './en/site-deployments.json';
import enAccounts from './en/accounts.json';
import enCore from './en/core.json';
import enPages from './en/pages.json';
import enSearch from './en/search.json';
import enServers from './en/servers.json';
import enShell from './en/shell.json';

/**
 * The English catalogue, one file per area so each area's strings sit together. Top-level groups must
 * not repeat across files (the catalogue test checks). English is the reference for typed keys and the
 * fallback, so it is part of the first bundle.
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
  siteSsl: enSiteSsl,
  siteDeployments: enSiteDeployments,
  files: enFiles,
  terminal: enTerminal,
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
  ...enSiteSsl,
  ...enSiteDeployments,
  ...enFiles,
  ...enTerminal,
};
