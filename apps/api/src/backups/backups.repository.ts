import { and, asc, count, desc, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { BACKUP_EVENT_TYPES, BACKUP_MODEL_TYPE } from '@hostdeck/contracts/backups';
import type { Database } from '../database/database.js';
import {
  backupConfigs,
  backupDrives,
  backupHistories,
  backupVerifications,
  databases,
  events,
  servers,
  serverBackupTokens,
  sites,
  users,
  type BackupConfigRow,
  type BackupDriveRow,
  type BackupHistoryRow,
  type BackupVerificationRow,
} from '../database/schema.js';
import { visibleServerIds } from '../policy/policy.repository.js';

export type { BackupConfigRow, BackupDriveRow, BackupHistoryRow, BackupVerificationRow };
export type NewBackupDriveRow = typeof backupDrives.$inferInsert;
export type NewBackupConfigRow = typeof backupConfigs.$inferInsert;
export type NewBackupHistoryRow = typeof backupHistories.$inferInsert;

/** A history with the names the list shows (server, drive). */
export type BackupHistoryListRow = BackupHistoryRow & { serverName: string; driveName: string | null };

/** Drives, configs, histories, verifications and callback tokens (database/schema/backups.ts). */
export function createBackupsRepository(db: Database) {
  async function listHistories(where: SQL | undefined, page: number, perPage: number) {
    const rows = await db
      .select({ history: backupHistories, serverName: servers.name, driveName: backupDrives.name })
      .from(backupHistories)
      .innerJoin(servers, eq(servers.id, backupHistories.serverId))
      .leftJoin(backupConfigs, eq(backupConfigs.id, backupHistories.configId))
      .leftJoin(backupDrives, eq(backupDrives.id, backupConfigs.driveId))
      .where(where)
      .orderBy(desc(backupHistories.startedAt), desc(backupHistories.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [total] = await db.select({ value: count() }).from(backupHistories).where(where);
    return {
      rows: rows.map((row): BackupHistoryListRow => ({
        ...row.history,
        serverName: row.serverName,
        driveName: row.driveName,
      })),
      total: total?.value ?? 0,
    };
  }

  return {
    // Drives ------------------------------------------------------------------------------------
    async listDrives(userId: number) {
      const rows = await db
        .select({
          drive: backupDrives,
          configsCount:
            sql<number>`(select count(*) from ${backupConfigs} where ${backupConfigs.driveId} = ${backupDrives.id})`.mapWith(
              Number,
            ),
        })
        .from(backupDrives)
        .where(eq(backupDrives.userId, userId))
        .orderBy(asc(backupDrives.id));
      return rows.map((row) => ({ ...row.drive, configsCount: row.configsCount }));
    },
    async findDrive(id: number): Promise<BackupDriveRow | undefined> {
      const [row] = await db.select().from(backupDrives).where(eq(backupDrives.id, id));
      return row;
    },
    async findDriveByName(userId: number, name: string): Promise<BackupDriveRow | undefined> {
      const [row] = await db
        .select()
        .from(backupDrives)
        .where(and(eq(backupDrives.userId, userId), eq(backupDrives.name, name)));
      return row;
    },
    async insertDrive(row: NewBackupDriveRow): Promise<BackupDriveRow> {
      const [created] = await db.insert(backupDrives).values(row).returning();
      return created!;
    },
    async updateDrive(id: number, changes: Partial<NewBackupDriveRow>): Promise<void> {
      await db
        .update(backupDrives)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(backupDrives.id, id));
    },
    async removeDrive(id: number): Promise<void> {
      await db.delete(backupDrives).where(eq(backupDrives.id, id));
    },
    async countConfigsOfDrive(driveId: number): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(backupConfigs)
        .where(eq(backupConfigs.driveId, driveId));
      return row?.value ?? 0;
    },

    // Configs -----------------------------------------------------------------------------------
    async listConfigs(serverId: number): Promise<BackupConfigRow[]> {
      return db
        .select()
        .from(backupConfigs)
        .where(eq(backupConfigs.serverId, serverId))
        .orderBy(asc(backupConfigs.id));
    },
    async listConfigsOfDrive(driveId: number): Promise<BackupConfigRow[]> {
      return db
        .select()
        .from(backupConfigs)
        .where(eq(backupConfigs.driveId, driveId))
        .orderBy(asc(backupConfigs.id));
    },
    /** Every active config, with its server's time zone (the clock its cron runs by). */
    async listActiveConfigs(): Promise<(BackupConfigRow & { timeZone: string | null })[]> {
      const rows = await db
        .select({ config: backupConfigs, timeZone: servers.timezone })
        .from(backupConfigs)
        .innerJoin(servers, eq(servers.id, backupConfigs.serverId))
        .where(eq(backupConfigs.status, 'active'));
      return rows.map(({ config, timeZone }) => ({ ...config, timeZone }));
    },
    /** When a verification of the config last started (its latest backup_verify event). */
    async lastVerifyStartedAt(configId: number): Promise<Date | undefined> {
      const [row] = await db
        .select({
          at: sql<Date | null>`max(${events.createdAt})`.mapWith((value: unknown) =>
            value === null || value === undefined ? null : new Date(value as string),
          ),
        })
        .from(events)
        .where(
          and(
            eq(events.type, BACKUP_EVENT_TYPES.verify),
            eq(events.modelType, BACKUP_MODEL_TYPE),
            eq(events.modelId, configId),
          ),
        );
      return row?.at ?? undefined;
    },
    /** Whether any run of the config has a snapshot to check. */
    async hasSnapshot(configId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: backupHistories.id })
        .from(backupHistories)
        .where(and(eq(backupHistories.configId, configId), sql`${backupHistories.snapshotId} is not null`))
        .limit(1);
      return row !== undefined;
    },
    async findConfigOnServer(serverId: number, id: number): Promise<BackupConfigRow | undefined> {
      const [row] = await db
        .select()
        .from(backupConfigs)
        .where(and(eq(backupConfigs.serverId, serverId), eq(backupConfigs.id, id)));
      return row;
    },
    async findConfig(id: number): Promise<BackupConfigRow | undefined> {
      const [row] = await db.select().from(backupConfigs).where(eq(backupConfigs.id, id));
      return row;
    },
    async findConfigByDrive(serverId: number, driveId: number): Promise<BackupConfigRow | undefined> {
      const [row] = await db
        .select()
        .from(backupConfigs)
        .where(and(eq(backupConfigs.serverId, serverId), eq(backupConfigs.driveId, driveId)));
      return row;
    },
    async insertConfig(row: NewBackupConfigRow): Promise<BackupConfigRow> {
      const [created] = await db.insert(backupConfigs).values(row).returning();
      return created!;
    },
    async updateConfig(id: number, changes: Partial<NewBackupConfigRow>): Promise<void> {
      await db
        .update(backupConfigs)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(backupConfigs.id, id));
    },
    async removeConfig(id: number): Promise<void> {
      await db.delete(backupConfigs).where(eq(backupConfigs.id, id));
    },

    // What a config backs up ----------------------------------------------------------------------
    async sitesOf(serverId: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: sites.id, name: sites.name, linuxUser: sites.linuxUser })
        .from(sites)
        .where(and(eq(sites.serverId, serverId), inArray(sites.id, [...ids])));
    },
    async databasesOf(serverId: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: databases.id, name: databases.name, type: databases.type, siteId: databases.siteId })
        .from(databases)
        .where(and(eq(databases.serverId, serverId), inArray(databases.id, [...ids])));
    },
    async sitesByName(serverId: number, names: readonly string[]) {
      if (names.length === 0) return [];
      return db
        .select({ id: sites.id, name: sites.name })
        .from(sites)
        .where(and(eq(sites.serverId, serverId), inArray(sites.name, [...names])));
    },
    async databasesByName(serverId: number, names: readonly string[]) {
      if (names.length === 0) return [];
      return db
        .select({ id: databases.id, name: databases.name, type: databases.type })
        .from(databases)
        .where(and(eq(databases.serverId, serverId), inArray(databases.name, [...names])));
    },

    // Histories ---------------------------------------------------------------------------------
    async insertHistory(row: NewBackupHistoryRow): Promise<BackupHistoryRow | undefined> {
      const [created] = await db.insert(backupHistories).values(row).onConflictDoNothing().returning();
      return created;
    },
    async updateHistory(id: number, changes: Partial<NewBackupHistoryRow>): Promise<void> {
      await db.update(backupHistories).set(changes).where(eq(backupHistories.id, id));
    },
    async findHistoryByEvent(eventId: number): Promise<BackupHistoryRow | undefined> {
      const [row] = await db.select().from(backupHistories).where(eq(backupHistories.eventId, eventId));
      return row;
    },
    async lastHistory(configId: number): Promise<BackupHistoryListRow | undefined> {
      const { rows } = await listHistories(eq(backupHistories.configId, configId), 1, 1);
      return rows[0];
    },
    /** Any run of the config that started at or after `since` (a missed run is one without). */
    async hasHistorySince(configId: number, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: backupHistories.id })
        .from(backupHistories)
        .where(and(eq(backupHistories.configId, configId), sql`${backupHistories.startedAt} >= ${since}`))
        .limit(1);
      return Boolean(row);
    },
    async historiesOfServer(serverId: number, page: number, perPage: number, state?: string) {
      return listHistories(
        and(eq(backupHistories.serverId, serverId), state ? eq(backupHistories.state, state) : undefined),
        page,
        perPage,
      );
    },
    async historiesVisibleTo(
      userId: number,
      page: number,
      perPage: number,
      filter: { state?: string; server?: number },
    ) {
      return listHistories(
        and(
          sql`${backupHistories.serverId} in (${visibleServerIds(userId)})`,
          filter.state ? eq(backupHistories.state, filter.state) : undefined,
          filter.server ? eq(backupHistories.serverId, filter.server) : undefined,
        ),
        page,
        perPage,
      );
    },
    /** Runs still `running` whose event ended long ago (a worker lost them). */
    async staleRunning(before: Date) {
      return db
        .select()
        .from(backupHistories)
        .where(and(eq(backupHistories.state, 'running'), lte(backupHistories.startedAt, before)));
    },

    // Verifications ------------------------------------------------------------------------------
    async insertVerification(row: typeof backupVerifications.$inferInsert): Promise<BackupVerificationRow> {
      const [created] = await db.insert(backupVerifications).values(row).returning();
      return created!;
    },
    async listVerifications(configId: number, limit = 50): Promise<BackupVerificationRow[]> {
      return db
        .select()
        .from(backupVerifications)
        .where(eq(backupVerifications.configId, configId))
        .orderBy(desc(backupVerifications.checkedAt), desc(backupVerifications.id))
        .limit(limit);
    },

    // Callback tokens ----------------------------------------------------------------------------
    async findToken(serverId: number) {
      const [row] = await db
        .select()
        .from(serverBackupTokens)
        .where(eq(serverBackupTokens.serverId, serverId));
      return row;
    },
    async findTokenByHash(tokenHash: string) {
      const [row] = await db
        .select()
        .from(serverBackupTokens)
        .where(eq(serverBackupTokens.tokenHash, tokenHash));
      return row;
    },
    async saveToken(serverId: number, tokenHash: string, createdAt: Date) {
      await db
        .insert(serverBackupTokens)
        .values({ serverId, tokenHash, createdAt })
        .onConflictDoUpdate({ target: serverBackupTokens.serverId, set: { tokenHash, createdAt } });
    },

    /** The user's first installed server (not `except`): where a drive is probed from by default. */
    async firstInstalledServerOf(userId: number, except?: number | null): Promise<number | undefined> {
      const [row] = await db
        .select({ id: servers.id })
        .from(servers)
        .where(
          and(
            eq(servers.userId, userId),
            eq(servers.installed, true),
            except ? ne(servers.id, except) : undefined,
          ),
        )
        .orderBy(asc(servers.id))
        .limit(1);
      return row?.id;
    },

    // People --------------------------------------------------------------------------------------
    async serverWithOwner(serverId: number) {
      const [row] = await db
        .select({
          id: servers.id,
          name: servers.name,
          ip: servers.ip,
          port: servers.port,
          userId: servers.userId,
          ownerEmail: users.email,
          ownerName: users.name,
          ownerLocale: users.locale,
        })
        .from(servers)
        .innerJoin(users, eq(users.id, servers.userId))
        .where(eq(servers.id, serverId));
      return row;
    },
  };
}
export type BackupsRepository = ReturnType<typeof createBackupsRepository>;
