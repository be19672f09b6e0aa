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
};
export const viAreas = {
  core: viCore,
  shell: viShell,
  accounts: viAccounts,
  pages: viPages,
  search: viSearch,
  servers: viServers,
};

export const en = { ...enCore, ...enShell, ...enAccounts, ...enPages, ...enSearch, ...enServers };
export const vi = { ...viCore, ...viShell, ...viAccounts, ...viPages, ...viSearch, ...viServers };
