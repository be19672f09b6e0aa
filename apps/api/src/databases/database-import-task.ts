import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AGENT_PORT, AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS } from '@hostdeck/contracts';
import { databaseDumpPathSchema } from '@hostdeck/contracts/databases';
import type { AgentSigner } from '../agent/agent-keys.js';
import { eventError } from '../jobs/event-error.js';
import type { EventHooks, EventTaskContext } from '../jobs/event-hooks.js';
import { callAgentImport } from './agent-import-call.js';
import type { DatabasesRepository } from './databases.repository.js';

/** The panel task an import_database event runs (jobs/event-hooks.ts). */
export const DATABASE_IMPORT_TASK = 'database-import';

/** What the event stores (sealed) for its task. */
export const databaseImportTaskInputSchema = z.object({
  database_id: z.number().int().positive(),
  path: databaseDumpPathSchema,
  remove: z.boolean(),
});
export type DatabaseImportTaskInput = z.infer<typeof databaseImportTaskInputSchema>;

export interface DatabaseImportTaskDependencies {
  hooks: Pick<EventHooks, 'registerTask'>;
  repository: Pick<DatabasesRepository, 'findOnServer' | 'agentOf'>;
  signer: Pick<AgentSigner, 'sign'>;
  /** The agent's base URL for a server address; tests point it elsewhere. */
  agentUrl?: (ip: string) => string;
  now?: () => number;
}

/** The agent by IP over http until it has a certificate (spec/000 §9, as agent.service.ts). */
export const defaultAgentUrl = (ip: string) => `http://${ip.includes(':') ? `[${ip}]` : ip}:${AGENT_PORT}`;

/**
 * The import itself: the dump streams from the server's disk into the database client on the
 * server, through the agent (spec/001 §2 import database), so nothing of it crosses the panel. The
 * agent gets a whole-server root token that lives a minute: it checks the token once, when the
 * call arrives. The event fails with the agent's message and the client's stderr tail.
 */
export function registerDatabaseImportTask(dependencies: DatabaseImportTaskDependencies) {
  const agentUrl = dependencies.agentUrl ?? defaultAgentUrl;
  const now = dependencies.now ?? (() => Math.floor(Date.now() / 1000));

  async function run(context: EventTaskContext) {
    const input = databaseImportTaskInputSchema.parse(context.input);
    const serverId = context.event.serverId!;
    const database = await dependencies.repository.findOnServer(serverId, input.database_id);
    if (!database) throw eventError('databaseGone');
    const server = await dependencies.repository.agentOf(serverId);
    if (!server) throw eventError('serverGone');
    const token = dependencies.signer.sign({
      v: 1,
      server: server.id,
      site: null,
      root: '/',
      user: 'root',
      ops: ['files:write'],
      exp: now() + AGENT_SINGLE_USE_TOKEN_LIFETIME_SECONDS,
      jti: randomBytes(18).toString('base64url'),
    });
    context.write(`==> Import ${input.path} into ${database.type} database ${database.name}\n`);
    const started = Date.now();
    const progress = createProgressWriter(context.write, () => Date.now());
    const warnings = await callAgentImport(
      `${agentUrl(server.ip)}/files/database-import`,
      token,
      { path: input.path, root: '/', type: database.type, database: database.name, remove: input.remove },
      context.signal,
      progress,
    );
    if (warnings.trim()) context.write(`${warnings.trim()}\n`);
    context.write(`Imported in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    if (input.remove) context.write(`Removed ${input.path}\n`);
  }

  dependencies.hooks.registerTask(DATABASE_IMPORT_TASK, run);
}

/** Fewest milliseconds between two progress lines of the event. */
const PROGRESS_LINE_INTERVAL_MS = 1000;

/**
 * The import's progress in the event's output, as the progress lines recipes print
 * (`::hostdeck::info::…`, packages/recipes/src/progress.ts):
 * `::hostdeck::info::progress 42% (420.0 MiB of 1.0 GiB read)`. One line when the whole percent
 * moves, at most one a second: an hour-long import writes at most about a hundred lines, well
 * inside the event's output cap, however often the agent reports.
 */
export function createProgressWriter(write: (text: string) => void, now: () => number) {
  let lastPercent = -1;
  let lastAt = Number.NEGATIVE_INFINITY;
  return (read: number, total: number) => {
    const percent = total > 0 ? Math.min(100, Math.floor((read / total) * 100)) : 100;
    const at = now();
    if (percent <= lastPercent || (at - lastAt < PROGRESS_LINE_INTERVAL_MS && percent < 100)) return;
    lastPercent = percent;
    lastAt = at;
    write(`${importProgressLine(read, total)}\n`);
  };
}

/** One progress line (without its newline). */
export function importProgressLine(read: number, total: number): string {
  const percent = total > 0 ? Math.min(100, Math.floor((read / total) * 100)) : 100;
  return `::hostdeck::info::progress ${percent}% (${formatBytes(read)} of ${formatBytes(total)} read)`;
}

function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
