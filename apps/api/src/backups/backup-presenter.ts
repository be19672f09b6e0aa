import {
  BACKUP_CONFIG_STATUSES,
  BACKUP_DRIVE_KINDS,
  BACKUP_HISTORY_STATES,
  BACKUP_PERIODS,
  BACKUP_TRIGGERS,
  BACKUP_VERIFY_MODES,
  backupPartSchema,
  type BackupConfigItem,
  type BackupDriveItem,
  type BackupHistoryItem,
  type BackupPart,
  type BackupVerificationItem,
} from '@hostdeck/contracts/backups';
import { z } from 'zod';
import type {
  BackupConfigRow,
  BackupDriveRow,
  BackupHistoryListRow,
  BackupVerificationRow,
} from './backups.repository.js';

/** The non-secret fields a drive keeps in `settings` (never the secret: that is `sealed_secret`). */
export interface DriveSettings {
  endpoint?: string;
  region?: string;
  bucket?: string;
  path?: string;
  access_key_id?: string;
  host?: string;
  port?: number;
  user?: string;
  /** sftp/server: the host key the probe saw, pinned (`ssh-ed25519 AAAA…`). */
  host_key?: string;
}

export const driveSettingsOf = (drive: Pick<BackupDriveRow, 'settings'>): DriveSettings =>
  (drive.settings ?? {}) as DriveSettings;

const pick = <T extends readonly string[]>(values: T, value: string, fallback: T[number]): T[number] =>
  (values as readonly string[]).includes(value) ? value : fallback;

/**
 * A drive as answered: named fields copied from `settings`, `has_secret` instead of the sealed
 * secret (the only way a drive leaves the panel, so a secret cannot be presented by mistake).
 */
export function presentDrive(drive: BackupDriveRow & { configsCount?: number }): BackupDriveItem {
  const settings = driveSettingsOf(drive);
  const kind = pick(BACKUP_DRIVE_KINDS, drive.kind, 'local');
  return {
    id: drive.id,
    name: drive.name,
    kind,
    endpoint: settings.endpoint ?? null,
    region: settings.region ?? null,
    bucket: settings.bucket ?? null,
    access_key_id: settings.access_key_id ?? null,
    host: kind === 'sftp' ? (settings.host ?? null) : null,
    port: kind === 'sftp' ? (settings.port ?? null) : null,
    user: settings.user ?? null,
    server_id: drive.targetServerId,
    path: settings.path ?? null,
    has_secret: drive.sealedSecret !== null,
    public_key: drive.publicKey,
    not_a_backup: kind === 'local',
    checked_at: drive.checkedAt?.toISOString() ?? null,
    check_error: drive.checkError,
    configs_count: drive.configsCount ?? 0,
    created_at: drive.createdAt.toISOString(),
  };
}

const detailsSchema = z.object({
  sites: z.array(backupPartSchema).catch([]).default([]),
  databases: z.array(backupPartSchema).catch([]).default([]),
});
const partsOf = (details: unknown): { sites: BackupPart[]; databases: BackupPart[] } => {
  const parsed = detailsSchema.safeParse(details ?? {});
  return parsed.success ? parsed.data : { sites: [], databases: [] };
};

export function presentHistory(row: BackupHistoryListRow): BackupHistoryItem {
  const parts = partsOf(row.details);
  return {
    id: row.id,
    config_id: row.configId,
    server_id: row.serverId,
    server_name: row.serverName,
    drive_name: row.driveName,
    event_id: row.eventId,
    trigger: pick(BACKUP_TRIGGERS, row.trigger, 'manual'),
    state: pick(BACKUP_HISTORY_STATES, row.state, 'failed'),
    snapshot_id: row.snapshotId,
    size_bytes: row.sizeBytes,
    duration_ms: row.durationMs,
    files: row.files,
    sites: parts.sites,
    databases: parts.databases,
    error: row.error,
    started_at: row.startedAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
  };
}

export function presentVerification(row: BackupVerificationRow): BackupVerificationItem {
  return {
    id: row.id,
    config_id: row.configId,
    snapshot_id: row.snapshotId,
    ok: row.ok,
    problems: Array.isArray(row.problems) ? row.problems.map(String) : [],
    checked_at: row.checkedAt.toISOString(),
    event_id: row.eventId,
  };
}

export function presentConfig(
  row: BackupConfigRow,
  context: {
    drive: Pick<BackupDriveRow, 'id' | 'name' | 'kind'>;
    lastHistory: BackupHistoryListRow | undefined;
    lastVerification: BackupVerificationRow | undefined;
  },
): BackupConfigItem {
  return {
    id: row.id,
    server_id: row.serverId,
    drive: {
      id: context.drive.id,
      name: context.drive.name,
      kind: pick(BACKUP_DRIVE_KINDS, context.drive.kind, 'local'),
    },
    status: pick(BACKUP_CONFIG_STATUSES, row.status, 'failed'),
    period: pick(BACKUP_PERIODS, row.period, 'daily'),
    run_at: row.runAt,
    excludes: row.excludes,
    cycle: row.cycle,
    verify: pick(BACKUP_VERIFY_MODES, row.verify, 'off'),
    site_ids: row.siteIds,
    database_ids: row.databaseIds,
    last_history: context.lastHistory ? presentHistory(context.lastHistory) : null,
    last_verification: context.lastVerification ? presentVerification(context.lastVerification) : null,
    alert: row.alert,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
