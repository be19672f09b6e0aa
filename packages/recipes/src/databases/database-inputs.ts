import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Input grammars of the `database-*` recipes (issue 15), beside the names and users of
 * `@hostdeck/contracts` (databaseNameSchema, databaseUserSchema) and the `password_hex` of the
 * site recipes (sites/site-inputs.ts: the password's bytes as hex, delivered on stdin). The
 * scripts check every value again with the same patterns before using it.
 */
export const DATABASE_ENGINE_INPUTS = ['mysql', 'mariadb', 'postgresql', 'mongod'] as const;
export type DatabaseEngineInput = (typeof DATABASE_ENGINE_INPUTS)[number];
export const databaseEngineInputSchema = z.enum(DATABASE_ENGINE_INPUTS, { error: 'Invalid value' });

/** The engines with `database-settings`: MySQL and MariaDB. */
export const MYSQL_ENGINE_INPUTS = ['mysql', 'mariadb'] as const;
export const mysqlEngineInputSchema = z.enum(MYSQL_ENGINE_INPUTS, { error: 'Invalid value' });

/** Access a grant gives: everything, or read-only; `none` revokes (database-grant only). */
export const DATABASE_ACCESS_INPUTS = ['all', 'read'] as const;
export const databaseAccessInputSchema = z.enum(DATABASE_ACCESS_INPUTS, { error: 'Invalid value' });
export const databaseGrantAccessInputSchema = z.enum([...DATABASE_ACCESS_INPUTS, 'none'], {
  error: 'Invalid value',
});

/** An IPv4 or IPv6 literal, as node reads one (no zone index, no brackets, no mask). */
const isAddress = (value: string) => value.length <= 45 && isIP(value) !== 0 && !value.includes('%');

/**
 * The host part of a MySQL/MariaDB account: `localhost`, `%` (anywhere) or an IP address.
 * PostgreSQL and MongoDB accounts have no host: the field is then left out (never ''), which the
 * recipes check (hostFitsEngine).
 */
export const databaseHostInputSchema = z
  .string()
  .refine((value) => value === 'localhost' || value === '%' || isAddress(value), {
    message: 'Invalid value',
  });

/** An address to listen on (database-settings-apply `bind_address`). */
export const bindAddressInputSchema = z.string().refine(isAddress, { message: 'Invalid value' });

/** A dump file name of the dump folder: `<database>--<YYYYmmddTHHMMSSZ>.<ext>`. */
export const DATABASE_DUMP_FILE_PATTERN = /^[A-Za-z0-9_]+--[0-9]{8}T[0-9]{6}Z\.(sql\.gz|dump|archive\.gz)$/;
export const databaseDumpFileInputSchema = z
  .string()
  .max(200, 'Invalid value')
  .regex(DATABASE_DUMP_FILE_PATTERN, 'Invalid value');

/** Where the dumps of an engine are kept on the server. */
export const databaseDumpFolder = (engine: DatabaseEngineInput): string =>
  `/var/backups/hostdeck/databases/${engine}`;

/** Engines whose accounts have a host: MySQL and MariaDB. */
export const engineHasHosts = (engine: string): boolean => engine === 'mysql' || engine === 'mariadb';

/**
 * A host is given for MySQL/MariaDB accounts (when `required`; database-create defaults to
 * `localhost`) and never for PostgreSQL or MongoDB ones.
 */
export const hostFitsEngine =
  (required: boolean) =>
  (input: { engine: string; host?: string | undefined }): boolean =>
    engineHasHosts(input.engine) ? !required || input.host !== undefined : input.host === undefined;

/** MongoDB's own databases, valid names for the other engines. */
export const MONGODB_SYSTEM_DATABASES: readonly string[] = ['admin', 'local', 'config'];
export const nameFitsEngine = (engine: string, name: string | undefined): boolean =>
  engine !== 'mongod' || name === undefined || !MONGODB_SYSTEM_DATABASES.includes(name.toLowerCase());

export const INVALID_MESSAGE = 'Invalid value';
