import enSites from './en/sites.json';
import viSites from './vi/sites.json';
import enSiteWebserver from './en/site-webserver.json';
import viSiteWebserver from './vi/site-webserver.json';
import enSiteSsl from './en/site-ssl.json';
import viSiteSsl from './vi/site-ssl.json';
import enSiteDeployments from './en/site-deployments.json';
import viSiteDeployments from './vi/site-deployments.json';
import enAccounts from './en/accounts.json';
import enCore from './en/core.json';
import enPages from './en/pages.json';
import enSearch from './en/search.json';
import enServers from './en/servers.json';
import enShell from './en/shell.json';
import viAccounts from './vi/accounts.json';
import viCore from './vi/core.json';
import viPages from './vi/pages.json';
import viSearch from './vi/search.json';
import viServers from './vi/servers.json';
import viShell from './vi/shell.json';

/**
 * The catalogues, one file per area so each area's strings sit together. Top-level groups must not
 * repeat across files (the catalogue test checks). English is the reference for typed keys.
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
};
export const viAreas = {
  core: viCore,
  shell: viShell,
  accounts: viAccounts,
  pages: viPages,
  search: viSearch,
  servers: viServers,
  sites: viSites,
  siteWebserver: viSiteWebserver,
  siteSsl: viSiteSsl,
  siteDeployments: viSiteDeployments,
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
};
export const vi = {
  ...viCore,
  ...viShell,
  ...viAccounts,
  ...viPages,
  ...viSearch,
  ...viServers,
  ...viSites,
  ...viSiteWebserver,
  ...viSiteSsl,
  ...viSiteDeployments,
};
