import type { BackupDriveItem, BackupDriveKind, CreateBackupDriveRequest } from '@hostdeck/contracts/backups';

export { BACKUP_DRIVE_KINDS as DRIVE_KINDS } from '@hostdeck/contracts/backups';

/** The text fields of each kind of drive, in the order of the form (secrets and the server apart). */
export const DRIVE_FIELDS = {
  s3: ['endpoint', 'bucket', 'region', 'path', 'access_key_id'],
  sftp: ['host', 'port', 'user', 'path'],
  server: ['user', 'path'],
  local: ['path'],
} as const satisfies Record<BackupDriveKind, readonly string[]>;

export type DriveField = (typeof DRIVE_FIELDS)[BackupDriveKind][number];

/**
 * Fields that may stay empty: S3's region and path (the provider's default, the bucket's root), a
 * server drive's user (the panel's, hostdeck).
 */
const OPTIONAL: ReadonlySet<string> = new Set(['region', 's3:path', 'server:user']);

/** The kinds whose public key the user installs on the other end (SFTP; a server drive's is installed by the panel). */
export const hasPublicKey = (kind: BackupDriveKind) => kind === 'sftp' || kind === 'server';

export interface DriveFormValues {
  name: string;
  kind: BackupDriveKind;
  fields: Partial<Record<DriveField, string>>;
  /** S3 secret key or SFTP private key. Empty: unchanged (editing) or, for SFTP, a key pair made by the panel. */
  secret: string;
  serverId: number | null;
}

export function driveFormValues(drive: BackupDriveItem | null): DriveFormValues {
  const fields: Partial<Record<DriveField, string>> = {};
  for (const field of [
    'endpoint',
    'bucket',
    'region',
    'path',
    'access_key_id',
    'host',
    'port',
    'user',
  ] as const) {
    const value = drive?.[field];
    if (value !== null && value !== undefined) fields[field] = String(value);
  }
  if (!drive) fields.port = '22';
  return {
    name: drive?.name ?? '',
    kind: drive?.kind ?? 's3',
    fields,
    secret: '',
    serverId: drive?.server_id ?? null,
  };
}

/** The form's problems by field, before anything is sent: `required`, `port`. */
export function driveFormProblems(values: DriveFormValues, editing: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.name.trim() === '') problems.name = 'required';
  for (const field of DRIVE_FIELDS[values.kind]) {
    const value = (values.fields[field] ?? '').trim();
    if (value === '' && !OPTIONAL.has(field) && !OPTIONAL.has(`${values.kind}:${field}`))
      problems[field] = 'required';
  }
  if (values.kind === 'sftp') {
    const port = Number(values.fields.port);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) problems.port = 'port';
  }
  if (values.kind === 'server' && values.serverId === null) problems.server_id = 'required';
  if (values.kind === 's3' && !editing && values.secret.trim() === '') problems.secret_key = 'required';
  return problems;
}

const text = (values: DriveFormValues, field: DriveField) => {
  const value = (values.fields[field] ?? '').trim();
  return value === '' ? undefined : value;
};

/** The request: only the kind's fields; a secret only when typed (an absent one keeps the sealed one). */
export function driveBody(values: DriveFormValues): CreateBackupDriveRequest {
  const name = values.name.trim();
  const path = text(values, 'path');
  switch (values.kind) {
    case 's3':
      return {
        kind: 's3',
        name,
        endpoint: text(values, 'endpoint') ?? '',
        bucket: text(values, 'bucket') ?? '',
        access_key_id: text(values, 'access_key_id') ?? '',
        ...(text(values, 'region') ? { region: text(values, 'region') } : {}),
        ...(path ? { path } : {}),
        // Typed secret only; the update schema keeps the sealed one when absent.
        ...(values.secret !== '' ? { secret_key: values.secret } : {}),
      } as CreateBackupDriveRequest;
    case 'sftp':
      return {
        kind: 'sftp',
        name,
        host: text(values, 'host') ?? '',
        port: Number(values.fields.port),
        user: text(values, 'user') ?? '',
        path: path ?? '',
        ...(values.secret.trim() !== '' ? { private_key: values.secret.replace(/\r\n/g, '\n') } : {}),
      };
    case 'server':
      return {
        kind: 'server',
        name,
        server_id: values.serverId ?? 0,
        ...(text(values, 'user') ? { user: text(values, 'user') } : {}),
        path: path ?? '',
      };
    case 'local':
      return { kind: 'local', name, path: path ?? '' };
  }
}
