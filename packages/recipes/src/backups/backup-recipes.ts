import { z } from 'zod';
import { databaseNameSchema } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import {
  INVALID_MESSAGE,
  backupCronExpressionSchema,
  backupDatabaseEngineSchema,
  backupDatabaseSchema,
  backupDriveSchema,
  backupRowIdSchema,
  backupSiteSchema,
  callbackTokenHexSchema,
  driveSecretHexSchema,
  panelUrlSchema,
  repositoryPasswordHexSchema,
  retentionCountSchema,
  s3SecretHexSchema,
  snapshotTimeSchema,
  sshPrivateKeyHexSchema,
  toSecretHex,
  type BackupDrive,
} from './backup-inputs.js';

/**
 * The server side of backups (issue 20; docs/backups.md): restic from Debian, a repository per
 * server on a drive, a run that dumps, lists, uploads, checks and thins out. One script,
 * scripts/backups/backup.sh, its part chosen by HD_RECIPE_ID. Values reach it as HD_* variables
 * (checked again there); secrets only as `name<TAB>hex` lines on stdin.
 */
const SCRIPT = 'backups/backup.sh';
const MINUTE = 60_000;

/** The environment of a drive (no secret in it). */
export function driveEnvironment(drive: BackupDrive): Record<string, string> {
  switch (drive.kind) {
    case 's3':
      return {
        HD_BACKUP_DRIVE_KIND: 's3',
        HD_BACKUP_S3_ENDPOINT: drive.endpoint,
        HD_BACKUP_S3_REGION: drive.region,
        HD_BACKUP_S3_BUCKET: drive.bucket,
        HD_BACKUP_S3_ACCESS_KEY_ID: drive.access_key_id,
        ...(drive.path === undefined ? {} : { HD_BACKUP_DRIVE_PATH: drive.path }),
      };
    case 'sftp':
    case 'server':
      return {
        HD_BACKUP_DRIVE_KIND: drive.kind,
        HD_BACKUP_SFTP_HOST: drive.host,
        HD_BACKUP_SFTP_PORT: String(drive.port),
        HD_BACKUP_SFTP_USER: drive.user,
        HD_BACKUP_DRIVE_PATH: drive.path,
        ...(drive.host_key === undefined ? {} : { HD_BACKUP_SFTP_HOST_KEY: drive.host_key }),
      };
    case 'local':
      return { HD_BACKUP_DRIVE_KIND: 'local', HD_BACKUP_DRIVE_PATH: drive.path };
  }
}

/** The secret a drive kind needs: an S3 secret key, an SSH private key, or none (local). */
const secretFitsDrive = (input: { drive: BackupDrive; drive_secret_hex?: string | undefined }): boolean => {
  const secret = input.drive_secret_hex;
  switch (input.drive.kind) {
    case 's3':
      return secret !== undefined && s3SecretHexSchema.safeParse(secret).success;
    case 'sftp':
    case 'server':
      return secret !== undefined && sshPrivateKeyHexSchema.safeParse(secret).success;
    case 'local':
      return secret === undefined;
  }
};
const secretRule = { path: ['drive_secret_hex'], message: INVALID_MESSAGE };

/** stdin of a step: `name<TAB>hex` lines (the script decodes them; hex never holds a TAB or newline). */
function secretLines(secrets: Record<string, string | undefined>): Buffer {
  const lines = Object.entries(secrets)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, hex]) => `${name}\t${hex}\n`);
  return Buffer.from(lines.join(''), 'utf8');
}

const exampleDrive = { kind: 'local', path: '/var/backups/hostdeck/repository' } as const;
const examplePasswordHex = toSecretHex('correct-horse-battery-staple');

// ---------------------------------------------------------------------------------------------

/** Installs Debian's restic (and curl, ssh, sftp) and refuses a restic older than 0.14.0. */
export const backupInstall = defineRecipe({
  id: 'backup-install',
  input: z.strictObject({}),
  steps: [
    { id: 'install', title: 'Install restic', script: SCRIPT, timeoutMs: 10 * MINUTE, idempotent: true },
  ],
  environment: () => ({}),
  example: {},
});

export const backupConfigIdInput = z.strictObject({ config_id: backupRowIdSchema });

export const backupConfigureInputSchema = z
  .strictObject({
    config_id: backupRowIdSchema,
    server_id: backupRowIdSchema,
    drive: backupDriveSchema,
    sites: z.array(backupSiteSchema).max(500),
    databases: z.array(backupDatabaseSchema).max(500),
    /** When cron runs it; absent: no schedule (runs only on "Backup now"). */
    schedule: backupCronExpressionSchema.optional(),
    keep_daily: retentionCountSchema,
    keep_weekly: retentionCountSchema,
    keep_monthly: retentionCountSchema,
    panel_url: panelUrlSchema.optional(),
    password_hex: repositoryPasswordHexSchema,
    drive_secret_hex: driveSecretHexSchema.optional(),
    token_hex: callbackTokenHexSchema.optional(),
  })
  .refine(secretFitsDrive, secretRule)
  .refine((input) => new Set(input.sites.map((site) => site.id)).size === input.sites.length, {
    path: ['sites'],
    message: INVALID_MESSAGE,
  })
  .refine(
    (input) =>
      new Set(input.databases.map((database) => `${database.engine}:${database.name}`)).size ===
      input.databases.length,
    { path: ['databases'], message: INVALID_MESSAGE },
  )
  .refine((input) => (input.panel_url === undefined) === (input.token_hex === undefined), {
    path: ['token_hex'],
    message: INVALID_MESSAGE,
  });
export type BackupConfigureInput = z.input<typeof backupConfigureInputSchema>;

/** The plan's records (docs/backups.md, `plan`), one per line: the script checks each again. */
export function planEnvironment(input: z.output<typeof backupConfigureInputSchema>): Record<string, string> {
  const sites = input.sites.map((site) => `${site.id}\t${site.name}\t${site.root}`);
  const excludes = input.sites.flatMap((site) => site.excludes.map((pattern) => `${site.id}\t${pattern}`));
  const databases = input.databases.map(
    (database) => `${database.engine}\t${database.name}\t${database.site_id ?? '-'}`,
  );
  return {
    HD_BACKUP_SITES: sites.join('\n'),
    HD_BACKUP_EXCLUDES: excludes.join('\n'),
    HD_BACKUP_DATABASES: databases.join('\n'),
    HD_BACKUP_RETENTION: `${input.keep_daily} ${input.keep_weekly} ${input.keep_monthly}`,
  };
}

/**
 * Writes a config's files (env, password, key, plan, token), its cron line and the run script,
 * and runs `restic init` when the repository does not exist yet. Idempotent.
 */
export const backupConfigure = defineRecipe({
  id: 'backup-configure',
  input: backupConfigureInputSchema,
  steps: [
    {
      id: 'configure',
      title: 'Configure the backups',
      script: SCRIPT,
      timeoutMs: 5 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_BACKUP_CONFIG_ID: String(input.config_id),
    HD_BACKUP_SERVER_ID: String(input.server_id),
    ...driveEnvironment(input.drive),
    ...planEnvironment(input),
    ...(input.schedule === undefined ? {} : { HD_BACKUP_SCHEDULE: input.schedule }),
    ...(input.panel_url === undefined ? {} : { HD_BACKUP_PANEL_URL: input.panel_url }),
  }),
  secrets: (input) =>
    secretLines({ password: input.password_hex, secret: input.drive_secret_hex, token: input.token_hex }),
  example: {
    config_id: 1,
    server_id: 1,
    drive: exampleDrive,
    sites: [
      { id: 1, name: 'example.com', root: '/home/hostdeck/example.com', excludes: ['/cache', '*.log'] },
    ],
    databases: [{ engine: 'mariadb', name: 'example_db', site_id: 1 }],
    schedule: '30 2 * * *',
    keep_daily: 7,
    keep_weekly: 4,
    keep_monthly: 6,
    password_hex: examplePasswordHex,
  },
});

export const backupRunInputSchema = z
  .strictObject({
    config_id: backupRowIdSchema,
    /** Only this site (and the databases planned with it). */
    site_id: backupRowIdSchema.optional(),
    /** Only this database. */
    database_engine: backupDatabaseEngineSchema.optional(),
    database_name: databaseNameSchema.optional(),
    /** The snapshot's time instead of now (retention tests). */
    snapshot_time: snapshotTimeSchema.optional(),
  })
  .refine((input) => (input.database_engine === undefined) === (input.database_name === undefined), {
    path: ['database_name'],
    message: INVALID_MESSAGE,
  })
  .refine((input) => input.site_id === undefined || input.database_engine === undefined, {
    path: ['site_id'],
    message: INVALID_MESSAGE,
  });

/** The run's scope as the run script takes it: `all`, `site:<id>` or `database:<engine>:<name>`. */
export function backupScope(input: z.output<typeof backupRunInputSchema>): string {
  if (input.site_id !== undefined) return `site:${input.site_id}`;
  if (input.database_engine !== undefined) return `database:${input.database_engine}:${input.database_name}`;
  return 'all';
}

/**
 * "Backup now": the run script (docs/backups.md, A run), its output live; the last line is
 * `result<TAB><json>` (parseBackupRunResult). Exits 0 for succeeded and partial, 1 for failed.
 */
export const backupRun = defineRecipe({
  id: 'backup-run',
  input: backupRunInputSchema,
  steps: [
    { id: 'run', title: 'Back up the server', script: SCRIPT, timeoutMs: 6 * 60 * MINUTE, idempotent: false },
  ],
  environment: (input) => ({
    HD_BACKUP_CONFIG_ID: String(input.config_id),
    HD_BACKUP_SCOPE: backupScope(input),
    ...(input.snapshot_time === undefined ? {} : { HD_BACKUP_TIME: input.snapshot_time }),
  }),
  example: { config_id: 1 },
});

/** The recorded runs of a config, newest first (parseBackupRuns). */
export const backupRuns = defineRecipe({
  id: 'backup-runs',
  input: backupConfigIdInput,
  steps: [{ id: 'read', title: 'Read the backup runs', script: SCRIPT, timeoutMs: MINUTE, idempotent: true }],
  environment: (input) => ({ HD_BACKUP_CONFIG_ID: String(input.config_id) }),
  example: { config_id: 1 },
});

/** The config's snapshots in its repository (parseBackupSnapshots). */
export const backupSnapshots = defineRecipe({
  id: 'backup-snapshots',
  input: backupConfigIdInput,
  steps: [
    { id: 'list', title: 'List the snapshots', script: SCRIPT, timeoutMs: 5 * MINUTE, idempotent: true },
  ],
  environment: (input) => ({ HD_BACKUP_CONFIG_ID: String(input.config_id) }),
  example: { config_id: 1 },
});

/** Removes a config's files, state and cron line; the repository stays on the drive. */
export const backupRemove = defineRecipe({
  id: 'backup-remove',
  input: backupConfigIdInput,
  steps: [
    {
      id: 'remove',
      title: 'Remove the backup configuration',
      script: SCRIPT,
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_BACKUP_CONFIG_ID: String(input.config_id) }),
  example: { config_id: 1 },
});

export const backupProbeInputSchema = z
  .strictObject({ drive: backupDriveSchema, drive_secret_hex: driveSecretHexSchema.optional() })
  .refine(secretFitsDrive, secretRule);

/** Writes, reads back and deletes a probe object on a drive, from the server (docs/backups.md). */
export const backupProbe = defineRecipe({
  id: 'backup-probe',
  input: backupProbeInputSchema,
  steps: [{ id: 'probe', title: 'Check the drive', script: SCRIPT, timeoutMs: 3 * MINUTE, idempotent: true }],
  environment: (input) => driveEnvironment(input.drive),
  secrets: (input) => secretLines({ secret: input.drive_secret_hex }),
  example: { drive: exampleDrive },
});
