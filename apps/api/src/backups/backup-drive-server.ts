import { z } from 'zod';
import { linuxUserSchema } from '@hostdeck/contracts';
import {
  BACKUP_DRIVE_MODEL_TYPE,
  BACKUP_EVENT_TYPES,
  BACKUP_MESSAGES,
  BACKUP_MODEL_TYPE,
} from '@hostdeck/contracts/backups';
import { sshFingerprintSchema } from '@hostdeck/contracts/ssh-public-key';
import { backupDriveTarget, backupProbe, parseBackupDriveTarget } from '@hostdeck/recipes/backups';
import { sshKeysAdd, sshKeysRemove } from '@hostdeck/recipes/ssh-keys';
import type { SecretBox } from '../crypto/secret-box.js';
import type { EventRow } from '../events/events.repository.js';
import type { EventsService } from '../events/events.service.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import { namedKey, sshFingerprint } from '../ssh-keys/ssh-keys.section.js';
import { driveRecipeInput } from './backup-drive-input.js';
import { driveSettingsOf } from './backup-presenter.js';
import { BACKUP_TASKS } from './backup-tasks.js';
import type { BackupDriveRow, BackupsRepository } from './backups.repository.js';

/**
 * A `server` drive on its target (issue 20; docs/backups.md, Drives): the panel adds the drive's
 * public key to the chosen user's `authorized_keys` there (the ssh-keys area's recipes), marked
 * `hostdeck-backup-drive-<id>`, makes the drive's folder for that user and pins the target's host
 * key, the one its own verified connection saw. Deleting the drive, or moving it to another
 * target or user, removes that line again; the user's other keys stay.
 */

/** The comment of a drive's line in `authorized_keys`: how the line is recognised on the target. */
export const DRIVE_KEY_COMMENT_PREFIX = 'hostdeck-backup-drive-';
export const driveKeyComment = (driveId: number) => `${DRIVE_KEY_COMMENT_PREFIX}${driveId}`;

export const BACKUP_DRIVE_TASKS = { authorize: 'backup-drive-authorize' } as const;

/** Where a `server` drive's key is authorized: the target, the user, the key's fingerprint and line. */
export interface DriveAuthorization {
  serverId: number;
  user: string;
  path: string;
  fingerprint: string;
  keyLine: string;
}

/** The authorization a `server` drive asks for; null for another kind, or without target or key. */
export function driveAuthorizationOf(drive: BackupDriveRow): DriveAuthorization | null {
  if (drive.kind !== 'server' || drive.targetServerId === null || !drive.publicKey) return null;
  const fingerprint = sshFingerprint(drive.publicKey);
  if (fingerprint === null) return null;
  const settings = driveSettingsOf(drive);
  return {
    serverId: drive.targetServerId,
    user: settings.user ?? 'hostdeck',
    path: settings.path ?? '',
    fingerprint,
    keyLine: namedKey(drive.publicKey, driveKeyComment(drive.id)),
  };
}

/** Whether the target must be (re)authorized after a save: new target, user, key or folder. */
export function authorizationChanged(before: DriveAuthorization | null, after: DriveAuthorization): boolean {
  return (
    before === null ||
    before.serverId !== after.serverId ||
    before.user !== after.user ||
    before.fingerprint !== after.fingerprint ||
    before.path !== after.path
  );
}

/** The line to take away from the same target before adding the new one (the user or the key changed). */
export function revokeOnSameTarget(
  before: DriveAuthorization | null,
  after: DriveAuthorization,
): { fingerprint: string; user: string } | undefined {
  if (!before || before.serverId !== after.serverId) return undefined;
  if (before.user === after.user && before.fingerprint === after.fingerprint) return undefined;
  return { fingerprint: before.fingerprint, user: before.user };
}

const authorizeInputSchema = z.strictObject({
  drive_id: z.number().int().positive(),
  revoke: z.strictObject({ fingerprint: sshFingerprintSchema, user: linuxUserSchema }).optional(),
});
export type AuthorizeDriveInput = z.input<typeof authorizeInputSchema>;

/** Starts the authorize task on the drive's target, as the caller (who may manage it: checked on save). */
export function startDriveAuthorization(
  events: Pick<EventsService, 'startTask'>,
  userId: number,
  drive: BackupDriveRow,
  authorization: DriveAuthorization,
  revoke?: { fingerprint: string; user: string },
) {
  const input: AuthorizeDriveInput = { drive_id: drive.id, ...(revoke ? { revoke } : {}) };
  return events.startTask({
    userId,
    serverId: authorization.serverId,
    task: BACKUP_DRIVE_TASKS.authorize,
    input,
    type: BACKUP_EVENT_TYPES.authorizeDrive,
    description: { id: 'authorizeDrive', values: { drive: drive.name, user: authorization.user } },
    modelId: drive.id,
    modelType: BACKUP_DRIVE_MODEL_TYPE,
  });
}

/**
 * Removes a drive's key line from a target (`ssh-keys-remove`, by the key's fingerprint, for that
 * user only) as an event there; the drive row may be gone by the time it runs.
 */
export function startDriveRevocation(
  events: Pick<EventsService, 'startRecipe'>,
  userId: number,
  drive: Pick<BackupDriveRow, 'id' | 'name'>,
  authorization: Pick<DriveAuthorization, 'serverId' | 'user' | 'fingerprint'>,
) {
  return events.startRecipe({
    userId,
    serverId: authorization.serverId,
    recipeId: sshKeysRemove.id,
    input: { fingerprint: authorization.fingerprint, users: [authorization.user] },
    type: BACKUP_EVENT_TYPES.revokeDrive,
    description: { id: 'revokeDrive', values: { drive: drive.name, user: authorization.user } },
    modelId: drive.id,
    modelType: BACKUP_DRIVE_MODEL_TYPE,
  });
}

/**
 * The panel task `backup-drive-authorize`, run on the drive's target: the old line off (same
 * target, other user or key), the key on for the drive's user, the folder made, then the host key
 * pinned: of the keys the server lists, the one whose fingerprint its verified session saw.
 */
export function registerBackupDriveTasks(
  hooks: Pick<EventHooks, 'registerTask'>,
  dependencies: { repository: Pick<BackupsRepository, 'findDrive' | 'updateDrive'> },
) {
  const { repository } = dependencies;
  hooks.registerTask(BACKUP_DRIVE_TASKS.authorize, async ({ event, input, runRecipe, session, write }) => {
    const request = authorizeInputSchema.parse(input);
    const drive = await repository.findDrive(request.drive_id);
    const authorization = drive ? driveAuthorizationOf(drive) : null;
    // A drive deleted or moved to another target since: a later event serves its new target.
    if (!drive || !authorization || authorization.serverId !== event.serverId) {
      throw new Error(BACKUP_MESSAGES.driveNotFound);
    }
    if (request.revoke) {
      await runRecipe(sshKeysRemove, {
        fingerprint: request.revoke.fingerprint,
        users: [request.revoke.user],
      });
    }
    await runRecipe(sshKeysAdd, { public_key: authorization.keyLine, users: [authorization.user] });
    const { hostKeys } = parseBackupDriveTarget(
      await runRecipe(backupDriveTarget, { user: authorization.user, path: authorization.path }),
    );
    const verified = hostKeys.find((key) => sshFingerprint(key) === session.hostKeyFingerprint);
    if (!verified) throw new Error(BACKUP_MESSAGES.driveHostKey);
    const fresh = await repository.findDrive(drive.id);
    if (fresh && fresh.targetServerId === drive.targetServerId && fresh.publicKey === drive.publicKey) {
      await repository.updateDrive(drive.id, {
        settings: { ...driveSettingsOf(fresh), host_key: verified },
      });
      write(`Pinned the host key ${session.hostKeyFingerprint} of the target server.\n`);
    }
  });
}

/** Starts the probe of a drive (write, read back, delete a file) on `probeServerId`, as `userId`. */
export async function startDriveProbe(
  dependencies: {
    events: Pick<EventsService, 'startRecipe'>;
    secretBox: SecretBox;
    repository: Pick<BackupsRepository, 'serverWithOwner'>;
  },
  userId: number,
  drive: BackupDriveRow,
  probeServerId: number,
): Promise<number> {
  const event = await dependencies.events.startRecipe({
    userId,
    serverId: probeServerId,
    recipeId: backupProbe.id,
    input: await driveRecipeInput(drive, dependencies),
    type: BACKUP_EVENT_TYPES.probe,
    description: { id: 'probeDrive', values: { drive: drive.name } },
    modelId: drive.id,
    modelType: BACKUP_DRIVE_MODEL_TYPE,
  });
  return event.id;
}

/**
 * The servers keep a copy of the drive's settings (their config's env file, the pinned host
 * key): each settled config on the drive is written again, as an update event, where `userId`
 * may manage it. Without `mayManage`, starting the event is the check: a config whose event
 * cannot start is put back as it was, reported to `skipped` and left as it is.
 */
export async function reapplyDriveConfigs(
  dependencies: {
    repository: Pick<BackupsRepository, 'listConfigsOfDrive' | 'updateConfig'>;
    events: Pick<EventsService, 'startTask'>;
    mayManage?: (serverId: number) => Promise<boolean>;
    skipped?: (serverId: number, error: unknown) => void;
  },
  userId: number,
  drive: Pick<BackupDriveRow, 'id' | 'name'>,
): Promise<void> {
  const { repository, events } = dependencies;
  for (const config of await repository.listConfigsOfDrive(drive.id)) {
    if (config.status !== 'active' && config.status !== 'failed') continue;
    if (dependencies.mayManage && !(await dependencies.mayManage(config.serverId))) continue;
    await repository.updateConfig(config.id, { status: 'updating' });
    try {
      await events.startTask({
        userId,
        serverId: config.serverId,
        task: BACKUP_TASKS.apply,
        input: { config_id: config.id },
        type: BACKUP_EVENT_TYPES.update,
        description: { id: 'updateBackup', values: { drive: drive.name } },
        modelId: config.id,
        modelType: BACKUP_MODEL_TYPE,
      });
    } catch (error) {
      await repository.updateConfig(config.id, { status: config.status });
      if (!dependencies.skipped) throw error;
      dependencies.skipped(config.serverId, error);
    }
  }
}

/**
 * The end of a `backup_drive_authorize` event: failed, the drive says so (its event has the
 * server's output); passed, the configs on the drive are written again (with the pinned host
 * key) and the drive is probed from another installed server of the user, as after any save.
 */
export async function settleDriveAuthorization(
  dependencies: {
    repository: Pick<
      BackupsRepository,
      'updateDrive' | 'firstInstalledServerOf' | 'serverWithOwner' | 'listConfigsOfDrive' | 'updateConfig'
    >;
    events: Pick<EventsService, 'startRecipe' | 'startTask'>;
    secretBox: SecretBox;
    log?: (message: string, details: Record<string, unknown>) => void;
  },
  event: EventRow,
  drive: BackupDriveRow,
  passed: boolean,
): Promise<void> {
  // An event for a target the drive has left since settles nothing.
  if (drive.targetServerId === null || drive.targetServerId !== event.serverId) return;
  if (!passed) {
    await dependencies.repository.updateDrive(drive.id, {
      checkedAt: new Date(),
      checkError: BACKUP_MESSAGES.authorizeFailed,
    });
    return;
  }
  if (event.userId === null) return;
  const userId = event.userId;
  await reapplyDriveConfigs(
    {
      ...dependencies,
      skipped: (serverId, error) =>
        dependencies.log?.('backup config not rewritten after its drive was authorized', {
          drive: drive.id,
          server: serverId,
          error: String(error),
        }),
    },
    userId,
    drive,
  );
  const probeServer = await dependencies.repository.firstInstalledServerOf(userId, drive.targetServerId);
  if (probeServer === undefined) return;
  try {
    await startDriveProbe(dependencies, userId, drive, probeServer);
  } catch (error) {
    dependencies.log?.('backup drive probe could not start', { drive: drive.id, error: String(error) });
  }
}
