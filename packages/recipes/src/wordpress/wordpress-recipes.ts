import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  databaseNameSchema,
  databaseUserSchema,
  domainSchema,
  phpVersionSchema,
  siteOwnerSchema,
} from '@hostdeck/contracts/grammars';
import {
  wordpressEmailSchema,
  wordpressItemTypeSchema,
  wordpressLoginSchema,
  wordpressQuerySchema,
  wordpressRoleSchema,
  wordpressSlugSchema,
  wordpressTitleSchema,
} from '@hostdeck/contracts/wordpress';
import { defineRecipe } from '../recipe.js';
import { recipeScriptsDirectory } from '../scripts.js';

/**
 * WordPress on a site (apps/api/src/wordpress, docs/wordpress.md). The panel's own PHP tool and
 * must-use plugin (scripts/wordpress/*.php, our files, never input) travel as environment values;
 * every other value passed a grammar. The tool runs as the site's Linux user.
 */

const MINUTE = 60_000;
const phpFile = (name: string) =>
  readFileSync(path.join(recipeScriptsDirectory(), 'wordpress', name), 'utf8');
const panelFiles = () => ({
  HD_WP_TOOL: phpFile('hostdeck-wp.php'),
  HD_WP_MU_PLUGIN: phpFile('hostdeck-mu.php'),
});

/** An http(s) URL without spaces, quotes or control characters (a setting, or the site's own). */
const urlSchema = z
  .string()
  .max(2000)
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?(\/[A-Za-z0-9._~%/+:@=&?-]*)?$/, 'an http(s) URL');
/** The site's URL: its scheme and domain, nothing else. */
const siteUrlSchema = z.string().regex(/^https?:\/\/[a-z0-9.-]+$/, 'the site URL');
/** Database passwords the panel makes for WordPress: letters and digits (written in wp-config.php). */
const alnumPasswordSchema = z.string().regex(/^[A-Za-z0-9]{16,64}$/);

const siteFields = {
  site: domainSchema,
  linux_user: siteOwnerSchema,
  php_version: phpVersionSchema,
  url: siteUrlSchema,
  directory_api: urlSchema,
};
const siteEnvironment = (input: {
  site: string;
  linux_user: string;
  php_version: string;
  url: string;
  directory_api: string;
}) => ({
  HD_SITE: input.site,
  HD_LINUX_USER: input.linux_user,
  HD_PHP_VERSION: input.php_version,
  HD_WP_URL: input.url,
  HD_WP_DIRECTORY: input.directory_api,
});
const siteExample = {
  site: 'example.com',
  linux_user: 'example',
  php_version: '8.2',
  url: 'http://example.com',
  directory_api: 'https://api.wordpress.org',
} as const;

export const wordpressInstall = defineRecipe({
  id: 'wordpress-install',
  input: z.strictObject({
    ...siteFields,
    download_url: urlSchema,
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    database: databaseNameSchema,
    database_user: databaseUserSchema,
    database_password: alnumPasswordSchema,
    title: wordpressTitleSchema,
    admin_user: wordpressLoginSchema,
    admin_email: wordpressEmailSchema,
  }),
  steps: [
    {
      id: 'install',
      title: 'Install WordPress',
      script: 'wordpress/install.sh',
      timeoutMs: 10 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    ...siteEnvironment(input),
    HD_WP_DOWNLOAD_URL: input.download_url,
    ...(input.sha256 === undefined ? {} : { HD_WP_SHA256: input.sha256 }),
    HD_DB_NAME: input.database,
    HD_DB_USER: input.database_user,
    HD_WP_TITLE: input.title,
    HD_WP_ADMIN: input.admin_user,
    HD_WP_EMAIL: input.admin_email,
    ...panelFiles(),
  }),
  secrets: (input) => input.database_password,
  example: {
    ...siteExample,
    download_url: 'https://wordpress.org/latest.tar.gz',
    sha256: '0'.repeat(64),
    database: 'wp_example',
    database_user: 'wp_example',
    database_password: 'abcdefghij0123456789',
    title: 'Example',
    admin_user: 'admin',
    admin_email: 'admin@example.com',
  },
});

/**
 * A core update (docs/wordpress.md, "Safe update"): the tarball the download setting serves, a
 * snapshot of the core files and the database first, WordPress's database upgrade, then the home
 * page and wp-login.php checked; on failure both are put back and the event fails saying so.
 */
/**
 * The panel stops managing WordPress on a site (DELETE api/sites/{site}/uninstall): its cron line
 * and must-use plugin go, WordPress keeps serving; with `delete_data` its files and snapshots go
 * too (the panel then drops its database and user with the databases area's recipes).
 */
export const wordpressUninstall = defineRecipe({
  id: 'wordpress-uninstall',
  input: z.strictObject({
    site: domainSchema,
    linux_user: siteOwnerSchema,
    delete_data: z.boolean(),
  }),
  steps: [
    {
      id: 'uninstall',
      title: 'Remove WordPress from the panel',
      script: 'wordpress/uninstall.sh',
      timeoutMs: 10 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_SITE: input.site,
    HD_LINUX_USER: input.linux_user,
    HD_DELETE_DATA: input.delete_data ? '1' : '0',
  }),
  example: { site: 'example.com', linux_user: 'hostdeck', delete_data: false },
});

export const wordpressCoreUpdate = defineRecipe({
  id: 'wordpress-core-update',
  input: z.strictObject({
    ...siteFields,
    download_url: urlSchema,
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  }),
  steps: [
    {
      id: 'update',
      title: 'Update WordPress, rolled back if the site breaks',
      script: 'wordpress/core-update.sh',
      timeoutMs: 15 * MINUTE,
      idempotent: false,
    },
  ],
  environment: (input) => ({
    ...siteEnvironment(input),
    HD_WP_DOWNLOAD_URL: input.download_url,
    ...(input.sha256 === undefined ? {} : { HD_WP_SHA256: input.sha256 }),
    ...panelFiles(),
  }),
  example: {
    ...siteExample,
    download_url: 'https://wordpress.org/latest.tar.gz',
    sha256: '0'.repeat(64),
  },
});

export const WORDPRESS_ACTIONS = [
  'info',
  'list',
  'search',
  'install-item',
  'update',
  'delete',
  'toggle',
  'auto-update',
  'login-token',
  'login-revoke',
  'users',
  'user-create',
  'user-role',
  'user-reset',
  'optimize',
  'wprocket',
  'search-replace',
  /** WordPress's home URL, and every link to it, become the input's `url` (the site's scheme changed). */
  'site-url',
] as const;

export const wordpressRun = defineRecipe({
  id: 'wordpress-run',
  input: z.strictObject({
    ...siteFields,
    action: z.enum(WORDPRESS_ACTIONS),
    type: wordpressItemTypeSchema.optional(),
    slug: wordpressSlugSchema.optional(),
    /** Every item of the type (auto-update): the tool gets the slug `*`, never from input. */
    all: z.literal(true).optional(),
    on: z.boolean().optional(),
    query: wordpressQuerySchema.optional(),
    user: wordpressLoginSchema.optional(),
    email: wordpressEmailSchema.optional(),
    role: wordpressRoleSchema.optional(),
    ttl: z.number().int().min(5).max(300).optional(),
    from: domainSchema.optional(),
    to: domainSchema.optional(),
  }),
  steps: [
    {
      id: 'run',
      title: 'Run the WordPress action',
      script: 'wordpress/run.sh',
      timeoutMs: 10 * MINUTE,
      idempotent: false,
    },
  ],
  environment: (input) => ({
    ...siteEnvironment(input),
    HD_WP_ACTION: input.action,
    ...(input.type === undefined ? {} : { HD_WP_TYPE: input.type }),
    ...(input.all ? { HD_WP_SLUG: '*' } : input.slug === undefined ? {} : { HD_WP_SLUG: input.slug }),
    ...(input.on === undefined ? {} : { HD_WP_ON: input.on ? '1' : '0' }),
    ...(input.query === undefined ? {} : { HD_WP_QUERY: input.query }),
    ...(input.user === undefined ? {} : { HD_WP_USER: input.user }),
    ...(input.email === undefined ? {} : { HD_WP_EMAIL: input.email }),
    ...(input.role === undefined ? {} : { HD_WP_ROLE: input.role }),
    ...(input.ttl === undefined ? {} : { HD_WP_TTL: String(input.ttl) }),
    ...(input.from === undefined ? {} : { HD_WP_FROM: input.from }),
    ...(input.to === undefined ? {} : { HD_WP_TO: input.to }),
    ...panelFiles(),
  }),
  example: { ...siteExample, action: 'list', type: 'plugins' },
});

/** The tool's JSON: the last line of the step's stdout that is an object. */
export function parseWordpressOutput(stdout: string): Record<string, unknown> {
  const lines = stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('{'));
  const last = lines.at(-1);
  if (!last) throw new Error('the WordPress tool printed no JSON');
  return z.record(z.string(), z.unknown()).parse(JSON.parse(last));
}
