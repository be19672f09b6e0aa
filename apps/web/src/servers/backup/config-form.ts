import {
  BACKUP_CYCLE_DEFAULT,
  BACKUP_CYCLE_LIMITS,
  BACKUP_TIME_PATTERN,
  isBackupExclude,
  type BackupConfigItem,
  type BackupConfigRequest,
  type BackupPeriod,
  type BackupVerifyMode,
} from '@hostdeck/contracts/backups';

export { BACKUP_PERIODS as PERIODS, BACKUP_VERIFY_MODES as VERIFY_MODES } from '@hostdeck/contracts/backups';

export interface ConfigFormValues {
  driveId: number | null;
  period: BackupPeriod;
  runAt: string;
  daily: string;
  weekly: string;
  monthly: string;
  /** One exclude pattern per line. */
  excludes: string;
  siteIds: number[];
  databaseIds: number[];
  verify: BackupVerifyMode;
}

export function configFormValues(config: BackupConfigItem | null, driveId: number | null): ConfigFormValues {
  const cycle = config?.cycle ?? BACKUP_CYCLE_DEFAULT;
  return {
    driveId: config?.drive.id ?? driveId,
    period: config?.period ?? 'daily',
    runAt: config?.run_at ?? '02:00',
    daily: String(cycle.daily),
    weekly: String(cycle.weekly),
    monthly: String(cycle.monthly),
    excludes: (config?.excludes ?? []).join('\n'),
    siteIds: config?.site_ids ?? [],
    databaseIds: config?.database_ids ?? [],
    verify: config?.verify ?? 'weekly',
  };
}

/** Excludes, one per line, surrounding spaces and blank lines dropped. */
export const excludeLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const RETENTION = ['daily', 'weekly', 'monthly'] as const;

const keepCount = (text: string, max: number) => {
  const value = text.trim();
  return /^\d{1,3}$/.test(value) && Number(value) <= max ? Number(value) : null;
};

/**
 * The form's problems by field, checked like the contract does before anything is sent:
 * `required`, `time`, `cycle` (each count in its range, at least one kept), `exclude`, `nothing`.
 */
export function configFormProblems(values: ConfigFormValues): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.driveId === null) problems.drive_id = 'required';
  if (!BACKUP_TIME_PATTERN.test(values.runAt)) problems.run_at = 'time';
  const counts = RETENTION.map((field) => keepCount(values[field], BACKUP_CYCLE_LIMITS[field]));
  RETENTION.forEach((field, index) => {
    if (counts[index] === null) problems[`cycle.${field}`] = 'cycle';
  });
  if (counts.every((value) => value === 0)) problems['cycle.daily'] = 'cycle';
  if (!excludeLines(values.excludes).every(isBackupExclude)) problems.excludes = 'exclude';
  if (values.siteIds.length + values.databaseIds.length === 0) problems.site_ids = 'nothing';
  return problems;
}

export function configBody(values: ConfigFormValues): BackupConfigRequest {
  return {
    drive_id: values.driveId!,
    period: values.period,
    run_at: values.runAt,
    excludes: excludeLines(values.excludes),
    cycle: { daily: Number(values.daily), weekly: Number(values.weekly), monthly: Number(values.monthly) },
    verify: values.verify,
    site_ids: values.siteIds,
    database_ids: values.databaseIds,
  };
}
