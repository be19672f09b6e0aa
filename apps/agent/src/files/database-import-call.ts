import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallContext } from './context.js';
import { importDatabase, type DatabaseType } from './database-import.js';
import { forbidden, invalidField, toFileError } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import type { Payload } from './payload.js';

const DATABASE_TYPES: readonly DatabaseType[] = ['mysql', 'mariadb', 'postgresql'];

/** The media type of the streamed answer; a caller asks for it with `Accept`. */
export const IMPORT_PROGRESS_TYPE = 'application/x-ndjson';

/**
 * POST /files/database-import {path, root, type, database, remove} (spec/000 §7
 * api.servers.databases.import, which the panel runs as an event and forwards here). The client
 * runs as root with socket authentication, so it reaches every database: only a whole-server root
 * token may ask, never a site's token, whose user could otherwise write into any database. As
 * root the call runs in root's worker (main.ts forwards every call to the token user's worker).
 *
 * Two answers:
 * - `Accept: application/x-ndjson` (the panel's import event): once the dump is open and checked,
 *   200 and one JSON object a line as the import runs: `{"read":n,"total":m}` at most every
 *   500 ms, then `{"done":true,"output":…}` or `{"error":…,"detail":…,"status":…}` (the client's
 *   stderr tail: its first SQL error). A refusal before the start is the usual JSON 4xx. The client
 *   is stopped if the caller goes away before the end.
 * - otherwise (older panels): one JSON answer at the end, `{message, output}` or the 422.
 */
export async function importDatabaseCall(
  context: CallContext,
  payload: Payload,
  req?: IncomingMessage,
  res?: ServerResponse,
) {
  if (context.scope.user !== 'root' || context.scope.root !== '/') throw forbidden();
  const type = payload.string('type');
  if (!(DATABASE_TYPES as readonly string[]).includes(type))
    throw invalidField('type', FILE_MESSAGES.invalidRequest);
  const request = {
    scope: context.scope,
    path: payload.string('path'),
    root: payload.optionalString('root'),
    type: type as DatabaseType,
    database: payload.string('database'),
    remove: payload.boolean('remove', false),
  };
  if (!req || !res || !wantsProgress(req)) {
    return { message: FILE_MESSAGES.done, ...(await importDatabase(request)) };
  }

  const stop = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) stop.abort();
  });
  const line = (value: unknown) => res.write(`${JSON.stringify(value)}\n`);
  let output: string;
  try {
    ({ output } = await importDatabase({
      ...request,
      signal: stop.signal,
      progress: {
        onStart(total) {
          res.writeHead(200, {
            'Content-Type': `${IMPORT_PROGRESS_TYPE}; charset=utf-8`,
            'Cache-Control': 'no-store',
          });
          // The head goes out now, not with the first progress line.
          res.flushHeaders();
          line({ read: 0, total });
        },
        onProgress: (read, total) => line({ read, total }),
      },
    }));
  } catch (error) {
    // Refused before the start: the router answers the usual JSON error.
    if (!res.headersSent) throw error;
    const failure = toFileError(error);
    if (!res.writableEnded && !res.destroyed)
      res.end(
        `${JSON.stringify({ error: failure.message, detail: failure.detail ?? '', status: failure.status })}\n`,
      );
    return undefined;
  }
  res.end(`${JSON.stringify({ done: true, output })}\n`);
  return undefined;
}

function wantsProgress(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').split(',').some((type) => type.trim().startsWith(IMPORT_PROGRESS_TYPE));
}
