import { z } from 'zod';
import { linuxUserSchema } from '@hostdeck/contracts';
import { InventoryFormatError } from '../inventory.js';
import { defineRecipe } from '../recipe.js';
import { INVALID_MESSAGE } from './backup-inputs.js';

/**
 * The folder of a `server` drive (docs/backups.md, Drives): letters, digits and `._-` segments,
 * none starting with `.` or `-` (so no `.`/`..` and nothing option-like), like the API's grammar;
 * a trailing `/` is dropped. The script checks it again with the same pattern.
 */
const DRIVE_FOLDER_PATTERN = /^(?:\/[A-Za-z0-9_][A-Za-z0-9._-]{0,127})+$/;
export const driveTargetFolderSchema = z
  .string()
  .max(256, { message: INVALID_MESSAGE })
  .transform((value) => (value.length > 1 && value.endsWith('/') ? value.slice(0, -1) : value))
  .refine((value) => value.length <= 255 && DRIVE_FOLDER_PATTERN.test(value), { message: INVALID_MESSAGE });

/** The drive's user on the target: any Linux user name but root (its key must not log in as root). */
export const driveTargetUserSchema = linuxUserSchema.refine((user) => user !== 'root', {
  message: INVALID_MESSAGE,
});

/**
 * Prepares the target server of a `server` drive, run there as root over the panel's own
 * (host-key-verified) connection: the folder is made for the drive's user (as that user inside
 * its home; by root, then given to the user, only under /srv, /var/backups, /backup, /backups,
 * /mnt or /data), an existing one must already be the user's (the panel never takes a folder
 * over), no part of the path may be a link. It prints the server's SSH host keys
 * (`hostkey<TAB><type> <base64>`), from which the panel pins the one it verified.
 * The key itself is added by `ssh-keys-add`. Idempotent.
 */
export const backupDriveTarget = defineRecipe({
  id: 'backup-drive-target',
  input: z.strictObject({ user: driveTargetUserSchema, path: driveTargetFolderSchema }),
  steps: [
    {
      id: 'target',
      title: 'Prepare the drive folder',
      script: 'backups/drive-target.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_BACKUP_DRIVE_USER: input.user, HD_BACKUP_DRIVE_PATH: input.path }),
  example: { user: 'hostdeck', path: '/srv/backups' },
});

/** The host keys `backup-drive-target` printed (`type base64`), in the server's order. */
export function parseBackupDriveTarget(stdout: string): { hostKeys: string[] } {
  const hostKeys: string[] = [];
  for (const line of stdout.split('\n')) {
    if (line === '' || line.startsWith('::hostdeck::')) continue;
    const match =
      /^hostkey\t((?:ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(?:256|384|521)) [A-Za-z0-9+/]{16,1024}={0,2})$/.exec(
        line,
      );
    if (!match) throw new InventoryFormatError('the drive target printed an unknown line');
    hostKeys.push(match[1]!);
  }
  if (hostKeys.length === 0) throw new InventoryFormatError('the drive target printed no host key');
  return { hostKeys };
}
