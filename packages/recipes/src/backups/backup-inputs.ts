import { isIP } from 'node:net';
import { z } from 'zod';
import {
  absolutePathSchema,
  cronExpressionSchema,
  databaseNameSchema,
  hasControlCharacters,
  isDomain,
  isSafeValue,
  linuxUserSchema,
  portSchema,
} from '@hostdeck/contracts';

/**
 * Input grammars of the `backup-*` recipes (issue 20; docs/backups.md). Every value that reaches a
 * server is one of these, checked again by scripts/backups/backup.sh with the same patterns. Secrets
 * (the repository password, the S3 secret key, the SFTP private key, the callback token) are hex of
 * their bytes in the input and reach the server only on stdin.
 */
export const INVALID_MESSAGE = 'Invalid value';

/** Text that is safe everywhere (no control character, no leading `-`) and matches `pattern`. */
const text = (pattern: RegExp, max: number, accepts: (value: string) => boolean = () => true) =>
  z
    .string()
    .min(1, { message: INVALID_MESSAGE, abort: true })
    .max(max, { message: INVALID_MESSAGE, abort: true })
    .refine((value) => isSafeValue(value) && pattern.test(value) && accepts(value), {
      message: INVALID_MESSAGE,
    });

/** A row id of the panel (config, server, site). */
export const backupRowIdSchema = z.number().int().positive().max(2_147_483_647);

/** The minimum restic version the recipes use (repository format 2, compression). */
export const RESTIC_MINIMUM_VERSION = '0.14.0';

// ---------------------------------------------------------------------------------------------
// Drives

export const BACKUP_DRIVE_KINDS = ['s3', 'sftp', 'server', 'local'] as const;
export type BackupDriveKind = (typeof BACKUP_DRIVE_KINDS)[number];

/** A host a server connects to: a lowercase DNS name or an IPv4 address (IPv6 needs brackets in URLs). */
export const isDriveHost = (value: string): boolean =>
  value.length <= 253 &&
  (isIP(value) === 4 || isDomain(value) || /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(value));
export const driveHostSchema = text(/^[a-z0-9.-]+$/, 253, isDriveHost);

/** `http(s)://host[:port]`, nothing else (no user, path, query or fragment). */
const ENDPOINT_PATTERN = /^https?:\/\/([a-z0-9.-]+)(?::([1-9][0-9]{0,4}))?$/;
export const s3EndpointSchema = text(ENDPOINT_PATTERN, 300, (value) => {
  const match = ENDPOINT_PATTERN.exec(value);
  return match !== null && isDriveHost(match[1]!) && (match[2] === undefined || Number(match[2]) <= 65535);
});

/** An S3 region (`us-east-1`, `auto`, `eu-central-003`). */
export const s3RegionSchema = text(/^[a-z0-9][a-z0-9-]{0,62}$/, 63);

/** An S3 bucket name (3-63: lowercase letters, digits, dots, hyphens; no `..`). */
export const s3BucketSchema = text(
  /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
  63,
  (value) => !value.includes('..'),
);

/** A prefix inside the bucket: `a/b` segments of letters, digits, `._-`, no `.`/`..` segment. */
const isPrefix = (value: string) =>
  value.split('/').every((segment) => /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/.test(segment));
export const s3PathSchema = text(/^[A-Za-z0-9._/-]+$/, 512, isPrefix);

/** An access key id (AWS `AKIA…`, B2 key ids, R2 hex ids, MinIO names). */
export const s3AccessKeyIdSchema = text(/^[A-Za-z0-9_.]{3,128}$/, 128);

/** An absolute folder on a server that is not `/` itself. */
export const driveFolderSchema = absolutePathSchema.refine((value) => value.replace(/\/+$/, '') !== '', {
  message: INVALID_MESSAGE,
});

/** A `known_hosts` key (`ssh-ed25519 AAAA…`), without host and comment. */
const HOST_KEY_PATTERN =
  /^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521) [A-Za-z0-9+/]{16,1024}={0,2}$/;
export const sshHostKeySchema = text(HOST_KEY_PATTERN, 1100);

export const s3DriveSchema = z.strictObject({
  kind: z.literal('s3'),
  endpoint: s3EndpointSchema,
  region: s3RegionSchema,
  bucket: s3BucketSchema,
  path: s3PathSchema.optional(),
  access_key_id: s3AccessKeyIdSchema,
});

export const sftpDriveSchema = z.strictObject({
  kind: z.enum(['sftp', 'server']),
  host: driveHostSchema,
  port: portSchema,
  user: linuxUserSchema,
  path: driveFolderSchema,
  host_key: sshHostKeySchema.optional(),
});

export const localDriveSchema = z.strictObject({ kind: z.literal('local'), path: driveFolderSchema });

/** Where a repository lives (docs/backups.md, Drives); the secret travels beside it, on stdin. */
export const backupDriveSchema = z.union([s3DriveSchema, sftpDriveSchema, localDriveSchema], {
  error: INVALID_MESSAGE,
});
export type BackupDriveInput = z.input<typeof backupDriveSchema>;
export type BackupDrive = z.output<typeof backupDriveSchema>;

// ---------------------------------------------------------------------------------------------
// Secrets (hex of their bytes; on stdin only)

const hexSecret = (minBytes: number, maxBytes: number, accepts: (value: string) => boolean) =>
  z
    .string()
    .min(minBytes * 2, { message: INVALID_MESSAGE, abort: true })
    .max(maxBytes * 2, { message: INVALID_MESSAGE, abort: true })
    .refine((hex) => /^(?:[0-9a-f]{2})+$/.test(hex) && accepts(Buffer.from(hex, 'hex').toString('latin1')), {
      message: INVALID_MESSAGE,
    });

const isPrintableLine = (value: string) => !hasControlCharacters(value) && /^[\x20-\x7e]+$/.test(value);

/** The restic repository password: 16-256 printable ASCII characters (the panel generates it). */
export const repositoryPasswordHexSchema = hexSecret(16, 256, isPrintableLine);
/** An S3 secret access key. */
export const s3SecretHexSchema = hexSecret(8, 256, (value) => /^[A-Za-z0-9/+=]+$/.test(value));
/** An OpenSSH private key (PEM-style text, lines of printable ASCII). */
export const sshPrivateKeyHexSchema = hexSecret(64, 16_384, (value) =>
  /^-----BEGIN [A-Z ]+PRIVATE KEY-----\n[A-Za-z0-9+/=\n]+\n-----END [A-Z ]+PRIVATE KEY-----\n?$/.test(value),
);
/** Either drive secret: an S3 secret key or an SSH private key (which one the drive kind says). */
export const driveSecretHexSchema = z.union([s3SecretHexSchema, sshPrivateKeyHexSchema], {
  error: INVALID_MESSAGE,
});
/** The server's callback token for `POST api/backup-history`. */
export const callbackTokenHexSchema = hexSecret(16, 256, (value) => /^[A-Za-z0-9_.~-]+$/.test(value));

/** The hex of a text's UTF-8 bytes (how the API hands these recipes a secret). */
export const toSecretHex = (value: string): string => Buffer.from(value, 'utf8').toString('hex');

// ---------------------------------------------------------------------------------------------
// The plan: sites, excludes, databases, schedule, retention

/** A site's name as the manifest shows it (a domain or a simple label). */
export const backupSiteNameSchema = text(/^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/, 253);

/**
 * An exclude pattern relative to a site's root: `/cache` (that path), `*.log` or `node_modules`
 * (anywhere below the root). Globs `*` and `?` only; no `..`, no backslash, no bracket, and at
 * least one character that is not a glob or `/`, so a pattern never excludes the whole site.
 */
export const backupExcludeSchema = text(
  /^\/?[A-Za-z0-9._*?@+=,:-]+(?:\/[A-Za-z0-9._*?@+=,:-]+)*$/,
  255,
  (value) =>
    value
      .replace(/^\//, '')
      .split('/')
      // A segment of only globs (`*`, `/tmp/*`) adds nothing its parent would not exclude, and
      // alone would exclude the whole site; `.`/`..` would leave it.
      .every((segment) => /[^*?]/.test(segment) && segment !== '.' && segment !== '..'),
);

export const backupSiteSchema = z.strictObject({
  id: backupRowIdSchema,
  name: backupSiteNameSchema,
  root: driveFolderSchema,
  excludes: z.array(backupExcludeSchema).max(100).default([]),
});

export const BACKUP_DATABASE_ENGINES = ['mariadb', 'mysql', 'postgresql'] as const;
export const backupDatabaseEngineSchema = z.enum(BACKUP_DATABASE_ENGINES, { error: INVALID_MESSAGE });

export const backupDatabaseSchema = z.strictObject({
  engine: backupDatabaseEngineSchema,
  name: databaseNameSchema,
  /** The site the database belongs to: a run for that site dumps it too. */
  site_id: backupRowIdSchema.optional(),
});

/** When cron starts a run: a five-field expression or a macro (never `@reboot`). */
export const backupCronExpressionSchema = cronExpressionSchema.refine((value) => value !== '@reboot', {
  message: INVALID_MESSAGE,
});

/** Snapshots kept per day, week and month (restic forget --keep-daily/weekly/monthly). */
export const retentionCountSchema = z.number().int().min(0).max(1000);

/** A snapshot time for a run (retention tests, imports): `YYYY-MM-DDTHH:MM:SSZ`. */
export const snapshotTimeSchema = text(
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$/,
  20,
  (value) => {
    const time = Date.parse(value);
    return Number.isFinite(time) && new Date(time).toISOString().replace('.000Z', 'Z') === value;
  },
);

/** The panel's base URL for the cron runs' callback (`https://panel.example.com`, no path). */
const PANEL_URL_PATTERN = /^https?:\/\/([a-z0-9.-]+)(?::([1-9][0-9]{0,4}))?$/;
export const panelUrlSchema = text(PANEL_URL_PATTERN, 300, (value) =>
  isDriveHost(PANEL_URL_PATTERN.exec(value)![1]!),
);

/** A restic snapshot id (the full 64 hex digits, or a unique prefix of at least 8). */
export const snapshotIdSchema = text(/^[0-9a-f]{8,64}$/, 64);
