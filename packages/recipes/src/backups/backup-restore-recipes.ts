import { z } from 'zod';
import { databaseNameSchema, siteOwnerSchema } from '@hostdeck/contracts';
import { backupVerifyResultSchema, type BackupVerifyResult } from '@hostdeck/contracts/backups';
import { defineRecipe } from '../recipe.js';
import {
  INVALID_MESSAGE,
  backupDatabaseEngineSchema,
  backupDriveSchema,
  backupRowIdSchema,
  driveFolderSchema,
  repositoryPasswordHexSchema,
  s3SecretHexSchema,
  snapshotIdSchema,
  sshPrivateKeyHexSchema,
  driveSecretHexSchema,
  type BackupDrive,
} from './backup-inputs.js';
import { driveEnvironment } from './backup-recipes.js';

/**
 * Proving and using backups (issue 20; docs/backups.md, Verification, Restores, Downloads):
 * `backup-verify`, `backup-restore` and `backup-download`, one script scripts/backups/restore.sh,
 * its part chosen by HD_RECIPE_ID. Values reach it as HD_* variables (checked again there);
 * secrets (another server's repository password and drive secret) only as `name<TAB>hex` lines
 * on stdin, as backup-configure sends them.
 */
const SCRIPT = 'backups/restore.sh';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The most paths one `files` restore takes (contracts RESTORE_PATHS_MAX). */
export const RESTORE_PATHS_MAX = 100;
/** The most databases one restore takes (a site's databases). */
export const RESTORE_DATABASES_MAX = 50;

/**
 * A path inside a site's root as the snapshot lists it (`public/index.php`, `wp-content/uploads/`):
 * segments of letters, digits and `._-`, none starting with `-`, no `.`/`..`, a leading or trailing
 * `/` dropped. Narrow on purpose, as contracts' restorePathSchema: a file with another name is
 * restored with its folder.
 */
const RESTORE_SEGMENT = /^[A-Za-z0-9._][A-Za-z0-9._-]{0,127}$/;
export const restorePathInputSchema = z
  .string()
  .min(1, { message: INVALID_MESSAGE, abort: true })
  .max(1024, { message: INVALID_MESSAGE, abort: true })
  .refine(
    (value) =>
      value
        .replace(/^\//, '')
        .replace(/\/$/, '')
        .split('/')
        .every((segment) => RESTORE_SEGMENT.test(segment) && segment !== '.' && segment !== '..'),
    { message: INVALID_MESSAGE },
  )
  .transform((value) => value.replace(/^\//, '').replace(/\/$/, ''));

/** One database to restore: its dump in the snapshot (engine, name) into `target` on this server. */
export const restoreDatabaseInputSchema = z.strictObject({
  engine: backupDatabaseEngineSchema,
  /** The database as backed up (its dump `databases/<engine>/<name>.sql`). */
  name: databaseNameSchema,
  /** The database restored into: a new one (absent or empty), or the live one when `replace`. */
  target: databaseNameSchema,
  /** Over the live `target`: it is dumped to the dump folder first, then dropped and loaded. */
  replace: z.boolean().default(false),
});

/** Another server's repository (restoring onto a server that is not the backed-up one). */
const sourceFields = {
  /** The backed-up server (its repository is `<drive>/hostdeck-<server-id>`). */
  source_server_id: backupRowIdSchema.optional(),
  drive: backupDriveSchema.optional(),
  password_hex: repositoryPasswordHexSchema.optional(),
  drive_secret_hex: driveSecretHexSchema.optional(),
};

interface SourceInput {
  source_server_id?: number | undefined;
  drive?: BackupDrive | undefined;
  password_hex?: string | undefined;
  drive_secret_hex?: string | undefined;
}

/**
 * The source fields come all together or not at all, and the secret fits the drive (an S3 secret
 * key, an SSH private key, none for a local folder).
 */
function sourceIsComplete(input: SourceInput): boolean {
  const given = [input.source_server_id, input.drive, input.password_hex].filter(
    (value) => value !== undefined,
  );
  if (given.length === 0) return input.drive_secret_hex === undefined;
  if (given.length !== 3 || input.drive === undefined) return false;
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
}
const sourceRule = { path: ['drive'], message: INVALID_MESSAGE };

function sourceEnvironment(input: SourceInput): Record<string, string> {
  if (input.drive === undefined || input.source_server_id === undefined) return {};
  return { HD_BACKUP_SERVER_ID: String(input.source_server_id), ...driveEnvironment(input.drive) };
}

/** stdin: `name<TAB>hex` lines, as backup-configure sends them (hex never holds a TAB or newline). */
function sourceSecrets(input: SourceInput): Buffer {
  const lines = [
    input.password_hex === undefined ? '' : `password\t${input.password_hex}\n`,
    input.drive_secret_hex === undefined ? '' : `secret\t${input.drive_secret_hex}\n`,
  ];
  return Buffer.from(lines.join(''), 'utf8');
}

// ---------------------------------------------------------------------------------------------

export const BACKUP_VERIFY_READS = ['subset', 'full'] as const;

export const backupVerifyInputSchema = z.strictObject({
  config_id: backupRowIdSchema,
  /** The snapshot to restore and compare; the config's latest when absent. */
  snapshot_id: snapshotIdSchema.optional(),
  /** `restic check --read-data-subset=1/10` (default) or `--read-data` (every pack read). */
  read_data: z.enum(BACKUP_VERIFY_READS, { error: INVALID_MESSAGE }).default('subset'),
});

/**
 * The restore check (docs/backups.md, Verification): `restic check`, then the snapshot restored into
 * scratch, its files and dumps compared with its manifest, each dump loaded into a throw-away
 * database and its tables compared. Changes nothing the panel or a site uses: scratch and the
 * throw-away databases are always removed. The last stdout line is `verify<TAB><json>`
 * (parseBackupVerifyOutput); the step fails when the check is not ok, so the event says so too.
 */
export const backupVerify = defineRecipe({
  id: 'backup-verify',
  input: backupVerifyInputSchema,
  steps: [
    { id: 'verify', title: 'Verify the backups', script: SCRIPT, timeoutMs: 12 * HOUR, idempotent: true },
  ],
  environment: (input) => ({
    HD_BACKUP_CONFIG_ID: String(input.config_id),
    HD_BACKUP_READ_DATA: input.read_data,
    ...(input.snapshot_id === undefined ? {} : { HD_BACKUP_SNAPSHOT: input.snapshot_id }),
  }),
  example: { config_id: 1 },
});

/** The result line of backup-verify, or null when its output has none (the step died before it). */
export function parseBackupVerifyOutput(stdout: string): BackupVerifyResult | null {
  for (const line of stdout.split('\n').reverse()) {
    if (!line.startsWith('verify\t')) continue;
    let json: unknown;
    try {
      json = JSON.parse(line.slice('verify\t'.length));
    } catch {
      return null;
    }
    const parsed = backupVerifyResultSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

export const BACKUP_RESTORE_KINDS = ['site', 'database', 'files'] as const;

export const backupRestoreInputSchema = z
  .strictObject({
    kind: z.enum(BACKUP_RESTORE_KINDS, { error: INVALID_MESSAGE }),
    /** The config that made the snapshot (its staging path inside the snapshot). */
    config_id: backupRowIdSchema,
    snapshot_id: snapshotIdSchema,
    ...sourceFields,
    /** site, files: the site's root as backed up, and the root restored into (under /home/<user>/). */
    source_root: driveFolderSchema.optional(),
    target_root: driveFolderSchema.optional(),
    /** site, files: the user who owns the target root; files are written as this user. */
    linux_user: siteOwnerSchema.optional(),
    /** files: paths inside the site's root. */
    paths: z.array(restorePathInputSchema).min(1).max(RESTORE_PATHS_MAX).optional(),
    /** database: exactly one; site: its databases (optional). */
    databases: z.array(restoreDatabaseInputSchema).max(RESTORE_DATABASES_MAX).default([]),
  })
  .refine(sourceIsComplete, sourceRule)
  .refine(
    (input) =>
      input.kind === 'database' ||
      (input.source_root !== undefined && input.target_root !== undefined && input.linux_user !== undefined),
    { path: ['target_root'], message: INVALID_MESSAGE },
  )
  .refine(
    (input) =>
      input.target_root === undefined ||
      (input.linux_user !== undefined &&
        input.target_root.replace(/\/+$/, '').startsWith(`/home/${input.linux_user}/`)),
    { path: ['target_root'], message: INVALID_MESSAGE },
  )
  .refine((input) => (input.kind === 'files') === (input.paths !== undefined), {
    path: ['paths'],
    message: INVALID_MESSAGE,
  })
  .refine(
    (input) =>
      input.kind === 'database'
        ? input.databases.length === 1 &&
          input.source_root === undefined &&
          input.target_root === undefined &&
          input.linux_user === undefined
        : input.kind === 'site' || input.databases.length === 0,
    { path: ['databases'], message: INVALID_MESSAGE },
  )
  .refine(
    (input) =>
      new Set(input.databases.map((entry) => `${entry.engine}:${entry.target}`)).size ===
      input.databases.length,
    {
      path: ['databases'],
      message: INVALID_MESSAGE,
    },
  );
export type BackupRestoreInput = z.input<typeof backupRestoreInputSchema>;

/**
 * Restores from a snapshot (docs/backups.md, Restores): a site's files into a root (the same site, a
 * new one, or on another server with the source's repository settings) with its databases, one
 * database into a new name or over the live one (dumped first), or chosen paths into a site's tree.
 * Files are written by the site's user only, inside the target root; nothing else is touched.
 * Progress lines `::hostdeck::info::progress N% …`; the last line is `restored<TAB><what>`.
 */
export const backupRestore = defineRecipe({
  id: 'backup-restore',
  input: backupRestoreInputSchema,
  steps: [
    {
      id: 'restore',
      title: 'Restore from the backup',
      script: SCRIPT,
      timeoutMs: 12 * HOUR,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_BACKUP_CONFIG_ID: String(input.config_id),
    HD_BACKUP_SNAPSHOT: input.snapshot_id,
    HD_RESTORE_KIND: input.kind,
    ...sourceEnvironment(input),
    ...(input.source_root === undefined
      ? {}
      : { HD_RESTORE_SOURCE_ROOT: input.source_root.replace(/\/+$/, '') }),
    ...(input.target_root === undefined
      ? {}
      : { HD_RESTORE_TARGET_ROOT: input.target_root.replace(/\/+$/, '') }),
    ...(input.linux_user === undefined ? {} : { HD_RESTORE_LINUX_USER: input.linux_user }),
    ...(input.paths === undefined ? {} : { HD_RESTORE_PATHS: input.paths.join('\n') }),
    HD_RESTORE_DATABASES: input.databases
      .map((entry) => `${entry.engine}\t${entry.name}\t${entry.target}\t${entry.replace ? 1 : 0}`)
      .join('\n'),
  }),
  secrets: sourceSecrets,
  example: {
    kind: 'site',
    config_id: 1,
    snapshot_id: '0123abcd',
    source_root: '/home/hostdeck/example.com',
    target_root: '/home/hostdeck/example.com',
    linux_user: 'hostdeck',
    databases: [{ engine: 'mariadb', name: 'example_db', target: 'example_db', replace: true }],
  },
});

// ---------------------------------------------------------------------------------------------

export const backupDownloadInputSchema = z.strictObject({
  config_id: backupRowIdSchema,
  snapshot_id: snapshotIdSchema,
  /** A folder (a site's root) or a file (a dump) of the snapshot; the whole snapshot when absent. */
  path: driveFolderSchema.optional(),
});

/**
 * An archive of a snapshot (or of one path in it) in /var/backups/hostdeck/downloads/ (0700, file
 * 0600): a tar of a folder, the file itself for a file (a dump). Removed after 3 hours (spec §9) by
 * /etc/cron.d/hostdeck-backup-downloads. The last line is `download<TAB><file><TAB><size>`
 * (parseBackupDownloadOutput), for the API's single-use agent link.
 */
export const backupDownload = defineRecipe({
  id: 'backup-download',
  input: backupDownloadInputSchema,
  steps: [
    {
      id: 'download',
      title: 'Prepare the backup download',
      script: SCRIPT,
      timeoutMs: 6 * HOUR,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_BACKUP_CONFIG_ID: String(input.config_id),
    HD_BACKUP_SNAPSHOT: input.snapshot_id,
    ...(input.path === undefined ? {} : { HD_DOWNLOAD_PATH: input.path.replace(/\/+$/, '') }),
  }),
  example: { config_id: 1, snapshot_id: '0123abcd', path: '/home/hostdeck/example.com' },
});

/** Where backup-download leaves its archives (the agent link is confined to one file there). */
export const BACKUP_DOWNLOAD_FOLDER = '/var/backups/hostdeck/downloads';
export const BACKUP_DOWNLOAD_FILE_PATTERN =
  /^backup-[0-9]+-[0-9a-f]{8}-[0-9]{8}T[0-9]{6}Z-[a-z0-9]{6}\.(?:tar|sql)$/;

/** The file and size backup-download printed, or null when its output has no download line. */
export function parseBackupDownloadOutput(stdout: string): { file: string; size: number } | null {
  for (const line of stdout.split('\n').reverse()) {
    const match = /^download\t([^\t/]+)\t(0|[1-9][0-9]{0,18})$/.exec(line);
    if (match && BACKUP_DOWNLOAD_FILE_PATTERN.test(match[1]!))
      return { file: match[1]!, size: Number(match[2]) };
  }
  return null;
}

export const backupRestoreRecipes = [backupVerify, backupRestore, backupDownload] as const;
