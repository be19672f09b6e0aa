import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { domainSchema } from './grammars.js';
import { defineRoutes, idParamSchema } from './route-contract.js';

/**
 * WordPress on a site (issue 21 point 3; spec/000 §2 `/sites/{site}/wordpress`, §7 code install
 * POST `wordpress`, the WordPress calls and the servers' auto-login DELETE). Every value that
 * reaches the server passes a grammar here first: slugs, the type, search words, user logins,
 * e-mails and roles. Import as `@hostdeck/contracts/wordpress`. docs/wordpress.md.
 */

/** English messages (i18n keys); Vietnamese in apps/api/src/wordpress/wordpress.vi.ts. */
export const WORDPRESS_MESSAGES = {
  slug: 'Lowercase letters, digits and hyphens, starting with a letter or digit (at most 100)',
  query: 'Letters, digits, spaces, dots and hyphens, starting with a letter or digit (at most 100)',
  login: 'Letters, digits and . _ @ -, starting with a letter or digit (at most 60)',
  email: 'A valid e-mail address',
  title: "Letters, digits, spaces and . , ' ! ? : ( ) -, starting with a letter or digit (at most 100)",
  installed: 'This site already has its code ({codeType})',
  notInstalled: 'WordPress is not installed on this site',
  alias: 'An alias shares its parent site’s code: install WordPress on the parent site',
  noPhp: 'WordPress needs PHP: choose a PHP version for the site first',
  noMysql: 'WordPress needs MySQL or MariaDB on the server',
  busy: 'WordPress is being installed on this site',
} as const;

const wordpressSlugPattern = /^[a-z0-9][a-z0-9-]{0,99}$/;
export const wordpressSlugSchema = z.string().regex(wordpressSlugPattern, WORDPRESS_MESSAGES.slug);
export const WORDPRESS_ITEM_TYPES = ['plugins', 'themes'] as const;
export const wordpressItemTypeSchema = z.enum(WORDPRESS_ITEM_TYPES);
export type WordpressItemType = z.infer<typeof wordpressItemTypeSchema>;
export const wordpressQuerySchema = z
  .string()
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,99}$/u, WORDPRESS_MESSAGES.query);
export const wordpressLoginSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._@-]{0,59}$/, WORDPRESS_MESSAGES.login);
export const wordpressEmailSchema = z
  .string()
  .max(100)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+$/,
    WORDPRESS_MESSAGES.email,
  );
export const WORDPRESS_ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export const wordpressRoleSchema = z.enum(WORDPRESS_ROLES);
export type WordpressRole = z.infer<typeof wordpressRoleSchema>;
/** A site title: printable text (no control characters), reaches PHP as an environment value. */
export const wordpressTitleSchema = z
  .string()
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} .,'!?:()-]{0,99}$/u, WORDPRESS_MESSAGES.title);

/** POST api/sites/{site}/code/wordpress */
export const wordpressInstallRequestSchema = z.strictObject({
  title: wordpressTitleSchema.optional(),
  admin_user: wordpressLoginSchema,
  admin_email: wordpressEmailSchema,
});
export type WordpressInstallRequest = z.infer<typeof wordpressInstallRequestSchema>;

export const wordpressStartedSchema = z.object({ data: z.object({ id: z.number().int() }) });

export const wordpressInfoSchema = z.object({
  installed: z.boolean(),
  version: z.string().nullable(),
  url: z.string().nullable(),
  title: z.string().nullable(),
  admins: z.array(z.string()),
});
export type WordpressInfo = z.infer<typeof wordpressInfoSchema>;

export const wordpressItemSchema = z.object({
  slug: z.string(),
  name: z.string(),
  version: z.string(),
  status: z.enum(['active', 'inactive']),
  update: z.string().nullable(),
  auto_update: z.boolean(),
});
export type WordpressItem = z.infer<typeof wordpressItemSchema>;

export const wordpressUserSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  email: z.string(),
  role: z.string(),
});
export type WordpressUser = z.infer<typeof wordpressUserSchema>;

export const wordpressSearchItemSchema = z.object({
  slug: z.string(),
  name: z.string(),
  version: z.string(),
  description: z.string(),
});

const typeParams = z.object({ site: idParamSchema, type: wordpressItemTypeSchema });
const slugBody = z.strictObject({ slug: wordpressSlugSchema });

export const wordpressRoutes = defineRoutes({
  install: {
    method: 'POST',
    path: '/api/sites/:site/code/wordpress',
    body: wordpressInstallRequestSchema,
    response: wordpressStartedSchema,
  },
  index: {
    method: 'GET',
    path: '/api/sites/:site/wordpress',
    response: z.object({ data: wordpressInfoSchema }),
  },
  items: {
    method: 'GET',
    path: '/api/sites/:site/wordpress/:type',
    params: typeParams,
    response: z.object({ data: z.array(wordpressItemSchema) }),
  },
  search: {
    method: 'GET',
    path: '/api/sites/:site/wordpress/:type/search',
    params: typeParams,
    query: z.object({ q: wordpressQuerySchema }),
    response: z.object({ data: z.array(wordpressSearchItemSchema) }),
  },
  installItem: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/:type/install',
    params: typeParams,
    body: slugBody,
    response: wordpressStartedSchema,
  },
  update: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/:type/update',
    params: typeParams,
    body: slugBody,
    response: wordpressStartedSchema,
  },
  delete: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/:type/delete',
    params: typeParams,
    body: slugBody,
    response: wordpressStartedSchema,
  },
  toggle: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/:type/toggle',
    params: typeParams,
    body: z.strictObject({ slug: wordpressSlugSchema, active: z.boolean() }),
    response: wordpressStartedSchema,
  },
  autoUpdate: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/:type/auto-update',
    params: typeParams,
    body: z.strictObject({ slug: wordpressSlugSchema.or(z.literal('*')), enabled: z.boolean() }),
    response: wordpressStartedSchema,
  },
  users: {
    method: 'GET',
    path: '/api/sites/:site/wordpress/users',
    response: z.object({ data: z.array(wordpressUserSchema) }),
  },
  createUser: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/users',
    body: z.strictObject({
      login: wordpressLoginSchema,
      email: wordpressEmailSchema,
      role: wordpressRoleSchema,
    }),
    response: wordpressStartedSchema,
  },
  setUserRole: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/users/role',
    body: z.strictObject({ login: wordpressLoginSchema, role: wordpressRoleSchema }),
    response: wordpressStartedSchema,
  },
  /** A password reset link of WordPress's own (its key kept hashed by WordPress), shown once. */
  resetUserPassword: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/users/reset',
    body: z.strictObject({ login: wordpressLoginSchema }),
    response: z.object({ data: z.object({ url: z.string() }) }),
  },
  /** Cleans revisions, drafts, spam, orphaned meta and expired transients, optimizes the tables: the log is the event's output. */
  /** Core update to what WORDPRESS_DOWNLOAD_URL serves: files and database snapshot, checks, automatic rollback. */
  updateCore: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/core/update',
    response: wordpressStartedSchema,
  },
  optimization: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/optimization',
    response: wordpressStartedSchema,
  },
  wprocket: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/wprocket',
    body: z.strictObject({ enabled: z.boolean() }),
    response: wordpressStartedSchema,
  },
  /** After a domain change: the old domain replaced by the new one in the database (serialized data kept valid). */
  searchReplace: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/search-replace',
    body: z.strictObject({ from: domainSchema, to: domainSchema }),
    response: wordpressStartedSchema,
  },
  login: {
    method: 'POST',
    path: '/api/sites/:site/wordpress/login',
    body: z.strictObject({ user: wordpressLoginSchema.optional() }),
    response: z.object({ data: z.object({ url: z.string(), expires_in: z.number().int() }) }),
  },
  revokeLogins: {
    method: 'DELETE',
    path: '/api/servers/:server/wordpress/auto-login',
    params: z.object({ server: idParamSchema }),
    response: wordpressStartedSchema,
  },
});

export const WORDPRESS_EVENT_TYPES = {
  install: 'wordpress_install',
  item: 'wordpress_item',
  revoke: 'wordpress_revoke_logins',
  user: 'wordpress_user',
  maintenance: 'wordpress_maintenance',
  core: 'wordpress_core_update',
} as const;

export const WORDPRESS_EVENT_DESCRIPTIONS = defineEventDescriptions({
  installWordpress: 'Install WordPress on {site}',
  installWordpressItem: 'Install {slug} ({type}) on {site}',
  updateWordpressItem: 'Update {slug} ({type}) on {site}, rolled back if the site breaks',
  deleteWordpressItem: 'Delete {slug} ({type}) from {site}',
  activateWordpressItem: 'Activate {slug} ({type}) on {site}',
  deactivateWordpressItem: 'Deactivate {slug} ({type}) on {site}',
  autoUpdateWordpressOn: 'Turn on auto-updates of {slug} ({type}) on {site}',
  autoUpdateWordpressOff: 'Turn off auto-updates of {slug} ({type}) on {site}',
  revokeWordpressLogins: 'Revoke every WordPress sign-in link on {server}',
  createWordpressUser: 'Create the WordPress user {login} ({role}) on {site}',
  setWordpressUserRole: 'Give the WordPress user {login} the role {role} on {site}',
  optimizeWordpress: 'Optimize the WordPress database of {site}',
  wprocketOn: 'Turn WP Rocket on for {site}',
  wprocketOff: 'Turn WP Rocket off for {site}',
  searchReplaceWordpress: 'Replace {from} with {to} in the WordPress database of {site}',
  wordpressSiteUrl: 'Point WordPress on {site} at {url}',
  updateWordpressCore: 'Update WordPress on {site}, rolled back if the site breaks',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    wordpress: typeof WORDPRESS_EVENT_DESCRIPTIONS;
  }
}
