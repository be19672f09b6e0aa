import { z } from 'zod';
import { databaseNameSchema, databaseUserSchema } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { passwordBytes, passwordHexSchema } from '../sites/site-inputs.js';
import {
  INVALID_MESSAGE,
  databaseDumpFileInputSchema,
  databaseEngineInputSchema,
  databaseGrantAccessInputSchema,
  databaseHostInputSchema,
  hostFitsEngine,
  nameFitsEngine,
} from './database-inputs.js';

const MINUTE = 60_000;

/**
 * The databases and users of a server's MySQL, MariaDB, PostgreSQL or MongoDB (issue 15), run as
 * the engine's local administrator. Values reach the scripts as HD_* variables (checked again
 * there); passwords only as bytes on stdin (`secrets`), which the scripts turn into hex digits the
 * database server itself decodes and quotes (scripts/databases/database.sh, hd_db_set_password).
 * Every recipe is idempotent: a second run prints no `change` line.
 */

const hostEnvironment = (host: string | undefined): Record<string, string> =>
  host === undefined ? {} : { HD_DATABASE_HOST: host };

const userHostRule = { path: ['host'], message: INVALID_MESSAGE };
const nameRule = { path: ['name'], message: INVALID_MESSAGE };

export const databaseCreateInputSchema = z
  .strictObject({
    engine: databaseEngineInputSchema,
    name: databaseNameSchema,
    user: databaseUserSchema.optional(),
    host: databaseHostInputSchema.optional(),
    password_hex: passwordHexSchema.optional(),
  })
  .refine((input) => nameFitsEngine(input.engine, input.name), nameRule)
  .refine((input) => input.user !== undefined || input.host === undefined, userHostRule)
  .refine(hostFitsEngine(false), userHostRule)
  .refine((input) => input.user !== undefined || input.password_hex === undefined, {
    path: ['password_hex'],
    message: INVALID_MESSAGE,
  });

/**
 * A database (utf8mb4 / UTF8), with its user when `user` is given (step_create of
 * scripts/databases/database.sh).
 */
export const databaseCreate = defineRecipe({
  id: 'database-create',
  input: databaseCreateInputSchema,
  steps: [
    {
      id: 'create',
      title: 'Create the database',
      script: 'databases/database.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_DATABASE_ENGINE: input.engine,
    HD_DATABASE_NAME: input.name,
    ...(input.user === undefined ? {} : { HD_DATABASE_USER: input.user }),
    ...hostEnvironment(input.host),
  }),
  secrets: (input) => passwordBytes(input.password_hex),
  example: {
    engine: 'mariadb',
    name: 'example_db',
    user: 'example_user',
    host: 'localhost',
    password_hex: '736563726574',
  },
});

export const databaseDropInputSchema = z
  .strictObject({ engine: databaseEngineInputSchema, name: databaseNameSchema })
  .refine((input) => nameFitsEngine(input.engine, input.name), nameRule);

/** Drops a database, never its users. */
export const databaseDrop = defineRecipe({
  id: 'database-drop',
  input: databaseDropInputSchema,
  steps: [
    {
      id: 'drop',
      title: 'Drop the database',
      script: 'databases/database.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_DATABASE_ENGINE: input.engine, HD_DATABASE_NAME: input.name }),
  example: { engine: 'mariadb', name: 'example_db' },
});

export const databaseUserPasswordInputSchema = z
  .strictObject({
    engine: databaseEngineInputSchema,
    name: databaseUserSchema,
    host: databaseHostInputSchema.optional(),
    password_hex: passwordHexSchema,
  })
  .refine(hostFitsEngine(true), userHostRule);

const userEnvironment = (input: {
  engine: string;
  name: string;
  host?: string | undefined;
}): Record<string, string> => ({
  HD_DATABASE_ENGINE: input.engine,
  HD_DATABASE_USER: input.name,
  ...hostEnvironment(input.host),
});

/** A database user with a password (an existing one gets the password when it differs). */
export const databaseUserCreate = defineRecipe({
  id: 'database-user-create',
  input: databaseUserPasswordInputSchema,
  steps: [
    {
      id: 'create',
      title: 'Create the database user',
      script: 'databases/database.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: userEnvironment,
  secrets: (input) => passwordBytes(input.password_hex),
  example: { engine: 'mariadb', name: 'example_user', host: 'localhost', password_hex: '736563726574' },
});

/** Sets a database user's password. */
export const databaseUserPassword = defineRecipe({
  id: 'database-user-password',
  input: databaseUserPasswordInputSchema,
  steps: [
    {
      id: 'password',
      title: 'Change the database user password',
      script: 'databases/database.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: userEnvironment,
  secrets: (input) => passwordBytes(input.password_hex),
  example: { engine: 'postgresql', name: 'example_user', password_hex: '736563726574' },
});

export const databaseUserDropInputSchema = z
  .strictObject({
    engine: databaseEngineInputSchema,
    name: databaseUserSchema,
    host: databaseHostInputSchema.optional(),
  })
  .refine(hostFitsEngine(true), userHostRule);

/** Drops a database user (its grants go with it; PostgreSQL: what it owns goes to postgres). */
export const databaseUserDrop = defineRecipe({
  id: 'database-user-drop',
  input: databaseUserDropInputSchema,
  steps: [
    {
      id: 'drop',
      title: 'Delete the database user',
      script: 'databases/database.sh',
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
  ],
  environment: userEnvironment,
  example: { engine: 'mariadb', name: 'example_user', host: '%' },
});

export const databaseGrantInputSchema = z
  .strictObject({
    engine: databaseEngineInputSchema,
    user: databaseUserSchema,
    host: databaseHostInputSchema.optional(),
    database: databaseNameSchema,
    access: databaseGrantAccessInputSchema,
  })
  .refine(hostFitsEngine(true), userHostRule)
  .refine((input) => nameFitsEngine(input.engine, input.database), {
    path: ['database'],
    message: INVALID_MESSAGE,
  });

/** Gives a user `all` or `read` access to a database, or revokes it (`none`). */
export const databaseGrant = defineRecipe({
  id: 'database-grant',
  input: databaseGrantInputSchema,
  steps: [
    {
      id: 'grant',
      title: 'Change the access of a database user',
      script: 'databases/database.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_DATABASE_ENGINE: input.engine,
    HD_DATABASE_USER: input.user,
    ...hostEnvironment(input.host),
    HD_DATABASE_NAME: input.database,
    HD_DATABASE_ACCESS: input.access,
  }),
  example: {
    engine: 'mariadb',
    user: 'example_user',
    host: '192.0.2.10',
    database: 'example_db',
    access: 'read',
  },
});

/**
 * A compressed dump in /var/backups/hostdeck/databases/<engine>/ (step_dump of
 * scripts/databases/database.sh). Its stdout ends with `dump<TAB><file><TAB><size>`
 * (parseDatabaseDumpOutput).
 */
export const databaseDump = defineRecipe({
  id: 'database-dump',
  input: databaseDropInputSchema,
  steps: [
    {
      id: 'dump',
      title: 'Back up the database',
      script: 'databases/database.sh',
      timeoutMs: 6 * 60 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_DATABASE_ENGINE: input.engine, HD_DATABASE_NAME: input.name }),
  example: { engine: 'postgresql', name: 'example_db' },
});

/** The file and size database-dump printed, or null when its output has no dump line. */
export function parseDatabaseDumpOutput(stdout: string): { file: string; size: number } | null {
  for (const line of stdout.split('\n').reverse()) {
    const match =
      /^dump\t([A-Za-z0-9_]+--[0-9]{8}T[0-9]{6}Z\.(?:sql\.gz|dump|archive\.gz))\t(0|[1-9][0-9]{0,18})$/.exec(
        line,
      );
    if (match) return { file: match[1]!, size: Number(match[2]) };
  }
  return null;
}

/** Deletes one dump file of the engine's dump folder. */
export const databaseDumpDelete = defineRecipe({
  id: 'database-dump-delete',
  input: z.strictObject({ engine: databaseEngineInputSchema, file: databaseDumpFileInputSchema }),
  steps: [
    {
      id: 'delete',
      title: 'Delete the database backup',
      script: 'databases/database.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_DATABASE_ENGINE: input.engine, HD_DUMP_FILE: input.file }),
  example: { engine: 'mariadb', file: 'example_db--20260101T000000Z.sql.gz' },
});
