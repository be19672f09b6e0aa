import {
  GRAMMAR_MESSAGES,
  SITE_DEFAULT_DIRECTORY,
  VALIDATION_MESSAGES,
  createSiteRequestSchema,
  deriveDatabaseName,
  deriveSiteUsername,
  generatePassword,
  type CreateSiteRequest,
  type PHP_VERSIONS,
} from '@hostdeck/contracts';
import { normalizeDomain } from './alias-chips';

/**
 * The site create form of spec/000 §2 and its rules of §5, without React: the values, how one
 * change leads to others (isolation fills in a user and a password, the database its name), the
 * checks made before sending, and the request. The panel checks again and stays the authority;
 * its 422 field errors land under the same fields.
 */

/** What the form needs to know of the server the site goes on. */
export interface SiteCreateServer {
  id: number;
  /** The server's own Linux user, which a site may not be isolated as (§5 special user). */
  defaultLinuxUser: string;
  /** PHP versions installed on the server, newest first; empty when it has no PHP. */
  phpVersions: readonly string[];
  defaultPhp: string | null;
}

export interface SiteCreateValues {
  serverId: number | null;
  useFreeDomain: boolean;
  name: string;
  aliases: string[];
  /** As typed; empty for a site served from files. */
  proxyPort: string;
  directory: string;
  /** Empty when the server has no PHP (the radio is not shown). */
  phpVersion: string;
  wildcard: boolean;
  isolation: boolean;
  username: string;
  /** Once the user types a username it no longer follows the domain. */
  usernameEdited: boolean;
  password: string;
  createDatabase: boolean;
  databaseName: string;
  databaseNameEdited: boolean;
}

export function initialSiteCreateValues(serverId: number | null): SiteCreateValues {
  return {
    serverId,
    useFreeDomain: false,
    name: '',
    aliases: [],
    proxyPort: '',
    directory: '/',
    phpVersion: '',
    wildcard: false,
    isolation: false,
    username: '',
    usernameEdited: false,
    password: '',
    createDatabase: false,
    databaseName: '',
    databaseNameEdited: false,
  };
}

/** Field names as the panel reports them (spec/000 §5) and as the inputs are named, in form order. */
export const SITE_CREATE_FIELDS = [
  'server_id',
  'use_free_domain',
  'name',
  'aliases',
  'proxy_port',
  'directory',
  'php_version',
  'wildcards',
  'username',
  'password',
  'database_name',
] as const;
export type SiteCreateField = (typeof SITE_CREATE_FIELDS)[number];

/** The field an error path of the panel belongs to (`aliases.2` → aliases); null for others. */
export function siteCreateFieldOf(path: string): SiteCreateField | null {
  const head = path.split('.')[0] ?? '';
  return (SITE_CREATE_FIELDS as readonly string[]).includes(head) ? (head as SiteCreateField) : null;
}

// -------------------------------------------------------------------------------------------------
// Changes

/** The PHP version to preselect: the server's default when installed, else its newest. */
export function defaultPhpVersion(server: SiteCreateServer): string {
  if (server.defaultPhp && server.phpVersions.includes(server.defaultPhp)) return server.defaultPhp;
  return server.phpVersions[0] ?? '';
}

/** A server was chosen: its PHP versions load next, and the choice follows them (defaultPhpVersion). */
export function chooseServer(values: SiteCreateValues, serverId: number | null): SiteCreateValues {
  return { ...values, serverId, phpVersion: '' };
}

/** The PHP choice kept among the chosen server's versions: its default until the user picks one. */
export function withServerPhp(values: SiteCreateValues, server: SiteCreateServer | null): SiteCreateValues {
  if (!server || (values.phpVersion !== '' && server.phpVersions.includes(values.phpVersion))) return values;
  const phpVersion = defaultPhpVersion(server);
  return phpVersion === values.phpVersion ? values : { ...values, phpVersion };
}

/** The domain changed: a username and database name the user has not typed follow it. */
export function changeDomain(values: SiteCreateValues, text: string): SiteCreateValues {
  const name = text.trim().toLowerCase();
  return {
    ...values,
    name,
    username: values.isolation && !values.usernameEdited ? deriveSiteUsername(name) : values.username,
    databaseName:
      values.createDatabase && !values.databaseNameEdited ? deriveDatabaseName(name) : values.databaseName,
  };
}

/**
 * The free-domain toggle (shown only when the panel has a free-domain zone): on, the panel
 * generates the domain, so the typed one is cleared with what followed it.
 */
export function changeFreeDomain(values: SiteCreateValues, useFreeDomain: boolean): SiteCreateValues {
  return useFreeDomain ? { ...changeDomain(values, ''), useFreeDomain } : { ...values, useFreeDomain };
}

/** Isolation on: a username from the domain and a fresh password; off: both cleared (§5). */
export function changeIsolation(values: SiteCreateValues, isolation: boolean): SiteCreateValues {
  return isolation
    ? {
        ...values,
        isolation,
        username: deriveSiteUsername(values.name),
        usernameEdited: false,
        password: values.password || generatePassword(),
      }
    : { ...values, isolation, username: '', usernameEdited: false, password: '' };
}

/** Database on: a name from the domain; off: the name cleared (§5). */
export function changeCreateDatabase(values: SiteCreateValues, createDatabase: boolean): SiteCreateValues {
  return {
    ...values,
    createDatabase,
    databaseName: createDatabase ? deriveDatabaseName(values.name) : '',
    databaseNameEdited: false,
  };
}

export function changeUsername(values: SiteCreateValues, text: string): SiteCreateValues {
  return { ...values, username: text.trim(), usernameEdited: true };
}

export function changeDatabaseName(values: SiteCreateValues, text: string): SiteCreateValues {
  return { ...values, databaseName: text.trim(), databaseNameEdited: true };
}

// -------------------------------------------------------------------------------------------------
// Checks and the request

/** The body of POST api/sites (spec/000 §3 Site create payload). */
export function siteCreateRequest(values: SiteCreateValues, server: SiteCreateServer): CreateSiteRequest {
  const port = values.proxyPort.trim();
  return {
    server_id: server.id,
    // A free domain's name is generated by the panel (docs/free-domains.md).
    ...(values.useFreeDomain ? {} : { name: normalizeDomain(values.name) }),
    aliases: values.aliases,
    directory: values.directory === '' ? SITE_DEFAULT_DIRECTORY : values.directory,
    php_version:
      server.phpVersions.length > 0 && values.phpVersion !== ''
        ? (values.phpVersion as (typeof PHP_VERSIONS)[number])
        : null,
    // Digits become the port; anything else is kept as typed so the schema reports it.
    ...(port === ''
      ? {}
      : { proxy_port: /^\d{1,5}$/.test(port) ? Number(port) : (port as unknown as number) }),
    wildcards: values.wildcard,
    isolation: values.isolation,
    ...(values.useFreeDomain ? { use_free_domain: true } : {}),
    ...(values.isolation ? { username: values.username, password: values.password } : {}),
    ...(values.createDatabase ? { database_name: values.databaseName } : {}),
  };
}

/** root or the server's default user: the site must not be isolated as them (§5 special user). */
export function isSpecialUser(username: string, server: SiteCreateServer): boolean {
  return username === 'root' || username === server.defaultLinuxUser;
}

/**
 * Checks the form with the request's own schema before it is sent, plus what only the server
 * knows (its default user, its PHP versions): the first message of each field, in form order.
 * Messages are the contracts' English texts, each also a catalogue key ('Required', 'Invalid
 * value', 'You can not use special user', 'Min 20 characters').
 */
export function validateSiteCreate(
  values: SiteCreateValues,
  server: SiteCreateServer | null,
): Partial<Record<SiteCreateField, string>> {
  const errors: Partial<Record<SiteCreateField, string>> = {};
  if (server === null) {
    errors.server_id = VALIDATION_MESSAGES.required;
  } else {
    if (values.isolation && isSpecialUser(values.username, server)) {
      errors.username = GRAMMAR_MESSAGES.specialUser;
    }
    const result = createSiteRequestSchema.safeParse(siteCreateRequest(values, server));
    for (const issue of result.success ? [] : result.error.issues) {
      const field = siteCreateFieldOf(issue.path.map(String).join('.'));
      if (field !== null) errors[field] ??= issue.message;
    }
    // The panel reads an empty name as "no database"; with the switch on, it is missing.
    if (values.createDatabase && values.databaseName === '') {
      errors.database_name ??= VALIDATION_MESSAGES.required;
    }
    if (
      values.phpVersion !== '' &&
      server.phpVersions.length > 0 &&
      !server.phpVersions.includes(values.phpVersion)
    ) {
      errors.php_version ??= VALIDATION_MESSAGES.invalid;
    }
  }
  return Object.fromEntries(
    SITE_CREATE_FIELDS.filter((field) => errors[field] !== undefined).map((field) => [field, errors[field]]),
  );
}
