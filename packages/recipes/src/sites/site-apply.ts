import { z } from 'zod';
import {
  domainSchema,
  ipSchema,
  linuxUserSchema,
  phpVersionSchema,
  portSchema,
  relativeDirectorySchema,
  siteOwnerSchema,
  wildcardDomainSchema,
} from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import {
  SPECIAL_USER_MESSAGE,
  flag,
  isolatedUserIsAllowed,
  passwordBytes,
  passwordHexSchema,
  webServerInputSchema,
} from './site-inputs.js';
import { phpExecutionTimeInputSchema, phpUploadSizeInputSchema } from '../php/php-inputs.js';

const MINUTE = 60_000;

/**
 * The whole desired state of a site (apps/api/src/sites/site-state.ts `SiteApplyInput`, plus the
 * isolated user's password as `password_hex`, optional: absent keeps the password as it is).
 * `linux_user` owns the site and runs its PHP: never a special user (root, www-data, nobody…);
 * `previous_linux_user` may be one, so a site can be moved away from it.
 */
export const siteApplyInputSchema = z
  .strictObject({
    site: domainSchema,
    aliases: z.array(wildcardDomainSchema).max(200),
    wildcard: z.boolean(),
    linux_user: siteOwnerSchema,
    isolated: z.boolean(),
    directory: relativeDirectorySchema,
    php_version: phpVersionSchema.nullable(),
    proxy_port: portSchema.nullable(),
    web_server: webServerInputSchema,
    enabled: z.boolean(),
    releases: z.boolean(),
    bindings: z.array(ipSchema).max(32),
    lockdown: z.boolean(),
    previous_linux_user: linuxUserSchema.optional(),
    password_hex: passwordHexSchema.optional(),
    /** The PHP limits of the site's version (servers.php_settings; issue 16): pool and web server. */
    php_upload_size_mb: phpUploadSizeInputSchema.optional(),
    php_execution_time: phpExecutionTimeInputSchema.optional(),
  })
  .refine(isolatedUserIsAllowed, { path: ['linux_user'], message: SPECIAL_USER_MESSAGE });

/**
 * Puts a site on its server as its row says, idempotently (a second run prints no `change` line):
 * `user` (the isolated user, or the default one checked), `home` (/home/USER/SITE and its web
 * root, moved from the previous owner), `php-pool` (the site's PHP-FPM pool running as its user,
 * or none), `vhost` (nginx or apache2: validated, rolled back on failure, reloaded only when it
 * changed; 443 only with both certificate files), `permissions` (lockdown on or off).
 * Every change of what a site looks like on the server (PHP version, proxy port, certificate,
 * first release, owner, aliases, toggle) is one run of this recipe with the new state.
 */
export const siteApply = defineRecipe({
  id: 'site-apply',
  input: siteApplyInputSchema,
  steps: [
    {
      id: 'user',
      title: 'Prepare the site user',
      script: 'sites/apply-user.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
    {
      id: 'home',
      title: 'Prepare the site folder',
      script: 'sites/apply-home.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
    {
      id: 'php-pool',
      title: 'Configure the PHP-FPM pool',
      script: 'sites/apply-php-pool.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
    {
      id: 'vhost',
      title: 'Configure the web server',
      script: 'sites/apply-vhost.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
    {
      id: 'permissions',
      title: 'Apply the file permissions',
      script: 'sites/apply-permissions.sh',
      timeoutMs: 10 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => {
    const environment: Record<string, string> = {
      HD_SITE: input.site,
      HD_ALIASES: input.aliases.join(' '),
      HD_WILDCARD: flag(input.wildcard),
      HD_LINUX_USER: input.linux_user,
      HD_ISOLATED: flag(input.isolated),
      HD_DIRECTORY: input.directory,
      HD_WEB_SERVER: input.web_server,
      HD_ENABLED: flag(input.enabled),
      HD_RELEASES: flag(input.releases),
      HD_BINDINGS: input.bindings.join(' '),
      HD_LOCKDOWN: flag(input.lockdown),
    };
    if (input.php_version !== null) environment.HD_PHP_VERSION = input.php_version;
    if (input.proxy_port !== null) environment.HD_PROXY_PORT = String(input.proxy_port);
    if (input.php_upload_size_mb !== undefined)
      environment.HD_PHP_UPLOAD_MB = String(input.php_upload_size_mb);
    if (input.php_execution_time !== undefined)
      environment.HD_PHP_EXECUTION_TIME = String(input.php_execution_time);
    if (input.previous_linux_user !== undefined)
      environment.HD_PREVIOUS_LINUX_USER = input.previous_linux_user;
    return environment;
  },
  secrets: (input) => passwordBytes(input.password_hex),
  example: {
    site: 'example.com',
    aliases: ['www.example.com', '*.example.net'],
    wildcard: false,
    linux_user: 'examplecom',
    isolated: true,
    directory: '/public',
    php_version: '8.2',
    proxy_port: null,
    web_server: 'nginx',
    enabled: true,
    releases: false,
    bindings: [],
    lockdown: false,
    previous_linux_user: 'hostdeck',
    password_hex: '70617373776f7264',
  },
});
