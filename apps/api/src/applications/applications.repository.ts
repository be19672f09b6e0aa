import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { events, servers } from '../database/schema.js';
import { APPLICATION_EVENT_PREFIX, APPLICATION_ID_VALUE } from './application-events.js';

/** What the applications area reads of a server row: never the credentials themselves. */
export function createApplicationsRepository(db: Database) {
  return {
    /** Whether the panel holds a way in (its key, or the root password until the key is installed). */
    async hasCredentials(serverId: number): Promise<boolean> {
      const [row] = await db
        .select({ key: servers.sealedPrivateKey, password: servers.sealedPassword })
        .from(servers)
        .where(eq(servers.id, serverId))
        .limit(1);
      return Boolean(row?.key ?? row?.password);
    },

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
