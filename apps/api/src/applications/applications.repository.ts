import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { events } from '../database/schema.js';
import { APPLICATION_EVENT_PREFIX, APPLICATION_ID_VALUE } from './application-events.js';

/** What the applications area reads of its events (the server row: server-sections.repository.ts). */
export function createApplicationsRepository(db: Database) {
  return {
    /** The latest install event of each application on the server, by application id. */
    async lastInstalls(serverId: number) {
      // The key is our constant, written into the SQL: DISTINCT ON and ORDER BY must hold the
      // same expression, and two bound parameters would be two expressions.
      const application = sql<string>`${events.descriptionValues} ->> ${sql.raw(`'${APPLICATION_ID_VALUE}'`)}`;
      const rows = await db
        .selectDistinctOn([application], {
          application,
          id: events.id,
          status: events.status,
          isFinished: events.isFinished,
          errorReason: events.errorReason,
          errorId: events.errorId,
          errorValues: events.errorValues,
        })
        .from(events)
        .where(
          and(
            eq(events.serverId, serverId),
            eq(events.type, `${APPLICATION_EVENT_PREFIX}install`),
            isNotNull(application),
          ),
        )
        .orderBy(application, desc(events.createdAt), desc(events.id));
      return new Map(rows.map((row) => [row.application, row]));
    },
  };
}
export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;
export type LastInstall =
  Awaited<ReturnType<ApplicationsRepository['lastInstalls']>> extends Map<string, infer Row> ? Row : never;
