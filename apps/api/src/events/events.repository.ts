import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { EVENT_STATUS } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { events, users } from '../database/schema.js';
import { serverIsVisibleTo } from '../policy/server-policy.js';

export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

export function createEventsRepository(db: Database) {
  return {
    async insert(values: NewEvent): Promise<EventRow> {
      const [row] = await db.insert(events).values(values).returning();
      return row!;
    },

    async findById(id: number): Promise<EventRow | null> {
      const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
      return row ?? null;
    },

    async setQueueJobId(id: number, queueJobId: string) {
      await db.update(events).set({ queueJobId }).where(eq(events.id, id));
    },

    /**
     * PENDING → RUNNING under a lease. Returns null when the event is no longer pending (cancelled,
     * already claimed) and 'busy' when another mutating event is running on the same server (the
     * partial unique index refuses the update).
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
          .where(and(eq(events.id, id), eq(events.status, EVENT_STATUS.pending)))
          .returning();
        return row ?? null;
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

    async finish(
      id: number,
      owner: string | null,
      status: string,
      errorReason: string | null,
    ): Promise<EventRow | null> {
      const [row] = await db
        .update(events)
        .set({
          status,
          isFinished: true,
          errorReason,
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
      const rows = await db
        .select({ event: events, userName: users.name, userPhoto: users.profilePhotoPath })
        .from(events)
        .leftJoin(users, eq(users.id, events.userId))
        .where(visible)
        .orderBy(desc(events.createdAt), desc(events.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { total: Number(totalRow?.total ?? 0), rows };
    },

    async findUserNames(ids: number[]) {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;

/**
 * Events of the servers the caller may view (policy: owned, or shared by one of their teams), and
 * events without a server that the caller started. An event of a server the caller can no longer
 * view (removed from the team, server unshared) is hidden even if they started it: its output
 * describes that server.
 */
function visibleTo(userId: number) {
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
