import { z } from 'zod';
import { domainSchema, linuxUserSchema, phpVersionSchema } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { SPECIAL_USER_MESSAGE, flag, isolatedUserIsAllowed, webServerInputSchema } from './site-inputs.js';

const MINUTE = 60_000;

/**
 * Removes a site from its server, idempotently: `web-server` (vhost, link and extra configs of
 * nginx and apache2, validated and reloaded), `php-pool` (the site's pools of every version),
 * `files` (home, certificate files, logs, config backups), `user` (the isolated user, its
 * processes killed first, only with `delete_user`: the panel asks when no other site uses it).
 * Databases are dropped separately (site-database-drop), only when the user asks.
 */
export const siteDelete = defineRecipe({
  id: 'site-delete',
  input: z
    .strictObject({
      site: domainSchema,
      linux_user: linuxUserSchema,
      isolated: z.boolean(),
      web_server: webServerInputSchema,
      php_version: phpVersionSchema.nullable(),
      delete_user: z.boolean(),
    })
    .refine(isolatedUserIsAllowed, { path: ['linux_user'], message: SPECIAL_USER_MESSAGE }),
  steps: [
    {
      id: 'web-server',
      title: 'Remove the vhost',
      script: 'sites/delete-web-server.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
    {
      id: 'php-pool',
      title: 'Remove the PHP-FPM pool',
      script: 'sites/delete-php-pool.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
    {
      id: 'files',
      title: 'Remove the site files',
      script: 'sites/delete-files.sh',
      timeoutMs: 15 * MINUTE,
      idempotent: true,
    },
    {
      id: 'user',
      title: 'Remove the site user',
      script: 'sites/delete-user.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => {
    const environment: Record<string, string> = {
      HD_SITE: input.site,
      HD_LINUX_USER: input.linux_user,
      HD_ISOLATED: flag(input.isolated),
      HD_WEB_SERVER: input.web_server,
      HD_DELETE_USER: flag(input.delete_user),
    };
    if (input.php_version !== null) environment.HD_PHP_VERSION = input.php_version;
    return environment;
  },
  example: {
    site: 'example.com',
    linux_user: 'examplecom',
    isolated: true,
    web_server: 'nginx',
    php_version: '8.2',
    delete_user: true,
  },
});
