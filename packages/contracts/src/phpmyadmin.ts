import { z } from 'zod';
import { defineRoutes } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';

/**
 * phpMyAdmin's routes (spec/000 §7 Sites: `phpmyadmin` code install and `phpmyadmin login`), part
 * of the databases area (its event description is in databases.ts). Import as
 * `@hostdeck/contracts/phpmyadmin`.
 */
export const PHPMYADMIN_MESSAGES = {
  alias: 'phpMyAdmin is installed on the parent site, not on an alias',
  notReady: 'The site is not ready yet',
  noPhp: 'PHP is not installed on this server',
  noPassword: 'The panel does not know the password of this database user; set a new password first',
  notMysql: 'phpMyAdmin signs in to MySQL and MariaDB users only',
} as const;

/** The event of an install (the description's id and its English, for the events catalogue). */
export const PHPMYADMIN_INSTALL_EVENT_TYPE = 'install_phpmyadmin';

export const phpmyadminLoginRequestSchema = z.strictObject({
  /** A row of database_users of the site's server. */
  database_user: z.number().int().positive(),
});
export type PhpmyadminLoginBody = z.infer<typeof phpmyadminLoginRequestSchema>;

/** Where the browser goes: the site's /hostdeck-signon.php with a single-use token (30 s). */
export const phpmyadminLoginResponseSchema = z.object({ data: z.object({ url: z.string() }) });

export const phpmyadminRouteContracts = defineRoutes({
  install: {
    method: 'POST',
    path: '/api/sites/:site/code/phpmyadmin',
    response: startedEventResponseSchema,
  },
  login: {
    method: 'POST',
    path: '/api/sites/:site/phpmyadmin/login',
    body: phpmyadminLoginRequestSchema,
    response: phpmyadminLoginResponseSchema,
  },
});
