import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../database/database.js';
import { deployments, events, siteCommands, sites, users } from '../database/schema.js';
import { createServersRepository } from '../servers/servers.repository.js';

export type DeploymentRow = typeof deployments.$inferSelect;
export type SiteCommandRow = typeof siteCommands.$inferSelect;
export type SiteUpdate = Partial<
  Pick<
    typeof sites.$inferInsert,
    | 'repository'
    | 'branch'
    | 'deployScript'
    | 'sealedEnvironment'
    | 'deployPublicKey'
    | 'sealedDeployKey'
    | 'sealedDeployToken'
    | 'autoDeploy'
    | 'currentRelease'
    | 'codeType'
  >
>;

/** A list row: the record and the name of who started it (and, for commands, its event's state). */
export interface DeploymentListRow {
  deployment: DeploymentRow;
  userName: string | null;
  /** Its event's status (a record whose event was cancelled or reaped shows failed). */
  eventStatus: string | null;
}
export interface SiteCommandListRow {
  command: SiteCommandRow;
  userName: string | null;
  eventStatus: string | null;
  eventFinished: boolean | null;
}

/** SQL of deployments, commands and the deployment columns of `sites`. */
export function createDeploymentsRepository(db: Database) {
  const serverRows = createServersRepository(db);
  return {
    async findSite(siteId: number) {
      const [row] = await db.select().from(sites).where(eq(sites.id, siteId)).limit(1);
      return row;
    },

    // The servers table is read through its own repository.
    async findServer(serverId: number) {
      return (await serverRows.findRow(serverId)) ?? undefined;
    },

    async updateSite(siteId: number, values: SiteUpdate) {
      const [row] = await db
        .update(sites)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(sites.id, siteId))
        .returning();
      return row;
    },

    async insertDeployment(values: typeof deployments.$inferInsert): Promise<DeploymentRow> {
      const [row] = await db.insert(deployments).values(values).returning();
      return row!;
    },

    async findDeployment(siteId: number, deploymentId: number): Promise<DeploymentRow | undefined> {
      const [row] = await db
        .select()
        .from(deployments)
        .where(and(eq(deployments.id, deploymentId), eq(deployments.siteId, siteId)))
        .limit(1);
      return row;
    },

    async findDeploymentById(deploymentId: number): Promise<DeploymentRow | undefined> {
      const [row] = await db.select().from(deployments).where(eq(deployments.id, deploymentId)).limit(1);
      return row;
    },

    async updateDeployment(deploymentId: number, values: Partial<typeof deployments.$inferInsert>) {
      const [row] = await db
        .update(deployments)
        .set(values)
        .where(eq(deployments.id, deploymentId))
        .returning();
      return row;
    },

    /** The newest release name of a site's deployments (rollbacks included), if any. */
    async latestRelease(siteId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ release: sql<string>`max(${deployments.release})` })
        .from(deployments)
        .where(eq(deployments.siteId, siteId));
      return row?.release ?? undefined;
    },

    /** Newest first (spec/000 §4: a new deployment is added to the top of the list). */
    async listDeployments(siteId: number, page: number, perPage: number) {
      const [total] = await db
        .select({ value: count() })
        .from(deployments)
        .where(eq(deployments.siteId, siteId));
      const rows = await db
        .select({ deployment: deployments, userName: users.name, eventStatus: events.status })
        .from(deployments)
        .leftJoin(users, eq(users.id, deployments.userId))
        .leftJoin(events, eq(events.id, deployments.eventId))
        .where(eq(deployments.siteId, siteId))
        .orderBy(desc(deployments.createdAt), desc(deployments.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { total: total?.value ?? 0, rows: rows satisfies DeploymentListRow[] };
    },

    async insertCommand(values: typeof siteCommands.$inferInsert): Promise<SiteCommandRow> {
      const [row] = await db.insert(siteCommands).values(values).returning();
      return row!;
    },

    async findCommandById(commandId: number): Promise<SiteCommandRow | undefined> {
      const [row] = await db.select().from(siteCommands).where(eq(siteCommands.id, commandId)).limit(1);
      return row;
    },

    async setCommandEvent(commandId: number, eventId: number) {
      await db.update(siteCommands).set({ eventId }).where(eq(siteCommands.id, commandId));
    },

    /** Newest first, each with the status of the event that ran it. */
    async listCommands(siteId: number, page: number, perPage: number) {
      const [total] = await db
        .select({ value: count() })
        .from(siteCommands)
        .where(eq(siteCommands.siteId, siteId));
      const rows = await db
        .select({
          command: siteCommands,
          userName: users.name,
          eventStatus: events.status,
          eventFinished: events.isFinished,
        })
        .from(siteCommands)
        .leftJoin(users, eq(users.id, siteCommands.userId))
        .leftJoin(events, eq(events.id, siteCommands.eventId))
        .where(eq(siteCommands.siteId, siteId))
        .orderBy(desc(siteCommands.createdAt), desc(siteCommands.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { total: total?.value ?? 0, rows: rows satisfies SiteCommandListRow[] };
    },
  };
}
export type DeploymentsRepository = ReturnType<typeof createDeploymentsRepository>;
