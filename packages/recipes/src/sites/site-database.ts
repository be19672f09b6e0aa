import { z } from 'zod';
import { databaseNameSchema, databaseUserSchema } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { databaseTypeInputSchema, passwordBytes, passwordHexSchema } from './site-inputs.js';

const MINUTE = 60_000;

const databaseEnvironment = (input: { type: string; name: string; username: string }) => ({
  HD_DATABASE_TYPE: input.type,
  HD_DATABASE_NAME: input.name,
  HD_DATABASE_USER: input.username,
});

/**
 * A site's database and its user (granted everything on it only) on the server's MySQL, MariaDB
 * or PostgreSQL, as the local administrator. Idempotent: a re-run keeps both and sets the password
 * (a `change` line only when it differed). The password travels on stdin as bytes and reaches SQL
 * as hex digits the database server itself quotes (scripts/sites/database-create.sh).
 */
export const siteDatabaseCreate = defineRecipe({
  id: 'site-database-create',
  input: z.strictObject({
    type: databaseTypeInputSchema,
    name: databaseNameSchema,
    username: databaseUserSchema,
    password_hex: passwordHexSchema,
  }),
  steps: [
    {
      id: 'database',
      title: 'Create the database and its user',
      script: 'sites/database-create.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: databaseEnvironment,
  secrets: (input) => passwordBytes(input.password_hex),
  example: { type: 'mariadb', name: 'example_db', username: 'example_user', password_hex: '736563726574' },
});

/** Drops a site's database and its user, each when it exists (PostgreSQL: connections closed). */
export const siteDatabaseDrop = defineRecipe({
  id: 'site-database-drop',
  input: z.strictObject({
    type: databaseTypeInputSchema,
    name: databaseNameSchema,
    username: databaseUserSchema,
  }),
  steps: [
    {
      id: 'database',
      title: 'Drop the database and its user',
      script: 'sites/database-drop.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: databaseEnvironment,
  example: { type: 'mariadb', name: 'example_db', username: 'example_user' },
});
