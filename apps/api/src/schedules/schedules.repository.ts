import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { schedules, type ScheduleRow } from '../database/schema.js';

export type { ScheduleRow };
export type NewScheduleRow = typeof schedules.$inferInsert;

/** The panel's cron jobs of a server (table `schedules`). */
export function createSchedulesRepository(db: Database) {
  return {
    async listForServer(serverId: number): Promise<ScheduleRow[]> {
      return db.select().from(schedules).where(eq(schedules.serverId, serverId)).orderBy(asc(schedules.id));
    },
    async findOnServer(serverId: number, id: number): Promise<ScheduleRow | undefined> {
      const [row] = await db
        .select()
        .from(schedules)
        .where(and(eq(schedules.serverId, serverId), eq(schedules.id, id)));
      return row;
    },
    async insert(row: NewScheduleRow): Promise<ScheduleRow> {
      const [created] = await db.insert(schedules).values(row).returning();
      return created!;
    },
    async update(id: number, changes: Partial<NewScheduleRow>): Promise<void> {
      await db
        .update(schedules)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(schedules.id, id));
    },
    /** Every active job of every server (the failed-run check reads their servers). */
    async listActive(): Promise<ScheduleRow[]> {
      return db.select().from(schedules).where(eq(schedules.status, 'active')).orderBy(asc(schedules.id));
    },
    async remove(id: number): Promise<void> {
      await db.delete(schedules).where(eq(schedules.id, id));
    },
  };
}
export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;
