import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import {
  databaseNameSchema,
  domainSchema,
  hasControlCharacters,
  isDomain,
  isIpv4,
  linuxUserSchema,
} from './grammars.js';
import { paginatedSchema } from './pagination.js';
import { defineRoutes, idParamSchema } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';
import { UPDATE_KEYS } from './update-keys.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * Backups of a server (issue 20; spec/000 §2 /servers/backups and /servers/{server}/backup, §3
 * backup_period/backup_excludes/backup_cycle and app info backup_drives, §4 Update-data
 * `backup-histories`, §7 backups CRUD + clone, sync-backup-configuration, backup-histories,
 * public POST api/backup-history and GET …/backups/{backup}/script). The engine is restic on the
 * server; the panel never connects to a drive itself. A drive is where snapshots go (S3, SFTP,
 * another of the user's servers, or a folder of the same server); a config ("backup") says what
 * a server backs up to which drive and when; a history is one run; a verification is one check
 * of the repository and a test restore. docs/backups.md.
 */

/** Messages of this area (English text = i18n key; Vietnamese in the API's and web's catalogues). */
export const BACKUP_MESSAGES = {
  name: 'Use 1 to 64 letters, digits, spaces and . _ -',
  endpoint: 'The endpoint must be an http:// or https:// address of a host name or IP, without a path',
  region: 'A region is 1 to 63 lowercase letters, digits and -',
  bucket:
    'A bucket name is 3 to 63 lowercase letters, digits, dots and -, starting and ending with a letter or digit',
  path: 'A path is folders of letters, digits, . _ and - (not first), separated by /',
  absolutePath: 'The path must start with / and hold folders of letters, digits, . _ and - (not first)',
  accessKey: 'An access key id is 3 to 128 letters, digits, . and _',
  secretKey: 'A secret key is 8 to 256 letters, digits and / + = _ . -',
  secretKeyRequired: 'Enter the secret key',
  host: 'Enter a host name or an IP address',
  privateKey: 'Paste an OpenSSH, RSA or EC private key without a passphrase (PEM text)',
  driveKind: 'Choose one of the drive kinds',
  driveKindChange: 'The kind of a drive cannot change; create another drive',
  driveNotFound: 'The backup drive was not found',
  driveInUse: 'This drive is used by {count} backup configuration(s); delete them first',
  driveDuplicate: 'You already have a backup drive with this name',
  targetServer: 'Choose another of your servers as the target',
  localWarning:
    'A folder on the same server is not a backup: it is lost with the server. Use it only for tests or as a second copy',
  time: 'The time must be HH:MM (24 hours)',
  exclude:
    'An exclude is a path or pattern inside the site: letters, digits, . _ @ + = , : -, the globs * and ?, and /; at most 255',
  excludes: 'At most 100 excludes',
  cycle: 'Keep 0 to 365 daily, 0 to 520 weekly and 0 to 240 monthly snapshots, at least one',
  nothingToBackUp: 'Choose at least one site or database',
  siteNotFound: 'The site was not found on this server',
  databaseNotFound: 'The database was not found on this server',
  notFound: 'The backup configuration was not found',
  busy: 'This backup configuration is being changed; wait until its event ends',
  duplicateDrive: 'This server already has a backup configuration on this drive',
  snapshotId: 'A snapshot id is 8 to 64 hexadecimal characters',
  runScope: 'Choose one site or one database, not both',
  restorePaths: 'Choose 1 to 100 paths inside the site, each without ..',
  restoreConfirm: 'Type the name of the database to overwrite it',
  restoreTarget: 'Choose the new database name',
  restoreSiteTarget: 'Restore into an existing site or into a new site, not both',
  snapshotSiteNotFound: 'The snapshot holds no site with this id',
  manifestMissing: 'The snapshot holds no manifest of this backup configuration',
  invalidToken: 'The backup token is not valid for this server',
  notInstalled: 'Install the server first',
  verificationFailed: 'The verification of backup {name} on server {server} failed',
  verificationFailedIntro: 'The last check of these backups did not pass: the snapshots may not restore.',
  verificationProblems: 'What the check found:',
  verificationAction: 'Open the backups of the server',
  noVerifyResult: 'The verification ended without a result',
  probeFailed: 'The drive check failed; see its event for the server’s output',
  missed: 'No backup was recorded at the planned time',
  noSnapshot: 'The run reported success without a snapshot id',
  downloadExpired: 'This download link was used or has expired',
  databaseEngine: 'Backups cover MariaDB, MySQL and PostgreSQL databases',
  agentMissing: 'Downloads go through the HostDeck agent: install it on this server first',
  noDrive: 'Add a backup drive first',
  probeServer: 'Choose one of your installed servers to check the drive from',
  driveUserRoot: 'The drive’s user on the target server cannot be root; choose another user',
  authorizeFailed:
    'The panel could not authorize the drive’s key on the target server; see its event for the server’s output',
  driveHostKey:
    'None of the target server’s host keys is the one the panel verified; the drive was not authorized',
} as const;

export const BACKUP_UPDATE_KEY = UPDATE_KEYS.backupHistories;
export const BACKUP_EVENT_PREFIX = 'backup_';
export const BACKUP_EVENT_TYPES = {
  create: 'backup_create',
  update: 'backup_update',
  delete: 'backup_delete',
  clone: 'backup_clone',
  sync: 'backup_sync',
  run: 'backup_run',
  verify: 'backup_verify',
  restore: 'backup_restore',
  snapshots: 'backup_snapshots',
  download: 'backup_download',
  probe: 'backup_drive_probe',
  /** A `server` drive: its key added to the target's user, its folder made, the host key pinned. */
  authorizeDrive: 'backup_drive_authorize',
  /** A `server` drive's key line removed from a target (drive deleted, target or user changed). */
  revokeDrive: 'backup_drive_revoke',
} as const;
/** events.model_type of the area's events (model_id: the config; the drive for probe, authorize, revoke). */
export const BACKUP_MODEL_TYPE = 'backup';
export const BACKUP_DRIVE_MODEL_TYPE = 'backup_drive';

// ---------------------------------------------------------------------------------------------
// Grammars

const string = () => z.string({ error: VALIDATION_MESSAGES.string });

/** A string grammar with its own message: 'Required' when empty, then one message. */
function grammar(accepts: (value: string) => boolean, message: string) {
  return string()
    .min(1, { error: VALIDATION_MESSAGES.required, abort: true })
    .refine((value) => !hasControlCharacters(value) && !value.startsWith('-') && accepts(value), {
      error: message,
      abort: true,
    });
}

export const BACKUP_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,63}$/u;
export const backupNameSchema = grammar((value) => BACKUP_NAME_PATTERN.test(value), BACKUP_MESSAGES.name);

const LOWER_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A host name (one label or a domain, lowercase) or an IPv4 address (IPv6 would need brackets in URLs). */
export function isBackupHost(value: string): boolean {
  return value.length <= 253 && (LOWER_LABEL.test(value) || isDomain(value) || isIpv4(value));
}

/**
 * An S3 endpoint: `http(s)://host[:port]`, host a lowercase name or an IPv4 address; no user,
 * path, query, fragment or trailing '/', so it cannot smuggle anything into the restic repository
 * string `s3:<endpoint>/<bucket>/<path>` (the recipe's grammar, @hostdeck/recipes/backups).
 */
export function isS3Endpoint(value: string): boolean {
  if (value.length > 255) return false;
  const match = /^https?:\/\/([a-z0-9.-]+)(?::([1-9][0-9]{0,4}))?$/.exec(value);
  if (!match) return false;
  if (match[2] !== undefined && Number(match[2]) > 65_535) return false;
  return isBackupHost(match[1]!);
}
export const s3EndpointSchema = grammar(isS3Endpoint, BACKUP_MESSAGES.endpoint);

export const s3RegionSchema = grammar(
  (value) => /^[a-z0-9][a-z0-9-]{0,62}$/.test(value),
  BACKUP_MESSAGES.region,
);

/** An S3 bucket name (AWS's rules: 3-63, lowercase, digits, '.', '-', not an IP, no `..`, no `xn--`). */
export function isS3Bucket(value: string): boolean {
  return (
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value) &&
    !value.includes('..') &&
    !value.includes('.-') &&
    !value.includes('-.') &&
    !isIpv4(value) &&
    !value.startsWith('xn--') &&
    !value.startsWith('sthree-') &&
    !value.endsWith('-s3alias') &&
    !value.endsWith('--ol-s3')
  );
}
export const s3BucketSchema = grammar(isS3Bucket, BACKUP_MESSAGES.bucket);

/** A folder name: letters, digits, `._-`, not starting with `.` or `-` (no hidden or option-like names). */
const PATH_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
export const BACKUP_PATH_MAX_LENGTH = 255;
function isPathSegments(body: string): boolean {
  return body.split('/').every((segment) => PATH_SEGMENT.test(segment));
}
/** A path inside a bucket: `backups`, `a/b.c`; no leading '/', no `.`/`..`, no empty segment. */
export function isBackupRelativePath(value: string): boolean {
  return (
    value.length <= BACKUP_PATH_MAX_LENGTH && isPathSegments(value.endsWith('/') ? value.slice(0, -1) : value)
  );
}
/** An absolute folder with the same narrow segments: `/srv/backups`. `/` alone is refused. */
export function isBackupAbsolutePath(value: string): boolean {
  return (
    value.length <= BACKUP_PATH_MAX_LENGTH && value.startsWith('/') && isBackupRelativePath(value.slice(1))
  );
}
export const backupRelativePathSchema = grammar(isBackupRelativePath, BACKUP_MESSAGES.path);
export const backupAbsolutePathSchema = grammar(isBackupAbsolutePath, BACKUP_MESSAGES.absolutePath);
/** An SFTP folder: absolute (in a chroot, from its root). */
export const sftpPathSchema = backupAbsolutePathSchema;

export const s3AccessKeySchema = grammar(
  (value) => /^[A-Za-z0-9_.]{3,128}$/.test(value),
  BACKUP_MESSAGES.accessKey,
);
/** Written into the server's env file as one `KEY=value` line (never sourced). */
export const s3SecretKeySchema = grammar(
  (value) => /^[A-Za-z0-9/+=_.-]{8,256}$/.test(value),
  BACKUP_MESSAGES.secretKey,
);

export const backupHostSchema = grammar(isBackupHost, BACKUP_MESSAGES.host);
export const backupPortSchema = z
  .number({ error: VALIDATION_MESSAGES.invalid })
  .int({ error: VALIDATION_MESSAGES.invalid })
  .min(1, { error: VALIDATION_MESSAGES.invalid })
  .max(65_535, { error: VALIDATION_MESSAGES.invalid });

export const SSH_PRIVATE_KEY_MAX_LENGTH = 16 * 1024;
const PRIVATE_KEY_PATTERN =
  /^-----BEGIN (OPENSSH|RSA|EC) PRIVATE KEY-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END \1 PRIVATE KEY-----\r?\n?$/;
/** A PEM private key without a passphrase header (`Proc-Type: 4,ENCRYPTED` is refused by the pattern). */
export function isSshPrivateKey(value: string): boolean {
  return value.length <= SSH_PRIVATE_KEY_MAX_LENGTH && PRIVATE_KEY_PATTERN.test(value);
}
/** Multi-line on purpose (PEM); it reaches the server only on stdin, never in a command line. */
export const sshPrivateKeySchema = string()
  .min(1, { error: VALIDATION_MESSAGES.required, abort: true })
  .refine(isSshPrivateKey, { error: BACKUP_MESSAGES.privateKey, abort: true });

const idSchema = z.number({ error: VALIDATION_MESSAGES.invalid }).int().positive();

// ---------------------------------------------------------------------------------------------
// Drives

export const BACKUP_DRIVE_KINDS = ['s3', 'sftp', 'server', 'local'] as const;
export type BackupDriveKind = (typeof BACKUP_DRIVE_KINDS)[number];
/** App info `backup_drives` (spec/000 §3): the kinds a drive can be, in the form's order. */
export const BACKUP_DRIVE_KIND_NAMES: Readonly<Record<BackupDriveKind, string>> = {
  s3: 'S3-compatible',
  sftp: 'SFTP',
  server: 'Another server',
  local: 'This server (not a backup)',
};
export const BACKUP_APP_INFO_DRIVES = BACKUP_DRIVE_KINDS.map((id) => ({
  id,
  name: BACKUP_DRIVE_KIND_NAMES[id],
}));

const s3Fields = {
  kind: z.literal('s3'),
  name: backupNameSchema,
  endpoint: s3EndpointSchema,
  region: s3RegionSchema.optional(),
  bucket: s3BucketSchema,
  path: backupRelativePathSchema.optional(),
  access_key_id: s3AccessKeySchema,
};
const sftpFields = {
  kind: z.literal('sftp'),
  name: backupNameSchema,
  host: backupHostSchema,
  port: backupPortSchema.default(22),
  user: linuxUserSchema,
  path: sftpPathSchema,
};
const serverFields = {
  kind: z.literal('server'),
  name: backupNameSchema,
  /** The target server (another of the user's servers); the panel authorizes the drive's key there. */
  server_id: idSchema,
  /** The Linux user on the target server that owns the folder (default: the panel's user); never root. */
  user: linuxUserSchema
    .refine((user) => user !== 'root', { error: BACKUP_MESSAGES.driveUserRoot })
    .default('hostdeck'),
  path: backupAbsolutePathSchema,
};
const localFields = { kind: z.literal('local'), name: backupNameSchema, path: backupAbsolutePathSchema };

/**
 * POST api/backup-drives. Secrets are write-only: `secret_key` (S3) and `private_key` (SFTP;
 * absent: the panel makes a key pair and shows its public key, to be added to the SFTP account).
 */
export const createBackupDriveRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ ...s3Fields, secret_key: s3SecretKeySchema }),
    z.strictObject({ ...sftpFields, private_key: sshPrivateKeySchema.optional() }),
    z.strictObject(serverFields),
    z.strictObject(localFields),
  ],
  { error: BACKUP_MESSAGES.driveKind },
);
export type CreateBackupDriveRequest = z.input<typeof createBackupDriveRequestSchema>;
export type CreateBackupDrive = z.infer<typeof createBackupDriveRequestSchema>;

/** PUT api/backup-drives/{drive}: the whole drive again, same kind; an absent secret keeps the sealed one. */
export const updateBackupDriveRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ ...s3Fields, secret_key: s3SecretKeySchema.optional() }),
    z.strictObject({
      ...sftpFields,
      private_key: sshPrivateKeySchema.optional(),
      /** Make a new key pair (the old public key stops working once removed from the account). */
      regenerate_key: z.boolean().optional(),
    }),
    z.strictObject(serverFields),
    z.strictObject(localFields),
  ],
  { error: BACKUP_MESSAGES.driveKind },
);
export type UpdateBackupDriveRequest = z.input<typeof updateBackupDriveRequestSchema>;
export type UpdateBackupDrive = z.infer<typeof updateBackupDriveRequestSchema>;

/** A drive as answered: never a secret, only whether one is kept; the public SSH key of sftp/server drives. */
export const backupDriveItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(BACKUP_DRIVE_KINDS),
  endpoint: z.string().nullable(),
  region: z.string().nullable(),
  bucket: z.string().nullable(),
  access_key_id: z.string().nullable(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  user: z.string().nullable(),
  server_id: z.number().int().nullable(),
  path: z.string().nullable(),
  has_secret: z.boolean(),
  public_key: z.string().nullable(),
  /** Local drives: the snapshots stay on the same server (BACKUP_MESSAGES.localWarning). */
  not_a_backup: z.boolean(),
  /** The last probe (write, read, delete a file from one of the user's servers). */
  checked_at: z.string().nullable(),
  check_error: z.string().nullable(),
  configs_count: z.number().int(),
  created_at: z.string(),
});
export type BackupDriveItem = z.infer<typeof backupDriveItemSchema>;

// ---------------------------------------------------------------------------------------------
// Configs

/** How often a config runs: daily at `run_at`, weekly on Sunday at `run_at`, monthly on the 1st. */
export const BACKUP_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type BackupPeriod = (typeof BACKUP_PERIODS)[number];
export const BACKUP_VERIFY_MODES = ['after-backup', 'daily', 'weekly', 'off'] as const;
export type BackupVerifyMode = (typeof BACKUP_VERIFY_MODES)[number];
export const BACKUP_CONFIG_STATUSES = ['creating', 'active', 'updating', 'deleting', 'failed'] as const;
export type BackupConfigStatus = (typeof BACKUP_CONFIG_STATUSES)[number];

export const BACKUP_TIME_PATTERN = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;
export const backupTimeSchema = grammar((value) => BACKUP_TIME_PATTERN.test(value), BACKUP_MESSAGES.time);

export const BACKUP_EXCLUDE_MAX_LENGTH = 255;
export const BACKUP_EXCLUDES_MAX = 100;
const EXCLUDE_PATTERN = /^\/?[A-Za-z0-9._*?@+=,:-]+(?:\/[A-Za-z0-9._*?@+=,:-]+)*$/;
/**
 * An exclude pattern relative to a site's root (the recipe's grammar): `/cache` (that path),
 * `*.log` or `node_modules` (anywhere below the root). Globs `*` and `?` only; no space, `..`,
 * backslash or bracket, not an option, and at least one character that is not a glob, `.` or `/`,
 * so a pattern never excludes the whole site.
 */
export function isBackupExclude(value: string): boolean {
  if (value.length > BACKUP_EXCLUDE_MAX_LENGTH || value.startsWith('-') || !EXCLUDE_PATTERN.test(value)) {
    return false;
  }
  const bare = value.replace(/[*?/]/g, '');
  return (
    value
      .replace(/^\//, '')
      .split('/')
      .every((segment) => segment !== '.' && segment !== '..') &&
    /[A-Za-z0-9._@+=,:-]/.test(bare) &&
    !/^[.]+$/.test(bare)
  );
}
export const backupExcludeSchema = grammar(isBackupExclude, BACKUP_MESSAGES.exclude);
export const backupExcludesSchema = z
  .array(backupExcludeSchema, { error: VALIDATION_MESSAGES.invalid })
  .max(BACKUP_EXCLUDES_MAX, { error: BACKUP_MESSAGES.excludes });

export const BACKUP_CYCLE_LIMITS = { daily: 365, weekly: 520, monthly: 240 } as const;
export const BACKUP_CYCLE_DEFAULT = { daily: 7, weekly: 4, monthly: 6 } as const;
const cycleCount = (max: number) =>
  z
    .number({ error: BACKUP_MESSAGES.cycle })
    .int({ error: BACKUP_MESSAGES.cycle })
    .min(0, { error: BACKUP_MESSAGES.cycle })
    .max(max, { error: BACKUP_MESSAGES.cycle });
/** Retention (`restic forget --keep-daily/--keep-weekly/--keep-monthly`): at least one kept. */
export const backupCycleSchema = z
  .strictObject({
    daily: cycleCount(BACKUP_CYCLE_LIMITS.daily),
    weekly: cycleCount(BACKUP_CYCLE_LIMITS.weekly),
    monthly: cycleCount(BACKUP_CYCLE_LIMITS.monthly),
  })
  .refine((cycle) => cycle.daily + cycle.weekly + cycle.monthly > 0, { error: BACKUP_MESSAGES.cycle });
export type BackupCycle = z.infer<typeof backupCycleSchema>;

const idListSchema = z
  .array(idSchema, { error: VALIDATION_MESSAGES.invalid })
  .max(500, { error: VALIDATION_MESSAGES.invalid })
  .transform((ids) => [...new Set(ids)]);

/** POST api/servers/{server}/backups and PUT …/backups/{backup}: the whole configuration. */
export const backupConfigRequestSchema = z
  .strictObject({
    drive_id: idSchema,
    period: z.enum(BACKUP_PERIODS, { error: VALIDATION_MESSAGES.invalid }).default('daily'),
    run_at: backupTimeSchema.default('02:00'),
    excludes: backupExcludesSchema.default([]),
    cycle: backupCycleSchema.default({ ...BACKUP_CYCLE_DEFAULT }),
    verify: z.enum(BACKUP_VERIFY_MODES, { error: VALIDATION_MESSAGES.invalid }).default('weekly'),
    site_ids: idListSchema.default([]),
    database_ids: idListSchema.default([]),
  })
  .refine((config) => config.site_ids.length + config.database_ids.length > 0, {
    error: BACKUP_MESSAGES.nothingToBackUp,
    path: ['site_ids'],
  });
export type BackupConfigRequest = z.input<typeof backupConfigRequestSchema>;
export type BackupConfigInput = z.infer<typeof backupConfigRequestSchema>;

/** POST api/servers/{server}/backups/{backup}/clone: the same configuration on another server. */
export const cloneBackupRequestSchema = z.strictObject({ server_id: idSchema });

// ---------------------------------------------------------------------------------------------
// Runs, histories, verifications

export const BACKUP_HISTORY_STATES = ['running', 'succeeded', 'partial', 'failed', 'missed'] as const;
export type BackupHistoryState = (typeof BACKUP_HISTORY_STATES)[number];
export const BACKUP_TRIGGERS = ['cron', 'manual', 'missed'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

export const SNAPSHOT_ID_PATTERN = /^[0-9a-f]{8,64}$/;
export const snapshotIdSchema = grammar(
  (value) => SNAPSHOT_ID_PATTERN.test(value),
  BACKUP_MESSAGES.snapshotId,
);

/** One part of a run (a site or a database): ok, or the reason it failed ("truncated dump"). */
export const backupPartSchema = z.object({
  name: z.string().max(255),
  engine: z.string().max(32).nullable().optional(),
  ok: z.boolean(),
  reason: z.string().max(2000).nullable().optional(),
});
export type BackupPart = z.infer<typeof backupPartSchema>;

/**
 * A run's result as the server writes it (result.json, the `result<TAB>json` line of backup-run,
 * the body of POST api/backup-history). Loose on purpose where the server may be older; the API
 * decides the state it stores (never `succeeded` without a snapshot id).
 */
export const backupRunResultSchema = z.object({
  config_id: z.number().int().positive().optional(),
  trigger: z.enum(['cron', 'manual']).optional(),
  state: z.enum(['succeeded', 'partial', 'failed']),
  started_at: z.string().max(64),
  ended_at: z.string().max(64).nullable().optional(),
  snapshot_id: z.string().max(64).nullable().optional(),
  size_bytes: z.number().int().min(0).nullable().optional(),
  files: z.number().int().min(0).nullable().optional(),
  databases: z.array(backupPartSchema).max(1000).default([]),
  sites: z.array(backupPartSchema).max(1000).default([]),
  error: z.string().max(4000).nullable().optional(),
});
export type BackupRunResult = z.infer<typeof backupRunResultSchema>;

/**
 * POST api/backup-history (public, `Authorization: Bearer <server token>`): a cron run's result.json
 * as the server wrote it. The config is `config_id` in the body or `?config=<id>`.
 */
export const backupHistoryCallbackSchema = backupRunResultSchema;
export const backupHistoryCallbackQuerySchema = z.object({
  config: z.coerce.number().int().positive().optional(),
});

export const backupHistoryItemSchema = z.object({
  id: z.number().int(),
  config_id: z.number().int().nullable(),
  server_id: z.number().int(),
  server_name: z.string(),
  drive_name: z.string().nullable(),
  event_id: z.number().int().nullable(),
  trigger: z.enum(BACKUP_TRIGGERS),
  state: z.enum(BACKUP_HISTORY_STATES),
  snapshot_id: z.string().nullable(),
  size_bytes: z.number().nullable(),
  duration_ms: z.number().nullable(),
  files: z.number().nullable(),
  databases: z.array(backupPartSchema),
  sites: z.array(backupPartSchema),
  error: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
});
export type BackupHistoryItem = z.infer<typeof backupHistoryItemSchema>;

/** The `verify<TAB>json` line of backup-verify. */
export const backupVerifyResultSchema = z.object({
  ok: z.boolean(),
  snapshot_id: z.string().max(64).nullable().optional(),
  checked_at: z.string().max(64).optional(),
  files: z.number().int().min(0).nullable().optional(),
  databases: z.array(backupPartSchema).max(1000).default([]),
  problems: z.array(z.string().max(2000)).max(1000).default([]),
});
export type BackupVerifyResult = z.infer<typeof backupVerifyResultSchema>;

export const backupVerificationItemSchema = z.object({
  id: z.number().int(),
  config_id: z.number().int(),
  snapshot_id: z.string().nullable(),
  ok: z.boolean(),
  problems: z.array(z.string()),
  checked_at: z.string(),
  event_id: z.number().int().nullable(),
});
export type BackupVerificationItem = z.infer<typeof backupVerificationItemSchema>;

export const backupConfigItemSchema = z.object({
  id: z.number().int(),
  server_id: z.number().int(),
  drive: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(BACKUP_DRIVE_KINDS) }),
  status: z.enum(BACKUP_CONFIG_STATUSES),
  period: z.enum(BACKUP_PERIODS),
  run_at: z.string(),
  excludes: z.array(z.string()),
  cycle: z.object({ daily: z.number().int(), weekly: z.number().int(), monthly: z.number().int() }),
  verify: z.enum(BACKUP_VERIFY_MODES),
  site_ids: z.array(z.number().int()),
  database_ids: z.array(z.number().int()),
  last_history: backupHistoryItemSchema.nullable(),
  last_verification: backupVerificationItemSchema.nullable(),
  /** The last verification failed: shown as an alert until one passes. */
  alert: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BackupConfigItem = z.infer<typeof backupConfigItemSchema>;

/** POST …/backups/{backup}/run: the whole config, or one of its sites, or one of its databases. */
export const runBackupRequestSchema = z
  .strictObject({ site_id: idSchema.optional(), database_id: idSchema.optional() })
  .refine((body) => body.site_id === undefined || body.database_id === undefined, {
    error: BACKUP_MESSAGES.runScope,
  });
export type RunBackupRequest = z.input<typeof runBackupRequestSchema>;

/** POST …/backups/{backup}/verify: check a tenth of the data (default) or all of it (`full`). */
export const verifyBackupRequestSchema = z.strictObject({
  full: z.boolean().default(false),
  snapshot_id: snapshotIdSchema.optional(),
});

export const RESTORE_PATHS_MAX = 100;
/** A path inside a site's root, as the snapshot lists it: relative segments, no `..`. */
export const restorePathSchema = grammar(
  (value) => value.length <= 1024 && isPathSegments(value.replace(/^\//, '').replace(/\/$/, '')),
  BACKUP_MESSAGES.restorePaths,
);

/** POST …/backups/{backup}/restore: what is restored, from which snapshot, to where. */
export const restoreBackupRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z
      .strictObject({
        kind: z.literal('site'),
        snapshot_id: snapshotIdSchema,
        /** The site as backed up. */
        site_id: idSchema,
        /** Another of the user's servers (default: this one). */
        target_server_id: idSchema.optional(),
        /** An existing site of the target server to restore into (default: the same site). */
        target_site_id: idSchema.optional(),
        /**
         * A new site of the target server, made for the restore (issue 20: a deleted site comes back);
         * its domain by the site form's grammar, the name recorded in the snapshot when absent.
         */
        new_site: z.strictObject({ name: domainSchema.optional() }).optional(),
        with_database: z.boolean().default(false),
      })
      .refine((body) => body.new_site === undefined || body.target_site_id === undefined, {
        path: ['new_site'],
        error: BACKUP_MESSAGES.restoreSiteTarget,
      }),
    z.strictObject({
      kind: z.literal('database'),
      snapshot_id: snapshotIdSchema,
      database_id: idSchema,
      /** Restore into a new database with this name… */
      new_name: databaseNameSchema.optional(),
      /** …or over the live one: the name typed again (the live one is dumped first). */
      confirm_name: string().optional(),
    }),
    z.strictObject({
      kind: z.literal('files'),
      snapshot_id: snapshotIdSchema,
      site_id: idSchema,
      paths: z
        .array(restorePathSchema, { error: BACKUP_MESSAGES.restorePaths })
        .min(1, { error: BACKUP_MESSAGES.restorePaths })
        .max(RESTORE_PATHS_MAX, { error: BACKUP_MESSAGES.restorePaths }),
    }),
  ],
  { error: VALIDATION_MESSAGES.invalid },
);
export type RestoreBackupRequest = z.input<typeof restoreBackupRequestSchema>;
/** The restore's event; into a new site, also the site and database rows it made (`creating`). */
export const restoreBackupResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    site_id: z.number().int().optional(),
    databases: z.array(z.object({ id: z.number().int(), engine: z.string(), name: z.string() })).optional(),
  }),
});

/**
 * What one snapshot holds, read from its manifest.json (docs/backups.md, Snapshot layout): the
 * sites and databases as they were when it was taken, so a site deleted since can be restored.
 * `site_id` of a database: the site it was backed up with (null: on its own, or an older snapshot).
 */
export const backupSnapshotContentsSchema = z.object({
  snapshot_id: z.string(),
  created_at: z.string(),
  sites: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      root: z.string(),
      files: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
      /** A site of the server now (the same id and name). */
      live: z.boolean(),
    }),
  ),
  databases: z.array(
    z.object({
      engine: z.enum(['mariadb', 'mysql', 'postgresql']),
      name: z.string(),
      ok: z.boolean(),
      site_id: z.number().int().nullable(),
    }),
  ),
});
export type BackupSnapshotContents = z.infer<typeof backupSnapshotContentsSchema>;
export const backupSnapshotContentsResponseSchema = z.object({ data: backupSnapshotContentsSchema });

/** POST …/backups/{backup}/download: an archive of one site or database of a snapshot, as a single-use link. */
export const downloadBackupRequestSchema = z
  .strictObject({
    snapshot_id: snapshotIdSchema,
    site_id: idSchema.optional(),
    database_id: idSchema.optional(),
  })
  .refine((body) => (body.site_id === undefined) !== (body.database_id === undefined), {
    error: BACKUP_MESSAGES.runScope,
  });

/** The archive backup-download left in /var/backups/hostdeck/downloads (removed after 3 hours). */
export const BACKUP_DOWNLOAD_FILE_PATTERN =
  /^backup-[0-9]+-[0-9a-f]{8}-[0-9]{8}T[0-9]{6}Z-[a-z0-9]{6}\.(?:tar|sql)$/;
export const backupDownloadLinkRequestSchema = z.strictObject({
  file: string().refine((value) => BACKUP_DOWNLOAD_FILE_PATTERN.test(value), {
    error: BACKUP_MESSAGES.downloadExpired,
  }),
});
export const backupDownloadLinkResponseSchema = z.object({ data: z.object({ url: z.string() }) });

export const backupSnapshotSchema = z.object({
  id: z.string(),
  short_id: z.string(),
  time: z.string(),
  tags: z.array(z.string()),
  paths: z.array(z.string()),
  size_bytes: z.number().nullable(),
});
export type BackupSnapshot = z.infer<typeof backupSnapshotSchema>;

/** GET api/backups: the user's histories across servers. */
export const backupHistoryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(20),
  state: z.enum(BACKUP_HISTORY_STATES).optional(),
  server: z.coerce.number().int().positive().optional(),
});

export const backupDriveListSchema = z.object({ data: z.array(backupDriveItemSchema) });
export const backupDriveResponseSchema = z.object({
  data: backupDriveItemSchema,
  event_id: z.number().int().nullable(),
});
export const backupConfigListSchema = z.object({ data: z.array(backupConfigItemSchema) });
export const backupHistoryListSchema = paginatedSchema(backupHistoryItemSchema);
export const backupVerificationListSchema = z.object({ data: z.array(backupVerificationItemSchema) });
export const backupSnapshotListSchema = z.object({ data: z.array(backupSnapshotSchema) });
export const backupEventResponseSchema = z.object({
  data: z.object({ id: z.number().int(), backup: z.number().int().optional() }),
});
export const backupScriptResponseSchema = z.object({ data: z.object({ script: z.string() }) });
export const backupHistoryCallbackResponseSchema = z.object({ data: z.object({ id: z.number().int() }) });

export const backupRoutes = defineRoutes({
  all: {
    method: 'GET',
    path: '/api/backups',
    query: backupHistoryListQuerySchema,
    response: backupHistoryListSchema,
  },
  list: { method: 'GET', path: '/api/servers/:server/backups', response: backupConfigListSchema },
  create: {
    method: 'POST',
    path: '/api/servers/:server/backups',
    body: backupConfigRequestSchema,
    response: backupEventResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/servers/:server/backups/:backup',
    body: backupConfigRequestSchema,
    response: backupEventResponseSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/servers/:server/backups/:backup',
    response: startedEventResponseSchema,
  },
  clone: {
    method: 'POST',
    path: '/api/servers/:server/backups/:backup/clone',
    body: cloneBackupRequestSchema,
    response: backupEventResponseSchema,
  },
  sync: {
    method: 'POST',
    path: '/api/servers/:server/sync-backup-configuration',
    response: startedEventResponseSchema,
  },
  histories: {
    method: 'GET',
    path: '/api/servers/:server/backup-histories',
    query: backupHistoryListQuerySchema.omit({ server: true }),
    response: backupHistoryListSchema,
  },
  verifications: {
    method: 'GET',
    path: '/api/servers/:server/backups/:backup/verifications',
    response: backupVerificationListSchema,
  },
  run: {
    method: 'POST',
    path: '/api/servers/:server/backups/:backup/run',
    body: runBackupRequestSchema,
    response: startedEventResponseSchema,
  },
  verify: {
    method: 'POST',
    path: '/api/servers/:server/backups/:backup/verify',
    body: verifyBackupRequestSchema,
    response: startedEventResponseSchema,
  },
  restore: {
    method: 'POST',
    path: '/api/servers/:server/backups/:backup/restore',
    body: restoreBackupRequestSchema,
    response: restoreBackupResponseSchema,
  },
  snapshots: {
    method: 'GET',
    path: '/api/servers/:server/backups/:backup/snapshots',
    response: backupSnapshotListSchema,
  },
  /** What one snapshot holds (its manifest), read from the repository. */
  snapshot: {
    method: 'GET',
    path: '/api/servers/:server/backups/:backup/snapshots/:snapshot',
    params: z.object({ server: idParamSchema, backup: idParamSchema, snapshot: snapshotIdSchema }),
    response: backupSnapshotContentsResponseSchema,
  },
  download: {
    method: 'POST',
    path: '/api/servers/:server/backups/:backup/download',
    body: downloadBackupRequestSchema,
    response: startedEventResponseSchema,
  },
  /** The single-use agent link of an archive the download event prepared (its `download` line). */
  downloadLink: {
    method: 'POST',
    path: '/api/servers/:server/backups/:backup/download-link',
    body: backupDownloadLinkRequestSchema,
    response: backupDownloadLinkResponseSchema,
  },
  /** Public: the server's own Bearer token (the cron run posts its result). */
  callback: {
    method: 'POST',
    path: '/api/backup-history',
    query: backupHistoryCallbackQuerySchema,
    body: backupHistoryCallbackSchema,
    response: backupHistoryCallbackResponseSchema,
  },
  /** Public: the server's own Bearer token; the run script the server should have. */
  script: {
    method: 'GET',
    path: '/api/servers/:server/backups/:backup/script',
    response: backupScriptResponseSchema,
  },
  drives: { method: 'GET', path: '/api/backup-drives', response: backupDriveListSchema },
  createDrive: {
    method: 'POST',
    path: '/api/backup-drives',
    body: createBackupDriveRequestSchema,
    response: backupDriveResponseSchema,
  },
  updateDrive: {
    method: 'PUT',
    path: '/api/backup-drives/:drive',
    body: updateBackupDriveRequestSchema,
    response: backupDriveResponseSchema,
  },
  deleteDrive: { method: 'DELETE', path: '/api/backup-drives/:drive', response: null },
  probeDrive: {
    method: 'POST',
    path: '/api/backup-drives/:drive/probe',
    body: z.strictObject({ server_id: idSchema.optional() }),
    response: startedEventResponseSchema,
  },
});

/** The descriptions of the area's events (events.ts AreaEventDescriptions), English. */
export const BACKUP_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createBackup: 'Set up backups to {drive}',
  updateBackup: 'Update backups to {drive}',
  deleteBackup: 'Remove backups to {drive}',
  cloneBackup: 'Copy backups to {drive} from {source}',
  syncBackups: 'Sync the backup configuration',
  runBackup: 'Back up now to {drive}',
  verifyBackup: 'Verify the backups on {drive}',
  restoreBackup: 'Restore {what} from snapshot {snapshot}',
  listSnapshots: 'List the snapshots on {drive}',
  downloadBackup: 'Prepare a download of {what} from snapshot {snapshot}',
  probeDrive: 'Check the backup drive {drive}',
  authorizeDrive: 'Authorize the backup drive {drive} for user {user}',
  revokeDrive: 'Remove the key of the backup drive {drive} for user {user}',
});
export type BackupEventDescriptionId = keyof typeof BACKUP_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    backups: typeof BACKUP_EVENT_DESCRIPTIONS;
  }
}
