/**
 * What the user reads when a site call is refused. English catalogue keys with `{placeholders}`;
 * sites.vi.ts holds the Vietnamese.
 */
export const SITE_MESSAGES = {
  serverNotInstalled: 'Wait for the server to finish installing!',
  nameTaken: 'This domain is already a site on this server',
  noDatabaseServer: 'This server has no database server: install MariaDB, MySQL or PostgreSQL first',
  databaseTaken: 'A database with this name already exists on this server',
  databaseUserInvalid: 'This name cannot be used as a database user',
  phpNotInstalled: 'PHP {version} is not installed on this server',
  protected: 'This site is protected. Turn protection off to delete it.',
  balancing:
    'This site is a load balancer. Turn load balancing off first, so its nodes answer everyone again.',
  aliasOfAlias: 'An alias cannot have aliases of its own',
  aliasReadOnly: 'This site is an alias of {parent}: change {parent} instead',
  busy: 'This site is being created or deleted: wait for it to finish',
  sameServer: 'Choose another server to clone the site to',
  cloneTaken: 'A site with this domain already exists on the chosen server',
} as const;
