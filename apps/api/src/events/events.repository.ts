import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { EVENT_STATUS, type EventText } from '@hostdeck/contracts';
import { noteCreatedEvent } from '../audit/audit-context.js';
import type { Database } from '../database/database.js';
import { events, servers, sites, users } from '../database/schema.js';
import { serverIsVisibleTo } from '../policy/server-policy.js';
import { teamScopeOf } from '../policy/team-scope.js';

export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

export function createEventsRepository(db: Database) {
  const selectWithContext = () =>
    db
      .select(contextColumns)
      .from(events)
      .leftJoin(users, eq(users.id, events.userId))
      .leftJoin(servers, eq(servers.id, events.serverId))
      .leftJoin(sites, eq(sites.id, events.siteId));

  return {
    async insert(values: NewEvent): Promise<EventRow> {
      const [row] = await db.insert(events).values(values).returning();
      noteCreatedEvent(row!.id);
      return row!;
    },

    async findById(id: number): Promise<EventRow | null> {
      const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
      return row ?? null;
    },

    /** The event a server runs next: its oldest pending one (claim's order). */
    async nextPending(serverId: number): Promise<EventRow | null> {
      const [row] = await db
        .select()
        .from(events)
        .where(and(eq(events.serverId, serverId), eq(events.status, EVENT_STATUS.pending)))
        .orderBy(events.id)
        .limit(1);
      return row ?? null;
    },

    async setQueueJobId(id: number, queueJobId: string) {
      await db.update(events).set({ queueJobId }).where(eq(events.id, id));
    },

    /**
     * PENDING → RUNNING under a lease. Returns null when the event is no longer pending (cancelled,
     * already claimed) and 'busy' when another mutating event is running on the same server (the
     * partial unique index refuses the update) or an older one still waits for it: a server's events
     * run in the order they were queued, whatever order the queue hands them out in.
     */
    async claim(id: number, owner: string, leaseMs: number): Promise<EventRow | null | 'busy'> {
      try {
        const [row] = await db
          .update(events)
          .set({
            status: EVENT_STATUS.running,
            leaseOwner: owner,
            leaseExpiresAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
            startedAt: sql`coalesce(${events.startedAt}, now())`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(events.id, id),
              eq(events.status, EVENT_STATUS.pending),
              sql`not exists (select 1 from ${events} as older where older.server_id = ${events.serverId}
                and older.status = ${EVENT_STATUS.pending} and older.mutating and older.id < ${events.id})`,
            ),
          )
          .returning();
        if (row) return row;
        const [still] = await db.select({ status: events.status }).from(events).where(eq(events.id, id));
        return still?.status === EVENT_STATUS.pending ? 'busy' : null;
      } catch (error) {
        if (isUniqueViolation(error)) return 'busy';
        throw error;
      }
    },

    /** Renews the lease; false when this worker no longer owns the event (reaped or cancelled). */
    async renewLease(id: number, owner: string, leaseMs: number): Promise<boolean> {
      const rows = await db
        .update(events)
        .set({ leaseExpiresAt: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where(and(eq(events.id, id), eq(events.leaseOwner, owner), eq(events.status, EVENT_STATUS.running)))
        .returning({ id: events.id });
      return rows.length > 0;
    },

    /** Appends output without rewriting the log (ARCHITECTURE.md, Jobs and events). */
    async appendOutput(id: number, text: string, bytes: number, truncated: boolean) {
      await db
        .update(events)
        .set({
          output: sql`${events.output} || ${text}`,
          outputBytes: sql`${events.outputBytes} + ${bytes}`,
          outputTruncated: truncated,
        })
        .where(eq(events.id, id));
    },

    async setCurrentStep(id: number, stepId: string | null) {
      await db.update(events).set({ currentStepId: stepId }).where(eq(events.id, id));
    },

    /** `errorText` is the error line's id and values when it has them (errorReason is its English). */
    async finish(
      id: number,
      owner: string | null,
      status: string,
      errorReason: string | null,
      errorText: EventText | null = null,
    ): Promise<EventRow | null> {
      const [row] = await db
        .update(events)
        .set({
          status,
          isFinished: true,
          errorReason,
          errorId: errorText?.id ?? null,
          errorValues: errorText?.values ?? {},
          leaseExpiresAt: null,
          sealedInput: null,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(events.id, id),
            eq(events.isFinished, false),
            owner === null ? sql`true` : eq(events.leaseOwner, owner),
          ),
        )
        .returning();
      return row ?? null;
    },

    async requestCancel(id: number): Promise<EventRow | null> {
      const [row] = await db
        .update(events)
        .set({ cancelRequestedAt: sql`coalesce(${events.cancelRequestedAt}, now())` })
        .where(and(eq(events.id, id), eq(events.isFinished, false)))
        .returning();
      return row ?? null;
    },

    async isCancelRequested(id: number): Promise<boolean> {
      const [row] = await db
        .select({ at: events.cancelRequestedAt })
        .from(events)
        .where(eq(events.id, id))
        .limit(1);
      return Boolean(row?.at);
    },

    /** Running events whose worker stopped renewing its lease (killed process, rebooted machine). */
    async findExpiredLeases(): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .where(and(eq(events.status, EVENT_STATUS.running), lt(events.leaseExpiresAt, sql`now()`)));
    },

    /** The event, only when the caller may see it (the same rule as the list). */
    async findVisible(id: number, userId: number): Promise<EventRow | null> {
      const [row] = await db
        .select()
        .from(events)
        .where(and(eq(events.id, id), visibleTo(userId)))
        .limit(1);
      return row ?? null;
    },

    async listForUser(userId: number, page: number, perPage: number) {
      const visible = visibleTo(userId);
      const [totalRow] = await db.select({ total: count() }).from(events).where(visible);
      const rows = await selectWithContext()
        .where(visible)
        .orderBy(desc(events.createdAt), desc(events.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { total: Number(totalRow?.total ?? 0), rows };
    },

    /** One event the caller may see, with who started it and the names of its server and site. */
    async findVisibleWithContext(id: number, userId: number): Promise<EventWithContext | null> {
      const [row] = await selectWithContext()
        .where(and(eq(events.id, id), visibleTo(userId)))
        .limit(1);
      return row ?? null;
    },

    /** Who started the event and the names of its server and site (realtime messages carry them). */
    async findContext(event: EventRow): Promise<Omit<EventWithContext, 'event'>> {
      const [row] = await selectWithContext().where(eq(events.id, event.id)).limit(1);
      return row ?? { userName: null, userPhoto: null, serverName: null, siteName: null };
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;

const contextColumns = {
  event: events,
  userName: users.name,
  userPhoto: users.profilePhotoPath,
  serverName: servers.name,
  siteName: sites.name,
};
export interface EventWithContext {
  event: EventRow;
  userName: string | null;
  userPhoto: string | null;
  serverName: string | null;
  siteName: string | null;
}

/**
 * Events of the servers the caller may view (policy: owned, or shared by one of their teams), and
 * events without a server that the caller started. An event of a server the caller can no longer
 * view (removed from the team, server unshared) is hidden even if they started it: its output
 * describes that server.
 */
function visibleTo(userId: number) {
  // A team token's call (policy/team-scope.ts) sees the team's servers' events, not its maker's own.
  if (teamScopeOf(userId) !== null) return serverIsVisibleTo(events.serverId, userId);
  return or(
    serverIsVisibleTo(events.serverId, userId),
    and(isNull(events.serverId), eq(events.userId, userId)),
  )!;
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true;
  }
  return false;
}
