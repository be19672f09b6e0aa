import type { CallContext } from './context.js';
import { importDatabase, type DatabaseType } from './database-import.js';
import { forbidden, invalidField } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import type { Payload } from './payload.js';

const DATABASE_TYPES: readonly DatabaseType[] = ['mysql', 'mariadb', 'postgresql'];

/**
 * POST /files/database-import {path, root, type, database, remove} (spec/000 §7
 * api.servers.databases.import, which the panel runs as an event and forwards here). The client
 * runs as root with socket authentication, so it reaches every database: only a whole-server root
 * token may ask, never a site's token, whose user could otherwise write into any database. As
 * root the call runs in root's worker (main.ts forwards every call to the token user's worker).
 */
export async function importDatabaseCall(context: CallContext, payload: Payload) {
  if (context.scope.user !== 'root' || context.scope.root !== '/') throw forbidden();
  const type = payload.string('type');
  if (!(DATABASE_TYPES as readonly string[]).includes(type))
    throw invalidField('type', FILE_MESSAGES.invalidRequest);
  return importDatabase({
    scope: context.scope,
    path: payload.string('path'),
    root: payload.optionalString('root'),
    type: type as DatabaseType,
    database: payload.string('database'),
    remove: payload.boolean('remove', false),
  });
}
