import { z } from 'zod';
import { eventSchema } from './events.js';
import { hasControlCharacters, PATH_MAX_LENGTH } from './grammars.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';
import { defineRoutes } from './route-contract.js';

/** Messages of this area (English text = i18n key; Vietnamese in the API's catalogue). */
export const DATABASE_MESSAGES = {
  absolutePath: 'This must be an absolute path',
  agentMissing: 'The agent is not installed on this server',
} as const;

/** The event type of an import (spec/000 §4 events; the panel runs it as a task). */
export const DATABASE_IMPORT_EVENT_TYPE = 'import_database';

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

/** A database of a server as the file manager needs it (spec/001 §3 Database: id, type, name). */
export const serverDatabaseSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
});
export type ServerDatabase = z.infer<typeof serverDatabaseSchema>;

export const serverDatabaseListSchema = z.object({ data: z.array(serverDatabaseSchema) });
export const databaseImportResponseSchema = z.object({ data: eventSchema });

/** The database calls of the file manager. Paths use `:param` placeholders. */
export const databaseRoutes = defineRoutes({
  list: { method: 'GET', path: '/api/servers/:server/databases', response: serverDatabaseListSchema },
  import: {
    body: databaseImportRequestSchema,
    method: 'POST',
    path: '/api/servers/:server/databases/:database/import',
    response: databaseImportResponseSchema,
  },
});
