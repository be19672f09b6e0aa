import { toSecretHex, type BackupDriveInput } from '@hostdeck/recipes/backups';
import type { SecretBox } from '../crypto/secret-box.js';
import { driveSettingsOf } from './backup-presenter.js';
import type { BackupDriveRow, BackupsRepository } from './backups.repository.js';

/** Purposes of the area's sealed values (crypto/secret-box.ts binds them as associated data). */
export const BACKUP_SECRET_PURPOSE = {
  driveSecret: 'backup_drives.secret',
  repositoryPassword: 'backup_configs.repository_password',
} as const;

/** S3 needs a region even where the store ignores it (MinIO, s3rver): restic's default. */
export const DEFAULT_S3_REGION = 'us-east-1';

/**
 * A drive as the `backup-*` recipes take it (@hostdeck/recipes/backups backupDriveSchema), and its
 * secret as hex for stdin. A `server` drive reaches the target server over SFTP at its address.
 */
export async function driveRecipeInput(
  drive: BackupDriveRow,
  dependencies: { secretBox: SecretBox; repository: Pick<BackupsRepository, 'serverWithOwner'> },
): Promise<{ drive: BackupDriveInput; drive_secret_hex?: string }> {
  const settings = driveSettingsOf(drive);
  const secret = drive.sealedSecret
    ? toSecretHex(dependencies.secretBox.open(drive.sealedSecret, BACKUP_SECRET_PURPOSE.driveSecret))
    : undefined;
  const withSecret = (input: BackupDriveInput) =>
    secret === undefined ? { drive: input } : { drive: input, drive_secret_hex: secret };
  const hostKey = settings.host_key === undefined ? {} : { host_key: settings.host_key };
  switch (drive.kind) {
    case 's3':
      return withSecret({
        kind: 's3',
        endpoint: settings.endpoint ?? '',
        region: settings.region ?? DEFAULT_S3_REGION,
        bucket: settings.bucket ?? '',
        ...(settings.path ? { path: settings.path.replace(/\/+$/, '') } : {}),
        access_key_id: settings.access_key_id ?? '',
      });
    case 'sftp':
      return withSecret({
        kind: 'sftp',
        host: settings.host ?? '',
        port: settings.port ?? 22,
        user: settings.user ?? '',
        path: settings.path ?? '',
        ...hostKey,
      });
    case 'server': {
      const target = drive.targetServerId
        ? await dependencies.repository.serverWithOwner(drive.targetServerId)
        : undefined;
      return withSecret({
        kind: 'server',
        host: target?.ip ?? '',
        port: target?.port ?? 22,
        user: settings.user ?? 'hostdeck',
        path: settings.path ?? '',
        ...hostKey,
      });
    }
    default:
      return { drive: { kind: 'local', path: settings.path ?? '' } };
  }
}
