import { z } from 'zod';
import { GENERATED_PASSWORD_LENGTH, SITE_DEFAULT_DIRECTORY } from './constants.js';
import {
  databaseNameSchema,
  domainSchema,
  hasControlCharacters,
  ipSchema,
  phpVersionSchema,
  portSchema,
  relativeDirectorySchema,
  siteUserSchema,
  wildcardDomainSchema,
} from './grammars.js';
import { paginatedSchema } from './pagination.js';
import { searchablePageQuerySchema } from './servers.js';
import { startedEventResponseSchema } from './server-management.js';
import { SITE_WEB_SERVERS } from './site-configs.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';
import { defineRoutes } from './route-contract.js';

/**
 * Sites (spec/000 §2 site routes, §3 Site and Site create payload, §5 site creation, §7 Sites).
 * Requests are strict objects: unknown fields are errors. Every value that reaches a server is
 * parsed by a grammar of grammars.ts; secrets (the isolated user's password, the database
 * password) travel through stdin and are never part of a response, except the database password
 * answered once by POST api/sites.
 */

/** Messages of this area (English text = i18n key; Vietnamese in the API's and web's catalogues). */
export const SITE_MESSAGES = {
  passwordTooShort: 'Min 20 characters',
  freeDomainUnavailable: 'Free domains are not available on this panel yet',
  freeDomainNamed: 'A site with a free domain gets a generated name: leave the domain empty',
  aliasParentMismatch: 'The parent site must be on the same server',
} as const;

export const SITE_DATABASE_TYPES = ['mysql', 'mariadb', 'postgresql'] as const;
/** `creating` until the create event ends, then `active` or `failed`; `deleting` while removed. */
export const SITE_STATUSES = ['creating', 'active', 'failed', 'deleting'] as const;

/** A site as lists and global search see it (spec/000 §3 Site). */
export const siteSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  server_id: z.number().int(),
  /** The parent site of an alias; null for a parent. */
  site_id: z.number().int().nullable(),
  /** The agent's own site (proxy port 2022, spec/000 §3, §9). */
  is_agent: z.boolean(),
  proxy_port: z.number().int().nullable(),
  /** wordpress, n8n, phpmyadmin, git and others; null before any code is installed. */
  code_type: z.string().nullable(),
  /** The code type's icon name and colour (code-types.ts); null without a code type. */
  code_type_icon: z.string().nullable(),
  code_type_color: z.string().nullable(),
  linux_user: z.string().nullable(),
  directory: z.string(),
  enabled: z.boolean(),
  /** Per caller, like a server's. */
  is_favorite: z.boolean(),
  /** SITE_STATUSES. */
  status: z.string(),
  /** The server's name, for lists across servers. */
  server_name: z.string(),
  created_at: z.string(),
});
export type SiteSummary = z.infer<typeof siteSummarySchema>;
export const siteListSchema = paginatedSchema(siteSummarySchema);

/** The certificate the vhost serves (never its key or PEM). */
export const siteActiveCertificateSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  domains: z.array(z.string()),
  expires_at: z.string().nullable(),
});

/** The database created with the site (never its password). */
export const siteDatabaseSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  username: z.string(),
});

/** One site in full (GET api/sites/{site}). */
export const siteDetailSchema = siteSummarySchema.extend({
  /** The site's own Unix user and PHP-FPM pool (website isolation). */
  isolated: z.boolean(),
  php_version: z.string().nullable(),
  wildcard: z.boolean(),
  web_server: z.enum(SITE_WEB_SERVERS),
  protected: z.boolean(),
  lockdown: z.boolean(),
  /** Addresses the vhost listens on; empty = every address. */
  bindings: z.array(z.string()),
  telegram_notification: z.boolean(),
  /** `/home/{linux_user}/{site}` (spec/000 §9). */
  home: z.string(),
  certificate: siteActiveCertificateSchema.nullable(),
  /** Alias sites of this site (rows whose site_id is this site). */
  aliases: z.array(z.object({ id: z.number().int(), name: z.string() })),
  server: z.object({
    id: z.number().int(),
    name: z.string(),
    ip: z.string(),
    installed: z.boolean(),
    default_linux_user: z.string(),
  }),
  database: siteDatabaseSchema.nullable(),
  /** The release `current` points at when deployments manage the site (see site-deployments). */
  current_release: z.string().nullable(),
  /** The event that created the site, for its output while it is `creating` or after `failed`. */
  create_event_id: z.number().int().nullable(),
});
export type SiteDetail = z.infer<typeof siteDetailSchema>;
export const siteDetailResponseSchema = z.object({ data: siteDetailSchema });

/** An optional field a form clears to '' or null: treated as absent. */
const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * `schema`, reading '' and null as absent first. Typed as `schema` itself: clients send the value
 * or nothing; the panel also forgives the blank a cleared form field leaves.
 */
function blankable<S extends z.ZodType>(schema: S): S {
  return z.preprocess(blankAsAbsent, schema) as unknown as S;
}

/** The isolated user's password: 20+ characters, no control character; reaches the server over stdin. */
export const sitePasswordSchema = z
  .string()
  .min(GENERATED_PASSWORD_LENGTH, SITE_MESSAGES.passwordTooShort)
  .max(255, VALIDATION_MESSAGES.max255)
  .refine((value) => !hasControlCharacters(value), VALIDATION_MESSAGES.invalid);

/**
 * POST api/sites (spec/000 §3 Site create payload, §5). With `isolation`, `username` and
 * `password` are required (the form generates both: deriveSiteUsername, generatePassword);
 * without it the site runs as the server's default Linux user. `database_name` asks for a
 * database (and a user of the same name) on the server's database engine. `site_id` makes the new
 * site an alias of that site (same server). `username` may not be root, a system account or the
 * server's default user ('You can not use special user'; the last is checked by the panel).
 */
export const createSiteRequestSchema = z
  .strictObject({
    /** Absent with `use_free_domain`: the panel generates `{label}.{zone}` (docs/free-domains.md). */
    name: blankable(domainSchema.optional()),
    server_id: z.number().int().positive(),
    aliases: z.array(wildcardDomainSchema).max(100).default([]),
    directory: blankable(relativeDirectorySchema.default(SITE_DEFAULT_DIRECTORY)),
    /** null (or absent) for a site without PHP. */
    php_version: blankable(phpVersionSchema.nullable().default(null)),
    database_name: blankable(databaseNameSchema.optional()),
    proxy_port: blankable(portSchema.optional()),
    wildcards: z.boolean().default(false),
    isolation: z.boolean().default(false),
    username: blankable(siteUserSchema.optional()),
    password: blankable(sitePasswordSchema.optional()),
    site_id: blankable(z.number().int().positive().optional()),
    /**
     * A free subdomain in the operator's zone instead of `name` (docs/free-domains.md); refused
     * with a field error when the panel has none configured (app info `free_domain_zone`).
     */
    use_free_domain: z.boolean().optional(),
  })
  .refine((value) => value?.use_free_domain === true || value?.name !== undefined, {
    path: ['name'],
    message: VALIDATION_MESSAGES.required,
    when: () => true,
  })
  .refine((value) => value?.use_free_domain !== true || value.name === undefined, {
    path: ['name'],
    message: SITE_MESSAGES.freeDomainNamed,
    when: () => true,
  })
  .refine((value) => value?.use_free_domain !== true || value.site_id === undefined, {
    path: ['site_id'],
    message: VALIDATION_MESSAGES.invalid,
    when: () => true,
  })
  // `when`: reported with the other field errors, not only once every other field is valid.
  .refine((value) => !value?.isolation || value.username !== undefined, {
    path: ['username'],
    message: VALIDATION_MESSAGES.required,
    when: () => true,
  })
  .refine((value) => !value?.isolation || value.password !== undefined, {
    path: ['password'],
    message: VALIDATION_MESSAGES.required,
    when: () => true,
  });
export type CreateSiteRequest = z.input<typeof createSiteRequestSchema>;
export type CreateSiteValues = z.output<typeof createSiteRequestSchema>;

/** POST api/sites: the new site, its create event, and the database password, shown once. */
export const createSiteResponseSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  database_password: z.string().optional(),
});

/** A site's display name (PUT api/sites/{site}/name): the domain stays the vhost's name. */
export const siteDisplayNameSchema = z
  .string()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(255, VALIDATION_MESSAGES.max255)
  .refine((value) => !hasControlCharacters(value), VALIDATION_MESSAGES.invalid);

export const renameSiteRequestSchema = z.strictObject({ name: siteDisplayNameSchema });
export const siteFavoriteRequestSchema = z.strictObject({ is_favorite: z.boolean().optional() });
export const siteFavoriteResponseSchema = z.object({ is_favorite: z.boolean() });
export const protectSiteRequestSchema = z.strictObject({ protected: z.boolean() });
/** POST toggle: sets `enabled` when given, otherwise flips it. */
export const toggleSiteRequestSchema = z.strictObject({ enabled: z.boolean().optional() });
export const sitePhpVersionRequestSchema = z.strictObject({ php_version: phpVersionSchema.nullable() });
/** null removes the reverse proxy. */
export const siteProxyPortRequestSchema = z.strictObject({ proxy_port: portSchema.nullable() });
export const siteDirectoryRequestSchema = z.strictObject({ directory: relativeDirectorySchema });
/** A new owner: the site's home moves to /home/{linux_user}/{site}. */
export const siteOwnerRequestSchema = z.strictObject({
  linux_user: siteUserSchema,
  /** Required when the owner does not exist yet and the site becomes isolated with a password. */
  password: blankable(sitePasswordSchema.optional()),
});
export const siteAliasRequestSchema = z.strictObject({ name: wildcardDomainSchema });
export const siteLockdownRequestSchema = z.strictObject({ enabled: z.boolean() });
export const siteBindingsRequestSchema = z.strictObject({ ips: z.array(ipSchema).max(32) });
export const siteCloneRequestSchema = z.strictObject({ server_id: z.number().int().positive() });
/** DELETE api/sites/{site}: the site's database goes too only when asked. */
export const deleteSiteRequestSchema = z.strictObject({ delete_database: z.boolean().default(false) });
export const deleteSiteQuerySchema = z.object({
  delete_database: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

/** GET|POST ip-remote-check: what the site's name resolves to, and whether that is its server. */
export const ipRemoteCheckResponseSchema = z.object({
  ip: z.string(),
  matches: z.boolean(),
  addresses: z.array(z.string()),
});

/** Calls that start an event answer 201 with it (spec/000 §4): `{ data: { id } }`. */
export const siteEventResponseSchema = startedEventResponseSchema;

/** Site calls (spec/000 §7 Sites). Paths use `:param` placeholders. */
export const siteRoutes = defineRoutes({
  listSites: {
    method: 'GET',
    path: '/api/sites',
    query: searchablePageQuerySchema,
    response: siteListSchema,
  },
  serverSites: {
    method: 'GET',
    path: '/api/servers/:server/sites',
    query: searchablePageQuerySchema,
    response: siteListSchema,
  },
  createSite: {
    method: 'POST',
    path: '/api/sites',
    body: createSiteRequestSchema,
    response: createSiteResponseSchema,
  },
  showSite: { method: 'GET', path: '/api/sites/:site', response: siteDetailResponseSchema },
  /** Body or query `delete_database`; an alias's parent is applied again without it. */
  deleteSite: {
    method: 'DELETE',
    path: '/api/sites/:site',
    query: deleteSiteQuerySchema,
    body: deleteSiteRequestSchema.nullish(),
    response: siteEventResponseSchema,
  },
  rename: {
    method: 'PUT',
    path: '/api/sites/:site/name',
    body: renameSiteRequestSchema,
    response: siteDetailResponseSchema,
  },
  favorite: {
    method: 'POST',
    path: '/api/sites/:site/favorite',
    body: siteFavoriteRequestSchema.nullish(),
    response: siteFavoriteResponseSchema,
  },
  protect: {
    method: 'POST',
    path: '/api/sites/:site/protect',
    body: protectSiteRequestSchema,
    response: siteDetailResponseSchema,
  },
  toggle: {
    method: 'POST',
    path: '/api/sites/:site/toggle',
    body: toggleSiteRequestSchema.nullish(),
    response: siteEventResponseSchema,
  },
  phpVersion: {
    method: 'PUT',
    path: '/api/sites/:site/php_version',
    body: sitePhpVersionRequestSchema,
    response: siteEventResponseSchema,
  },
  proxyPort: {
    method: 'PUT',
    path: '/api/sites/:site/proxy_port',
    body: siteProxyPortRequestSchema,
    response: siteEventResponseSchema,
  },
  directory: {
    method: 'PUT',
    path: '/api/sites/:site/directory',
    body: siteDirectoryRequestSchema,
    response: siteEventResponseSchema,
  },
  owner: {
    method: 'PUT',
    path: '/api/sites/:site/owner',
    body: siteOwnerRequestSchema,
    response: siteEventResponseSchema,
  },
  /** Creates an alias site (site_id = this site) and applies this site again. */
  alias: {
    method: 'POST',
    path: '/api/sites/:site/alias',
    body: siteAliasRequestSchema,
    response: siteEventResponseSchema,
  },
  chmod: { method: 'POST', path: '/api/sites/:site/chmod', response: siteEventResponseSchema },
  chown: { method: 'POST', path: '/api/sites/:site/chown', response: siteEventResponseSchema },
  lockdown: {
    method: 'POST',
    path: '/api/sites/:site/lockdown',
    body: siteLockdownRequestSchema,
    response: siteEventResponseSchema,
  },
  bindings: {
    method: 'POST',
    path: '/api/sites/:site/bindings',
    body: siteBindingsRequestSchema,
    response: siteEventResponseSchema,
  },
  ipRemoteCheck: {
    method: 'GET',
    path: '/api/sites/:site/ip-remote-check',
    response: ipRemoteCheckResponseSchema,
  },
  ipRemoteCheckPost: {
    method: 'POST',
    path: '/api/sites/:site/ip-remote-check',
    response: ipRemoteCheckResponseSchema,
  },
  /** DELETE turns Telegram notifications off; POST turns them on again. */
  telegramNotificationOff: {
    method: 'DELETE',
    path: '/api/sites/:site/telegram-notification',
    response: siteDetailResponseSchema,
  },
  telegramNotificationOn: {
    method: 'POST',
    path: '/api/sites/:site/telegram-notification',
    response: siteDetailResponseSchema,
  },
  /** The same site on another installed server, files copied; answers the new site and its event. */
  clone: {
    method: 'POST',
    path: '/api/sites/:site/clone',
    body: siteCloneRequestSchema,
    response: createSiteResponseSchema,
  },
});

// ---------------------------------------------------------------------------------------------
// Derivations the create form uses (spec/000 §5, §9): shared so the panel can check the same way.

const LINUX_USER_MAX_LENGTH = 32;
const DATABASE_NAME_MAX_LENGTH = 64;

/**
 * The isolated user proposed for a domain: its letters and digits only, lowercase, prefixed `f`
 * when it starts with a digit (generated usernames start with a letter, §9), at most 32.
 * `''` when the domain has no letter or digit.
 */
export function deriveSiteUsername(domain: string): string {
  const letters = domain.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (letters === '') return '';
  const prefixed = /^[0-9]/.test(letters) ? `f${letters}` : letters;
  return prefixed.slice(0, LINUX_USER_MAX_LENGTH);
}

/** The database name proposed for a domain: its letters and digits only, at most 64 (no prefix, §5). */
export function deriveDatabaseName(domain: string): string {
  return domain
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, DATABASE_NAME_MAX_LENGTH);
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A random password of letters and digits (spec/000 §9: 20 characters), from the platform's
 * cryptographic generator (browser and Node alike). Rejection sampling keeps every character
 * equally likely.
 */
export function generatePassword(length: number = GENERATED_PASSWORD_LENGTH): string {
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  let password = '';
  while (password.length < length) {
    const bytes = new Uint8Array(length * 2);
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= limit) continue;
      password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
      if (password.length === length) break;
    }
  }
  return password;
}
