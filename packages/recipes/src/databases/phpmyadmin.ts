import { z } from 'zod';
import { databaseUserSchema, domainSchema, phpVersionSchema } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { passwordBytes, passwordHexSchema, webServerInputSchema } from '../sites/site-inputs.js';

/**
 * phpMyAdmin (issue 15, point 4): Debian's package, served by a site of the server at /phpmyadmin/
 * behind that site's vhost and TLS, with single sign-on (auth_type `signon`). It runs in a PHP-FPM
 * pool of its own as the system user `hostdeck-phpmyadmin`, not in the site's pool: why, and every
 * file it writes, is in scripts/databases/phpmyadmin-config.sh.
 */

const MINUTE = 60_000;

/** The sha256 of a sign-on token, lowercase hex: the token itself never reaches the server. */
export const phpmyadminTokenHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'Invalid value');

export const phpmyadminInstallInputSchema = z.strictObject({
  /** The site that serves it (its vhost and certificate). */
  site: domainSchema,
  web_server: webServerInputSchema,
  /** The PHP version of phpMyAdmin's pool: the site's, or the server's default. */
  php_version: phpVersionSchema,
});

/**
 * Installs or upgrades phpMyAdmin and serves it on a site: `package` (apt, preseeded: no
 * dbconfig database, no web server touched), `config` (user, pool, sign-on configuration and
 * script), `site` (the site's include). Idempotent: a second run prints no `change` line unless
 * Debian has a newer phpmyadmin, which it then installs.
 */
export const phpmyadminInstall = defineRecipe({
  id: 'phpmyadmin-install',
  input: phpmyadminInstallInputSchema,
  steps: [
    {
      id: 'package',
      title: 'Install phpMyAdmin',
      script: 'databases/phpmyadmin-package.sh',
      timeoutMs: 15 * MINUTE,
      idempotent: true,
    },
    {
      id: 'config',
      title: 'Configure phpMyAdmin',
      script: 'databases/phpmyadmin-config.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
    {
      id: 'site',
      title: 'Serve phpMyAdmin on the site',
      script: 'databases/phpmyadmin-site.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_WEB_SERVER: input.web_server,
    HD_PHP_VERSION: input.php_version,
  }),
  example: { site: 'example.com', web_server: 'nginx', php_version: '8.2' },
});

export const phpmyadminSignonInputSchema = z.strictObject({
  site: domainSchema,
  token_hash: phpmyadminTokenHashSchema,
  /** The database user phpMyAdmin signs in as (never root: databaseUserSchema). */
  database_user: databaseUserSchema,
  /** Its password (password_hex, site-inputs.ts): reaches the server on stdin only. */
  password_hex: passwordHexSchema,
});

/**
 * A single-use sign-on: the token's hash, the site, the user and (stdin) the password, in a file
 * /hostdeck-signon.php claims once within 30 seconds.
 */
export const phpmyadminSignon = defineRecipe({
  id: 'phpmyadmin-signon',
  input: phpmyadminSignonInputSchema,
  steps: [
    {
      id: 'token',
      title: 'Prepare the phpMyAdmin sign-on',
      script: 'databases/phpmyadmin-signon.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_TOKEN_HASH: input.token_hash,
    HD_DATABASE_USER: input.database_user,
  }),
  secrets: (input) => passwordBytes(input.password_hex),
  example: {
    site: 'example.com',
    token_hash: 'a'.repeat(64),
    database_user: 'example_user',
    password_hex: '70617373776f7264',
  },
});

/** The phpMyAdmin recipes (re-exported by `@hostdeck/recipes/databases`). */
export const phpmyadminRecipes = [phpmyadminInstall, phpmyadminSignon] as const;
