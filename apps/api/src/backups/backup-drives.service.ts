import {
  BACKUP_MESSAGES,
  type BackupDriveItem,
  type CreateBackupDrive,
  type UpdateBackupDrive,
} from '@hostdeck/contracts/backups';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import { generateSshKeyPair } from '../remote/ssh-keys.js';
import { BACKUP_SECRET_PURPOSE } from './backup-drive-input.js';
import {
  authorizationChanged,
  driveAuthorizationOf,
  reapplyDriveConfigs,
  revokeOnSameTarget,
  startDriveAuthorization,
  startDriveProbe,
  startDriveRevocation,
  type DriveAuthorization,
} from './backup-drive-server.js';
import { presentDrive, type DriveSettings } from './backup-presenter.js';
import type { BackupDriveRow, BackupsRepository } from './backups.repository.js';

export interface BackupDrivesDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  repository: BackupsRepository;
  events: Pick<EventsService, 'startRecipe' | 'startTask'>;
  secretBox: SecretBox;
  /** An installed server of the user to probe a drive from (not `except`), or undefined. */
  probeServerOf(userId: number, except?: number | null): Promise<number | undefined>;
}

/** PEM text as the recipes take it: LF line ends, one final newline. */
const normalizeKey = (key: string) => `${key.replace(/\r\n/g, '\n').trimEnd()}\n`;

/**
 * The user's backup drives (issue 20): where snapshots go. Secrets are sealed on save and never
 * answered; an SFTP or server drive without a pasted key gets a panel-made key pair whose public
 * half is shown. Saving probes the drive from one of the user's servers as an event (the panel
 * itself never connects to a drive). A `server` drive is first authorized on its target
 * (backup-drive-server.ts), and the probe follows that event; deleting it removes its key line
 * there. Another user's drive answers 404.
 */
export function createBackupDrivesService(dependencies: BackupDrivesDependencies) {
  const { policy, repository, events, secretBox } = dependencies;

  async function ownDrive(caller: Caller, id: number): Promise<BackupDriveRow> {
    const drive = await repository.findDrive(id);
    if (!drive || drive.userId !== caller.id) throw new NotFoundError(BACKUP_MESSAGES.driveNotFound);
    return drive;
  }

  async function refuseDuplicateName(caller: Caller, name: string, except?: number) {
    const existing = await repository.findDriveByName(caller.id, name);
    if (existing && existing.id !== except)
      throw new ValidationError({ name: [BACKUP_MESSAGES.driveDuplicate] });
  }

  /** The columns of a drive from its request (the kind's fields; the secret sealed). */
  async function columnsOf(
    caller: Caller,
    body: CreateBackupDrive | UpdateBackupDrive,
    current?: BackupDriveRow,
  ) {
    const seal = (secret: string) => secretBox.seal(secret, BACKUP_SECRET_PURPOSE.driveSecret);
    switch (body.kind) {
      case 's3': {
        const settings: DriveSettings = {
          endpoint: body.endpoint,
          ...(body.region ? { region: body.region } : {}),
          bucket: body.bucket,
          ...(body.path ? { path: body.path } : {}),
          access_key_id: body.access_key_id,
        };
        return {
          settings,
          sealedSecret: body.secret_key ? seal(body.secret_key) : (current?.sealedSecret ?? null),
          publicKey: null,
          targetServerId: null,
        };
      }
      case 'sftp': {
        const settings: DriveSettings = {
          host: body.host,
          port: body.port,
          user: body.user,
          path: body.path,
        };
        const previous = driveSettingsKept(current, settings);
        if (body.private_key) {
          return {
            settings: previous,
            sealedSecret: seal(normalizeKey(body.private_key)),
            publicKey: null,
            targetServerId: null,
          };
        }
        const regenerate = 'regenerate_key' in body && body.regenerate_key === true;
        if (current?.sealedSecret && !regenerate) {
          return {
            settings: previous,
            sealedSecret: current.sealedSecret,
            publicKey: current.publicKey,
            targetServerId: null,
          };
        }
        const pair = generateSshKeyPair('hostdeck-backup');
        return {
          settings,
          sealedSecret: seal(pair.privateKey),
          publicKey: pair.publicKey,
          targetServerId: null,
        };
      }
      case 'server': {
        // The target is another server the caller manages: a stranger's id answers 404.
        await policy.authorizeServer(caller, body.server_id, 'manage');
        const settings: DriveSettings = { user: body.user, path: body.path };
        const sameTarget = current?.targetServerId === body.server_id;
        if (current?.sealedSecret && sameTarget) {
          return {
            settings: driveSettingsKept(current, settings),
            sealedSecret: current.sealedSecret,
            publicKey: current.publicKey,
            targetServerId: body.server_id,
          };
        }
        const pair = generateSshKeyPair('hostdeck-backup');
        return {
          settings,
          sealedSecret: seal(pair.privateKey),
          publicKey: pair.publicKey,
          targetServerId: body.server_id,
        };
      }
      case 'local':
        return { settings: { path: body.path }, sealedSecret: null, publicKey: null, targetServerId: null };
    }
  }

  /** Starts the probe of a drive on one of the user's servers; null when the user has none. */
  async function startProbe(
    caller: Caller,
    drive: BackupDriveRow,
    serverId?: number,
  ): Promise<number | null> {
    let probeServer = serverId;
    if (probeServer !== undefined) await policy.authorizeServer(caller, probeServer, 'manage');
    else probeServer = await dependencies.probeServerOf(caller.id, drive.targetServerId);
    if (probeServer === undefined) return null;
    return startDriveProbe({ events, secretBox, repository }, caller.id, drive, probeServer);
  }

  /** Saving the drive then probing it: a probe that cannot start (a bad value) leaves the drive unprobed. */
  async function probeAfterSave(caller: Caller, drive: BackupDriveRow): Promise<number | null> {
    try {
      return await startProbe(caller, drive);
    } catch (error) {
      if (error instanceof ValidationError) {
        await repository.updateDrive(drive.id, { checkError: BACKUP_MESSAGES.probeServer });
        return null;
      }
      throw error;
    }
  }

  /** The drive's configs written again where the caller may manage their server (backup-drive-server.ts). */
  const reapplyConfigs = (caller: Caller, drive: BackupDriveRow) =>
    reapplyDriveConfigs(
      { repository, events, mayManage: (serverId) => mayManage(caller, serverId) },
      caller.id,
      drive,
    );

  async function mayManage(caller: Caller, serverId: number): Promise<boolean> {
    try {
      await policy.authorizeServer(caller, serverId, 'manage');
      return true;
    } catch (error) {
      if (error instanceof NotFoundError || error instanceof ForbiddenError) return false;
      throw error;
    }
  }

  /**
   * After a `server` drive was saved: its key line off a target it left (where the caller still
   * manages it), then the authorize event on its target when the target, user, key or folder
   * changed or the last check did not pass (the probe follows that event); else the probe.
   */
  async function afterServerDriveSave(
    caller: Caller,
    drive: BackupDriveRow,
    before: DriveAuthorization | null,
    lastCheckPassed: boolean,
  ): Promise<{ eventId: number | null; authorizing: boolean }> {
    const after = driveAuthorizationOf(drive);
    if (
      before &&
      (!after || before.serverId !== after.serverId) &&
      (await mayManage(caller, before.serverId))
    ) {
      await startDriveRevocation(events, caller.id, drive, before);
    }
    if (!after) return { eventId: null, authorizing: false };
    if (!authorizationChanged(before, after) && lastCheckPassed) {
      return { eventId: await probeAfterSave(caller, drive), authorizing: false };
    }
    const event = await startDriveAuthorization(
      events,
      caller.id,
      drive,
      after,
      revokeOnSameTarget(before, after),
    );
    return { eventId: event.id, authorizing: true };
  }

  async function answer(
    drive: BackupDriveRow,
    eventId: number | null,
  ): Promise<{ data: BackupDriveItem; event_id: number | null }> {
    const fresh = (await repository.findDrive(drive.id)) ?? drive;
    return {
      data: presentDrive({ ...fresh, configsCount: await repository.countConfigsOfDrive(drive.id) }),
      event_id: eventId,
    };
  }

  return {
    async list(caller: Caller): Promise<{ data: BackupDriveItem[] }> {
      return { data: (await repository.listDrives(caller.id)).map(presentDrive) };
    },

    async create(caller: Caller, body: CreateBackupDrive) {
      await refuseDuplicateName(caller, body.name);
      const columns = await columnsOf(caller, body);
      const drive = await repository.insertDrive({
        userId: caller.id,
        name: body.name,
        kind: body.kind,
        ...columns,
      });
      if (drive.kind === 'server') {
        return answer(drive, (await afterServerDriveSave(caller, drive, null, false)).eventId);
      }
      return answer(drive, await probeAfterSave(caller, drive));
    },

    async update(caller: Caller, id: number, body: UpdateBackupDrive) {
      const current = await ownDrive(caller, id);
      if (current.kind !== body.kind) throw new ValidationError({ kind: [BACKUP_MESSAGES.driveKindChange] });
      await refuseDuplicateName(caller, body.name, id);
      const columns = await columnsOf(caller, body, current);
      await repository.updateDrive(id, { name: body.name, ...columns, checkedAt: null, checkError: null });
      const drive = (await repository.findDrive(id))!;
      if (drive.kind === 'server') {
        const lastCheckPassed = current.checkedAt !== null && current.checkError === null;
        const saved = await afterServerDriveSave(
          caller,
          drive,
          driveAuthorizationOf(current),
          lastCheckPassed,
        );
        // Authorizing: the configs are written again once the target's host key is pinned.
        if (!saved.authorizing) await reapplyConfigs(caller, drive);
        return answer(drive, saved.eventId);
      }
      await reapplyConfigs(caller, drive);
      return answer(drive, await probeAfterSave(caller, drive));
    },

    async remove(caller: Caller, id: number): Promise<void> {
      const drive = await ownDrive(caller, id);
      const count = await repository.countConfigsOfDrive(id);
      if (count > 0) throw new ConflictError(BACKUP_MESSAGES.driveInUse, { count });
      // A server drive's key line comes off its target (an event; the row may be gone by then).
      const authorization = driveAuthorizationOf(drive);
      if (authorization && (await mayManage(caller, authorization.serverId))) {
        await startDriveRevocation(events, caller.id, drive, authorization);
      }
      await repository.removeDrive(id);
    },

    /** POST api/backup-drives/{drive}/probe: write, read and delete a probe file, from a server. */
    async probe(caller: Caller, id: number, serverId?: number) {
      const drive = await ownDrive(caller, id);
      const eventId = await startProbe(caller, drive, serverId);
      if (eventId === null) throw new ValidationError({ server_id: [BACKUP_MESSAGES.probeServer] });
      return { data: { id: eventId } };
    },
  };
}
export type BackupDrivesService = ReturnType<typeof createBackupDrivesService>;

/** New settings, keeping the pinned host key while host and port are the same. */
function driveSettingsKept(current: BackupDriveRow | undefined, next: DriveSettings): DriveSettings {
  const previous = (current?.settings ?? {}) as DriveSettings;
  if (previous.host_key && previous.host === next.host && previous.port === next.port) {
    return { ...next, host_key: previous.host_key };
  }
  return next;
}
