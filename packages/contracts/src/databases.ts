import { z } from 'zod';
import { defineEventDescriptions, eventSchema } from './events.js';
import {
  databaseNameSchema,
  databaseUserSchema,
  hasControlCharacters,
  ipSchema,
  isIpv4,
  isIpv6,
  isSafeValue,
  PATH_MAX_LENGTH,
} from './grammars.js';
import { idParamSchema, defineRoutes } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';
import { UPDATE_KEYS } from './update-keys.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * The databases of a server (issue 15; spec/000 §2 database routes, §3 databases and database
 * users, §4 Update-data `databases`/`databaseUsers`, §7 Servers: databases, database users,
 * `mysql`): the panel's rows of the databases and database users of each engine, the actions
 * that run a `database-*` recipe as an event, the synchronous sync with what the server has,
 * dumps, imports and the MySQL/MariaDB settings. Passwords go to the panel once and come back
 * once (the create and password answers); no GET ever answers one.
 */

/** Messages of this area (English text = i18n key; Vietnamese in the API's and web's catalogues). */
export const DATABASE_MESSAGES = {
  absolutePath: 'This must be an absolute path',
  agentMissing: 'The agent is not installed on this server',
  passwordTooShort: 'Min 8 characters',
  passwordTooLong: 'Max 128 characters',
  hostOnlyMysql: 'Only MySQL and MariaDB users have a host',
  nameMismatch: 'Type the name of the database to delete it',
  databaseExists: 'A database with this name already exists on this server',
  userExists: 'A database user with this name and host already exists on this server',
  databaseNotOnServer: 'There is no such database of this engine on this server',
  busy: 'Wait until the running change of this item ends',
  dumpNotFound: 'This file is not a backup of this database',
  engineNotInstalled: 'This database engine is not installed on this server',
  engineNotRunning: 'This database engine is not running on this server: start it, then sync again',
  settingsUnreadable: 'The database settings could not be read from the server',
} as const;

/** The database engines of the panel; the pages `/servers/{server}/<engine>` are one per engine. */
export const DATABASE_ENGINES = ['mysql', 'mariadb', 'postgresql', 'mongod'] as const;
export type DatabaseEngine = (typeof DATABASE_ENGINES)[number];
export const databaseEngineSchema = z.enum(DATABASE_ENGINES);

/** The engines whose accounts have a host and whose settings the `mysql` route reads and writes. */
export const MYSQL_ENGINES = ['mysql', 'mariadb'] as const;
export type MysqlEngine = (typeof MYSQL_ENGINES)[number];
export const mysqlEngineSchema = z.enum(MYSQL_ENGINES);
export const isMysqlEngine = (engine: string): engine is MysqlEngine =>
  (MYSQL_ENGINES as readonly string[]).includes(engine);

/** What a grant gives: every privilege, or read-only. `none` (grant requests only) revokes. */
export const DATABASE_ACCESS = ['all', 'read'] as const;
export type DatabaseAccess = (typeof DATABASE_ACCESS)[number];
export const databaseAccessSchema = z.enum(DATABASE_ACCESS);
export const DATABASE_GRANT_ACCESS = [...DATABASE_ACCESS, 'none'] as const;
export type DatabaseGrantAccess = (typeof DATABASE_GRANT_ACCESS)[number];

/**
 * A row's state: `creating`/`deleting` while its event runs (settled when it ends), `gone` when a
 * sync no longer found it on the server (the panel never deletes anything because of a sync).
 */
export const DATABASE_STATUSES = ['creating', 'active', 'deleting', 'gone'] as const;
export type DatabaseStatus = (typeof DATABASE_STATUSES)[number];

/** The Update-data keys this area publishes (spec/000 §4). */
export const DATABASE_UPDATE_KEYS = [UPDATE_KEYS.databases, UPDATE_KEYS.databaseUsers] as const;

/** The event types of this area (prefix `database_`), and the import's (spec/000 §4 events). */
export const DATABASE_EVENT_TYPES = {
  create: 'database_create',
  delete: 'database_delete',
  backup: 'database_backup',
  deleteBackup: 'database_backup_delete',
  createUser: 'database_user_create',
  changePassword: 'database_user_password',
  deleteUser: 'database_user_delete',
  grant: 'database_grant',
  settings: 'database_settings',
} as const;
export const DATABASE_EVENT_PREFIX = 'database_';
export const DATABASE_IMPORT_EVENT_TYPE = 'import_database';

/**
 * The host part of a MySQL/MariaDB account: `localhost`, an IPv4/IPv6 address, or `%` (from
 * anywhere; the page warns). PostgreSQL and MongoDB accounts have no host (`''` in the panel).
 */
export const databaseHostSchema = z
  .string()
  .min(1, { abort: true })
  .refine(
    (value) =>
      value === 'localhost' || value === '%' || (isSafeValue(value) && (isIpv4(value) || isIpv6(value))),
    { message: VALIDATION_MESSAGES.invalid, abort: true },
  );

export const DATABASE_PASSWORD_MIN_LENGTH = 8;
export const DATABASE_PASSWORD_MAX_LENGTH = 128;

/**
 * A database account's password when the user gives one: 8-128 characters, no control
 * character. It reaches the server over stdin (as hex), never argv or the environment. When it is
 * left out the panel generates 20 letters and digits and answers them once.
 */
export const databasePasswordSchema = z
  .string()
  .min(DATABASE_PASSWORD_MIN_LENGTH, DATABASE_MESSAGES.passwordTooShort)
  .max(DATABASE_PASSWORD_MAX_LENGTH, DATABASE_MESSAGES.passwordTooLong)
  .refine((value) => !hasControlCharacters(value), VALIDATION_MESSAGES.invalid);

/** A dump's file name in the engine's dump folder: `<database>--<YYYYmmddTHHMMSSZ>.<ext>`. */
export const DATABASE_DUMP_FILE_PATTERN = /^[A-Za-z0-9_]+--[0-9]{8}T[0-9]{6}Z\.(sql\.gz|dump|archive\.gz)$/;
export const databaseDumpFileSchema = z
  .string()
  .min(1, { abort: true })
  .refine((value) => value.length <= 200 && DATABASE_DUMP_FILE_PATTERN.test(value), {
    message: VALIDATION_MESSAGES.invalid,
  });
/** True when `file` is a dump of the database `name` by the dump-file grammar. */
export const isDumpOfDatabase = (file: string, name: string): boolean =>
  DATABASE_DUMP_FILE_PATTERN.test(file) && file.startsWith(`${name}--`);
/** Where the dumps of an engine are kept on the server (0700 root). */
export const databaseDumpFolder = (engine: DatabaseEngine): string =>
  `/var/backups/hostdeck/databases/${engine}`;

/**
 * A dump's path on the server, as the file manager shows it: absolute, at most 4096, no control
 * character (NUL included). Not the narrow absolutePathSchema grammar: dumps may have spaces or
 * accents in their names, and this path never reaches a script (the agent opens it itself,
 * confined and resolved, ARCHITECTURE.md Agent).
 */
export const databaseDumpPathSchema = z
  .string()
  .min(1)
  .refine(
    (value) => value.startsWith('/') && value.length <= PATH_MAX_LENGTH && !hasControlCharacters(value),
    { message: DATABASE_MESSAGES.absolutePath },
  );

/** POST api/servers/{server}/databases/{database}/import (spec/001 §7): remove deletes the dump after. */
export const databaseImportRequestSchema = z.strictObject({
  path: databaseDumpPathSchema,
  remove: z.boolean({ error: VALIDATION_MESSAGES.invalid }).default(false),
});
export type DatabaseImportBody = z.infer<typeof databaseImportRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Items

/** A dump of a database, kept on the server for 3 hours (spec/000 §9). */
export const databaseDumpSchema = z.object({
  file: z.string(),
  size: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type DatabaseDump = z.infer<typeof databaseDumpSchema>;

/**
 * A database of a server (spec/000 §3 databases). The file manager reads `id`, `type` and `name`
 * (spec/001 §3 Database); the database page reads the rest. `size` (bytes) and `owner` come from
 * the last sync (null before one); `site` is the site that uses it (deleting it says so).
 */
export const databaseSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  size: z.number().nullable().default(null),
  owner: z.string().nullable().default(null),
  site: z.object({ id: z.number().int(), name: z.string() }).nullable().default(null),
  status: z.enum(DATABASE_STATUSES).default('active'),
  /** Made by the panel; false: found on the server by a sync. */
  managed: z.boolean().default(true),
  dumps: z.array(databaseDumpSchema).default([]),
  synced_at: z.string().nullable().default(null),
});
export type Database = z.infer<typeof databaseSchema>;
/** The list item the file manager knew first; the same item. */
export const serverDatabaseSchema = databaseSchema;
export type ServerDatabase = Database;
export const serverDatabaseListSchema = z.object({ data: z.array(databaseSchema) });

/** A user's access to one database. */
export const databaseGrantSchema = z.object({ database: z.string(), access: databaseAccessSchema });
export type DatabaseGrant = z.infer<typeof databaseGrantSchema>;

/** A database account of a server (spec/000 §3 database users); never its password. */
export const databaseUserItemSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  /** MySQL/MariaDB: `localhost`, an address or `%`; '' for PostgreSQL and MongoDB. */
  host: z.string(),
  grants: z.array(databaseGrantSchema),
  status: z.enum(DATABASE_STATUSES),
  managed: z.boolean(),
  /** The panel knows its password (phpMyAdmin sign-on can use it). */
  can_use: z.boolean(),
});
export type DatabaseUser = z.infer<typeof databaseUserItemSchema>;

export const DATABASE_SETTINGS_LIMITS = {
  maxConnections: { min: 10, max: 100_000 },
  /** Bytes: 5 MiB .. 1 TiB. */
  innodbBufferPoolSize: { min: 5 * 1024 * 1024, max: 1024 ** 4 },
} as const;

/** The MySQL/MariaDB settings users change in practice (GET/POST api/servers/{server}/mysql). */
export const databaseSettingsSchema = z.object({
  type: mysqlEngineSchema,
  max_connections: z.number().int(),
  /** Bytes. */
  innodb_buffer_pool_size: z.number().int(),
  bind_address: z.string(),
  remote_access: z.boolean(),
});
export type DatabaseSettings = z.infer<typeof databaseSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Requests and answers

const engineQuerySchema = z.object({ type: databaseEngineSchema.optional() });
export type DatabaseListQuery = z.infer<typeof engineQuerySchema>;

/** `host` belongs to MySQL/MariaDB accounts only. */
const hostOnlyForMysql = (type: string, host: string | undefined) =>
  host === undefined || isMysqlEngine(type);

/** The new user of a database create: host defaults to `localhost` (MySQL/MariaDB). */
export const newDatabaseUserSchema = z.strictObject({
  name: databaseUserSchema,
  host: databaseHostSchema.optional(),
  password: databasePasswordSchema.optional(),
});

/** POST api/servers/{server}/databases: the database, and optionally a user with all access. */
export const createDatabaseRequestSchema = z
  .strictObject({
    type: databaseEngineSchema,
    name: databaseNameSchema,
    user: newDatabaseUserSchema.optional(),
  })
  .refine((value) => hostOnlyForMysql(value.type, value.user?.host), {
    path: ['user', 'host'],
    message: DATABASE_MESSAGES.hostOnlyMysql,
  });
export type CreateDatabaseBody = z.infer<typeof createDatabaseRequestSchema>;

/** 201: the create event, the new row, and the password once when the panel generated it. */
export const createDatabaseResponseSchema = z.object({
  data: z.object({ id: z.number().int(), database: databaseSchema, password: z.string().optional() }),
});

/** DELETE api/servers/{server}/databases/{database}: the user types the database's name. */
export const deleteDatabaseRequestSchema = z.strictObject({ name: z.string().min(1).max(255) });

/** POST …/databases/sync and …/database-users/sync: which engine to read. */
export const syncDatabasesRequestSchema = z.strictObject({ type: databaseEngineSchema });
/** What the sync changed in the panel: rows added (found on the server), marked gone, back again. */
export const syncDatabasesResponseSchema = z.object({
  data: z.object({ added: z.number().int(), gone: z.number().int(), restored: z.number().int() }),
});

/** POST …/databases/{database}/download: one of the database's dumps. */
export const downloadDatabaseDumpRequestSchema = z.strictObject({ file: databaseDumpFileSchema });
/** A single-use agent download link that lives seconds, confined to that dump. */
export const downloadDatabaseDumpResponseSchema = z.object({ data: z.object({ url: z.string() }) });

/** POST api/servers/{server}/database-users. */
export const createDatabaseUserRequestSchema = z
  .strictObject({
    type: databaseEngineSchema,
    name: databaseUserSchema,
    host: databaseHostSchema.optional(),
    password: databasePasswordSchema.optional(),
  })
  .refine((value) => hostOnlyForMysql(value.type, value.host), {
    path: ['host'],
    message: DATABASE_MESSAGES.hostOnlyMysql,
  });
export type CreateDatabaseUserBody = z.infer<typeof createDatabaseUserRequestSchema>;
export const createDatabaseUserResponseSchema = z.object({
  data: z.object({ id: z.number().int(), user: databaseUserItemSchema, password: z.string().optional() }),
});

/** PUT …/database-users/{user}/password: the new password, or none to have one generated. */
export const changeDatabaseUserPasswordRequestSchema = z.strictObject({
  password: databasePasswordSchema.optional(),
});
export const changeDatabaseUserPasswordResponseSchema = z.object({
  data: z.object({ id: z.number().int(), password: z.string().optional() }),
});

/** PUT …/database-users/{user}/grants: the database (by name) and the access; `none` revokes. */
export const grantDatabaseAccessRequestSchema = z.strictObject({
  database: databaseNameSchema,
  access: z.enum(DATABASE_GRANT_ACCESS),
});
export type GrantDatabaseAccessBody = z.infer<typeof grantDatabaseAccessRequestSchema>;

export const databaseSettingsQuerySchema = z.object({ type: mysqlEngineSchema.default('mariadb') });
export const databaseSettingsResponseSchema = z.object({ data: databaseSettingsSchema });
/** POST api/servers/{server}/mysql: every setting at once; remote access off listens on 127.0.0.1. */
export const applyDatabaseSettingsRequestSchema = z.strictObject({
  type: mysqlEngineSchema,
  max_connections: z
    .number()
    .int()
    .min(DATABASE_SETTINGS_LIMITS.maxConnections.min)
    .max(DATABASE_SETTINGS_LIMITS.maxConnections.max),
  innodb_buffer_pool_size: z
    .number()
    .int()
    .min(DATABASE_SETTINGS_LIMITS.innodbBufferPoolSize.min)
    .max(DATABASE_SETTINGS_LIMITS.innodbBufferPoolSize.max),
  bind_address: ipSchema,
  remote_access: z.boolean(),
});
export type ApplyDatabaseSettingsBody = z.infer<typeof applyDatabaseSettingsRequestSchema>;

export const databaseListSchema = serverDatabaseListSchema;
export const databaseUserListSchema = z.object({ data: z.array(databaseUserItemSchema) });
export const databaseImportResponseSchema = z.object({ data: eventSchema });

const databaseParams = z.object({ server: idParamSchema, database: idParamSchema });
const userParams = z.object({ server: idParamSchema, user: idParamSchema });

/** Every database call. Paths use `:param` placeholders. */
export const databaseRoutes = defineRoutes({
  /** The file manager's list too (it reads id, type and name). */
  list: {
    method: 'GET',
    path: '/api/servers/:server/databases',
    query: engineQuerySchema,
    response: serverDatabaseListSchema,
  },
  create: {
    method: 'POST',
    path: '/api/servers/:server/databases',
    body: createDatabaseRequestSchema,
    response: createDatabaseResponseSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/servers/:server/databases/:database',
    body: deleteDatabaseRequestSchema,
    response: startedEventResponseSchema,
  },
  sync: {
    method: 'POST',
    path: '/api/servers/:server/databases/sync',
    body: syncDatabasesRequestSchema,
    response: syncDatabasesResponseSchema,
  },
  backup: {
    method: 'POST',
    path: '/api/servers/:server/databases/:database/backup',
    response: startedEventResponseSchema,
  },
  download: {
    method: 'POST',
    path: '/api/servers/:server/databases/:database/download',
    body: downloadDatabaseDumpRequestSchema,
    response: downloadDatabaseDumpResponseSchema,
  },
  deleteBackup: {
    method: 'DELETE',
    path: '/api/servers/:server/databases/:database/backups/:file',
    // Any text here: the service answers 422 unless it is one of the database's dumps by the dump
    // grammar, after the caller's access to the server was checked (404 first for strangers).
    params: databaseParams.extend({ file: z.string().min(1).max(255) }),
    response: startedEventResponseSchema,
  },
  import: {
    body: databaseImportRequestSchema,
    method: 'POST',
    path: '/api/servers/:server/databases/:database/import',
    response: databaseImportResponseSchema,
  },
  users: {
    method: 'GET',
    path: '/api/servers/:server/database-users',
    query: engineQuerySchema,
    response: databaseUserListSchema,
  },
  createUser: {
    method: 'POST',
    path: '/api/servers/:server/database-users',
    body: createDatabaseUserRequestSchema,
    response: createDatabaseUserResponseSchema,
  },
  syncUsers: {
    method: 'POST',
    path: '/api/servers/:server/database-users/sync',
    body: syncDatabasesRequestSchema,
    response: syncDatabasesResponseSchema,
  },
  changePassword: {
    method: 'PUT',
    path: '/api/servers/:server/database-users/:user/password',
    params: userParams,
    body: changeDatabaseUserPasswordRequestSchema,
    response: changeDatabaseUserPasswordResponseSchema,
  },
  grant: {
    method: 'PUT',
    path: '/api/servers/:server/database-users/:user/grants',
    params: userParams,
    body: grantDatabaseAccessRequestSchema,
    response: startedEventResponseSchema,
  },
  deleteUser: {
    method: 'DELETE',
    path: '/api/servers/:server/database-users/:user',
    params: userParams,
    response: startedEventResponseSchema,
  },
  settings: {
    method: 'GET',
    path: '/api/servers/:server/mysql',
    query: databaseSettingsQuerySchema,
    response: databaseSettingsResponseSchema,
  },
  applySettings: {
    method: 'POST',
    path: '/api/servers/:server/mysql',
    body: applyDatabaseSettingsRequestSchema,
    response: startedEventResponseSchema,
  },
});

/** The descriptions of the area's events (events.ts AreaEventDescriptions), English. */
export const DATABASE_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createDatabase: 'Create the database {database}',
  createDatabaseWithUser: 'Create the database {database} with the user {user}',
  deleteDatabase: 'Delete the database {database}',
  backUpDatabase: 'Back up the database {database}',
  deleteDatabaseBackup: 'Delete the backup {file}',
  createDatabaseUser: 'Create the database user {user}',
  changeDatabaseUserPassword: 'Change the password of the database user {user}',
  deleteDatabaseUser: 'Delete the database user {user}',
  grantDatabaseAll: 'Give {user} full access to the database {database}',
  grantDatabaseRead: 'Give {user} read-only access to the database {database}',
  revokeDatabaseAccess: 'Remove the access of {user} to the database {database}',
  applyDatabaseSettings: 'Change the {engine} settings',
  installPhpmyadmin: 'Install phpMyAdmin on {site}',
});
export type DatabaseEventDescriptionId = keyof typeof DATABASE_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    databases: typeof DATABASE_EVENT_DESCRIPTIONS;
  }
}
