import { databaseNameSchema, databaseUserSchema, ipSchema } from '@hostdeck/contracts';
import {
  DATABASE_SETTINGS_LIMITS,
  databaseHostSchema,
  isMysqlEngine,
  type Database,
  type DatabaseEngine,
  type DatabaseSettings,
  type DatabaseUser,
} from '@hostdeck/contracts/databases';
import type { FieldMessage } from '../../api/field-messages';
import { schemaMessage } from '../../api/field-messages';
import { formatBytes } from '../../format/format';

/**
 * The pure rules of the database pages (issue 15): who connects from where, what the forms
 * check before they send, sizes and settings in the units people read. Tested in
 * database-forms.test.ts; the panel checks every value again with the same contracts schemas.
 */

/**
 * A typed value without the spaces around it. Only spaces: a newline or another control
 * character stays, so the check refuses it (SECURITY.md) rather than the form hiding it.
 */
export const trimSpaces = (value: string): string => value.replace(/^ +| +$/g, '');

/** Whether this engine's accounts have a host (MySQL and MariaDB; '' for the others). */
export const engineHasHosts = (engine: DatabaseEngine): boolean => isMysqlEngine(engine);

/** The three ways a MySQL/MariaDB user may connect: this server, one address, anywhere (`%`). */
export const HOST_CHOICES = ['localhost', 'ip', 'any'] as const;
export type HostChoice = (typeof HOST_CHOICES)[number];

/** The host the panel gets for a choice: `localhost`, the address as typed (trimmed), or `%`. */
export function hostOf(choice: HostChoice, ip: string): string {
  if (choice === 'localhost') return 'localhost';
  if (choice === 'any') return '%';
  return trimSpaces(ip);
}

/**
 * The problem with a host choice, or null: an address must be given and be an IPv4/IPv6 address
 * (contracts `databaseHostSchema`, which also refuses control characters and option-like values).
 */
export function hostProblem(choice: HostChoice, ip: string): FieldMessage | null {
  if (choice !== 'ip') return null;
  const host = hostOf(choice, ip);
  if (host === '') return { key: 'databases.host.ipRequired' };
  return schemaMessage(ipSchema, host) ?? schemaMessage(databaseHostSchema, host);
}

/** The problem with a database name, or null (contracts `databaseNameSchema`). */
export const databaseNameProblem = (name: string): FieldMessage | null =>
  schemaMessage(databaseNameSchema, trimSpaces(name));

/** The problem with a user name, or null (contracts `databaseUserSchema`). */
export const userNameProblem = (name: string): FieldMessage | null =>
  schemaMessage(databaseUserSchema, trimSpaces(name));

/** "1.5 MB"; null (never read from the server yet) stays empty for the page to mark. */
export function databaseSize(size: number | null, locale: string): string | null {
  return size === null ? null : formatBytes(size, locale);
}

/** `user@host` as MySQL writes an account; just the name where accounts have no host. */
export function accountLabel(user: Pick<DatabaseUser, 'name' | 'host'>): string {
  return user.host === '' ? user.name : `${user.name}@${user.host}`;
}

/** The typed confirmation matches the database's name exactly (the panel checks it again). */
export const typedNameMatches = (typed: string, name: string): boolean => typed === name;

/** Databases that can be granted: on the server (not gone), not being created or dropped. */
export function grantableDatabases(databases: readonly Database[]): Database[] {
  return databases.filter((database) => database.status === 'active');
}

/** The access a user has to a database now, `none` when it has no grant on it. */
export function currentAccess(user: Pick<DatabaseUser, 'grants'>, database: string): 'all' | 'read' | 'none' {
  return user.grants.find((grant) => grant.database === database)?.access ?? 'none';
}

const MIB = 1024 * 1024;

/** The settings form's values: numbers as typed, the buffer pool in MiB. */
export interface SettingsForm {
  maxConnections: string;
  bufferPoolMib: string;
  remoteAccess: boolean;
  bindAddress: string;
}

export function settingsForm(settings: DatabaseSettings): SettingsForm {
  return {
    maxConnections: String(settings.max_connections),
    bufferPoolMib: String(Math.round(settings.innodb_buffer_pool_size / MIB)),
    remoteAccess: settings.remote_access,
    bindAddress: settings.bind_address,
  };
}

export type SettingsField = 'max_connections' | 'innodb_buffer_pool_size' | 'bind_address';

/** A whole number in [min, max] from a form's text, or null. */
function wholeNumberIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,13}$/.test(trimSpaces(text))) return null;
  const value = Number(trimSpaces(text));
  return value >= min && value <= max ? value : null;
}

const POOL_MIB = {
  min: DATABASE_SETTINGS_LIMITS.innodbBufferPoolSize.min / MIB,
  max: DATABASE_SETTINGS_LIMITS.innodbBufferPoolSize.max / MIB,
};

/**
 * The request body of the settings form, or the problem of each field (keyed by the request's
 * field names, as the panel's 422 answers are). Remote access off listens on 127.0.0.1 only.
 */
export function settingsRequest(
  engine: DatabaseEngine,
  form: SettingsForm,
):
  | {
      body: {
        type: 'mysql' | 'mariadb';
        max_connections: number;
        innodb_buffer_pool_size: number;
        bind_address: string;
        remote_access: boolean;
      };
      problems?: undefined;
    }
  | { body?: undefined; problems: Partial<Record<SettingsField, FieldMessage>> } {
  const problems: Partial<Record<SettingsField, FieldMessage>> = {};
  const { maxConnections: limits } = DATABASE_SETTINGS_LIMITS;
  const maxConnections = wholeNumberIn(form.maxConnections, limits.min, limits.max);
  if (maxConnections === null) problems.max_connections = { key: 'databases.settings.maxConnectionsHelp' };
  const poolMib = wholeNumberIn(form.bufferPoolMib, POOL_MIB.min, POOL_MIB.max);
  if (poolMib === null) problems.innodb_buffer_pool_size = { key: 'databases.settings.bufferPoolHelp' };
  const bindAddress = form.remoteAccess ? trimSpaces(form.bindAddress) : '127.0.0.1';
  const bindProblem = schemaMessage(ipSchema, bindAddress);
  if (bindProblem) problems.bind_address = bindProblem;
  if (!isMysqlEngine(engine) || maxConnections === null || poolMib === null || bindProblem) {
    return { problems };
  }
  return {
    body: {
      type: engine,
      max_connections: maxConnections,
      innodb_buffer_pool_size: poolMib * MIB,
      bind_address: bindAddress,
      remote_access: form.remoteAccess,
    },
  };
}

/** Sites of a server that serve phpMyAdmin (their installed code). */
export function phpMyAdminSites<Site extends { code_type: string | null; status: string }>(
  sites: readonly Site[],
): Site[] {
  return sites.filter((site) => site.code_type === 'phpmyadmin' && site.status === 'active');
}
