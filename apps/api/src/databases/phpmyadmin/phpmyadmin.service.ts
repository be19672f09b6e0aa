import { createHash, randomBytes } from 'node:crypto';
import { ERROR_IDS } from '@hostdeck/contracts';
import { phpmyadminInstall, phpmyadminSignon, toPasswordHex } from '@hostdeck/recipes/databases';
import { RecipeInputError } from '@hostdeck/recipes';
import { DomainError, NotFoundError, ValidationError } from '../../domain/errors.js';
import type { EventsService } from '../../events/events.service.js';
import type { Caller } from '../../policy/server-policy.js';
import type { SiteAccess, SiteRow, SiteServerRow } from '../../sites/site-access.js';
import { PHPMYADMIN_INSTALL_EVENT_TYPE, PHPMYADMIN_MESSAGES } from '@hostdeck/contracts/phpmyadmin';

/** A request the site cannot serve as it is (422, shown as the message). */
export class PhpmyadminError extends DomainError {
  readonly status = 422;
  readonly id = ERROR_IDS.validation;
}

/** What phpMyAdmin signs in as: a MySQL/MariaDB user of the server and its password. */
export interface PhpmyadminCredentials {
  user: string;
  password: string;
}

/** A row of database_users as the sign-on needs it (the password opened, null when unknown). */
export interface PhpmyadminDatabaseUser {
  type: string;
  name: string;
  password: string | null;
}

export interface PhpmyadminServiceDependencies {
  access: Pick<SiteAccess, 'authorize'>;
  events: Pick<EventsService, 'startRecipe'>;
  /** Whether the site's vhost serves a certificate (the sign-on link is https then). */
  hasCertificate(site: SiteRow): Promise<boolean>;
  /** Runs a recipe on the server while the request waits; RemoteCommandError when a step fails. */
  runRecipe(server: SiteServerRow, recipe: typeof phpmyadminSignon, input: unknown): Promise<string>;
  /** The database user `id` of the server, or null (another server's answers null too). */
  findDatabaseUser(serverId: number, id: number): Promise<PhpmyadminDatabaseUser | null>;
  /** Random bytes (tests give their own). */
  random?: (size: number) => Buffer;
}

/** The engines phpMyAdmin administers. */
const MYSQL_ENGINES = new Set(['mysql', 'mariadb']);

/**
 * phpMyAdmin for a site (issue 15, point 4): the install is an event running the recipe
 * `phpmyadmin-install` (packages/recipes/src/databases/phpmyadmin.ts: Debian's package, its own
 * pool, the site's include); "Open phpMyAdmin" leaves a single-use sign-on on the server (recipe
 * `phpmyadmin-signon`, the password on stdin) and answers the link that uses it. The browser gets
 * the token, the server only its sha256; no password is typed or put in a URL.
 */
export function createPhpmyadminService(dependencies: PhpmyadminServiceDependencies) {
  const { access, events } = dependencies;
  const random = dependencies.random ?? randomBytes;

  /** A parent site, settled, the caller may manage. */
  async function manageableSite(caller: Caller, siteId: number) {
    const authorized = await access.authorize(caller, siteId, 'manage');
    if (authorized.site.siteId !== null) throw new PhpmyadminError(PHPMYADMIN_MESSAGES.alias);
    if (authorized.site.status !== 'active') throw new PhpmyadminError(PHPMYADMIN_MESSAGES.notReady);
    return authorized;
  }

  /** Leaves the sign-on on the server; the link the browser opens (within 30 s, once). */
  async function signOn(site: SiteRow, server: SiteServerRow, credentials: PhpmyadminCredentials) {
    const token = random(32).toString('base64url');
    try {
      await dependencies.runRecipe(server, phpmyadminSignon, {
        site: site.name,
        token_hash: createHash('sha256').update(token).digest('hex'),
        database_user: credentials.user,
        password_hex: toPasswordHex(credentials.password),
      });
    } catch (error) {
      // The recipe's grammars refuse the value before anything runs (root, an option, a newline).
      if (error instanceof RecipeInputError) throw new ValidationError(error.fieldErrors);
      throw error;
    }
    const scheme = (await dependencies.hasCertificate(site)) ? 'https' : 'http';
    return { data: { url: `${scheme}://${site.name}/hostdeck-signon.php?token=${token}` } };
  }

  return {
    /** POST api/sites/{site}/code/phpmyadmin: installs (or upgrades) it and serves it on the site. */
    async install(caller: Caller, siteId: number) {
      const { site, server } = await manageableSite(caller, siteId);
      const phpVersion = site.phpVersion ?? server.defaultPhp;
      if (!phpVersion) throw new PhpmyadminError(PHPMYADMIN_MESSAGES.noPhp);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId: server.id,
        server,
        siteId: site.id,
        recipeId: phpmyadminInstall.id,
        input: {
          site: site.name,
          web_server: site.webServer === 'apache2' ? 'apache2' : 'nginx',
          php_version: phpVersion,
        },
        type: PHPMYADMIN_INSTALL_EVENT_TYPE,
        description: { id: 'installPhpmyadmin', values: { site: site.name } },
      });
      return { data: { id: event.id } };
    },

    /** Signs in as these credentials (the route passes a database user's; tests their own). */
    async login(caller: Caller, siteId: number, credentials: PhpmyadminCredentials) {
      const { site, server } = await manageableSite(caller, siteId);
      return signOn(site, server, credentials);
    },

    /** POST api/sites/{site}/phpmyadmin/login {database_user}: a user of the site's server. */
    async loginAs(caller: Caller, siteId: number, databaseUserId: number) {
      const { site, server } = await manageableSite(caller, siteId);
      const user = await dependencies.findDatabaseUser(server.id, databaseUserId);
      if (!user) throw new NotFoundError();
      if (!MYSQL_ENGINES.has(user.type)) throw new PhpmyadminError(PHPMYADMIN_MESSAGES.notMysql);
      if (user.password === null) throw new PhpmyadminError(PHPMYADMIN_MESSAGES.noPassword);
      return signOn(site, server, { user: user.name, password: user.password });
    },
  };
}
export type PhpmyadminService = ReturnType<typeof createPhpmyadminService>;
