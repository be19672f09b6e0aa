import { z } from 'zod';
import { domainSchema, phpVersionSchema } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { webServerInputSchema } from '../sites/site-inputs.js';

/**
 * Roundcube webmail (issue 19, point 4): Debian's roundcube packages (sqlite), served by a site of
 * the server at /roundcube/ behind that site's vhost and TLS, signing in with a mail account over
 * IMAP on localhost. It runs in a PHP-FPM pool of its own as the system user `hostdeck-roundcube`,
 * like phpMyAdmin: why, and every file it writes, is in scripts/roundcube/roundcube-config.sh.
 */

const MINUTE = 60_000;

export const roundcubeInstallInputSchema = z.strictObject({
  /** The site that serves it (its vhost and certificate). */
  site: domainSchema,
  web_server: webServerInputSchema,
  /** The PHP version of Roundcube's pool: the site's, or the server's default. */
  php_version: phpVersionSchema,
});

/**
 * Installs or upgrades Roundcube and serves it on a site: `package` (apt, preseeded: no dbconfig
 * database, no web server touched), `config` (user, state, configuration, sqlite database, pool),
 * `site` (the site's include). Idempotent: a second run prints no `change` line.
 */
export const roundcubeInstall = defineRecipe({
  id: 'roundcube-install',
  input: roundcubeInstallInputSchema,
  steps: [
    {
      id: 'package',
      title: 'Install Roundcube',
      script: 'roundcube/roundcube-package.sh',
      timeoutMs: 15 * MINUTE,
      idempotent: true,
    },
    {
      id: 'config',
      title: 'Configure Roundcube',
      script: 'roundcube/roundcube-config.sh',
      timeoutMs: 3 * MINUTE,
      idempotent: true,
    },
    {
      id: 'site',
      title: 'Serve Roundcube on the site',
      script: 'roundcube/roundcube-site.sh',
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
