import { UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import {
  BACKUP_DOWNLOAD_FILE_PATTERN,
  BACKUP_EVENT_TYPES,
  BACKUP_MESSAGES,
  BACKUP_MODEL_TYPE,
  type BackupConfigInput,
  type BackupConfigItem,
  type BackupEventDescriptionId,
  type BackupSnapshot,
  type BackupSnapshotContents,
} from '@hostdeck/contracts/backups';
import {
  backupDownload,
  backupManifest,
  backupRemove,
  backupRestore,
  backupRun,
  backupSnapshots,
  backupVerify,
  parseBackupManifest,
  parseBackupSnapshots,
  type BackupManifest,
  type BackupRestoreInput,
} from '@hostdeck/recipes/backups';
import type { z } from 'zod';
import type {
  restoreBackupRequestSchema,
  verifyBackupRequestSchema,
  downloadBackupRequestSchema,
} from '@hostdeck/contracts/backups';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors.js';
import { paginate } from '../domain/paginate.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import { siteHome } from '../sites/site-presenter.js';
import { BACKUP_SECRET_PURPOSE, driveRecipeInput } from './backup-drive-input.js';
import { checkConfigureInput, isBackupEngine, type BackupPlanDependencies } from './backup-plan.js';
import { presentConfig, presentHistory, presentVerification } from './backup-presenter.js';
import { generateRepositoryPassword } from './backup-token.js';
import { BACKUP_TASKS } from './backup-tasks.js';
import type { BackupConfigRow } from './backups.repository.js';
import type { NewSiteRestore, RecordedDatabase } from './restore-new-site.js';

export interface BackupsDependencies extends BackupPlanDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer' | 'usersWithServerAccess'>;
  events: Pick<EventsService, 'startRecipe' | 'startTask'>;
  inventory: Pick<InventoryReader, 'read'>;
  publish(userIds: readonly number[], keys: readonly UpdateKey[]): void;
  /** The single-use agent link of a file on a server (null: the server has no agent). */
  downloadLink(serverId: number, path: string): Promise<string | null>;
  /** Restores into a new site (restore-new-site.ts). */
  newSiteRestore: Pick<NewSiteRestore, 'targetServer' | 'start'>;
}

const UPDATE: readonly UpdateKey[] = [UPDATE_KEYS.backupHistories];
const BUSY_STATUSES = new Set(['creating', 'updating', 'deleting']);
/** The download folder of backup-download (A2's recipe; spec/000 §9: removed after 3 hours). */
const DOWNLOAD_FOLDER = '/var/backups/hostdeck/downloads';

type RestoreRequest = z.output<typeof restoreBackupRequestSchema>;
type VerifyRequest = z.output<typeof verifyBackupRequestSchema>;
type DownloadRequest = z.output<typeof downloadBackupRequestSchema>;

/**
 * Backups of a server (issue 20; spec/000 §7 backups CRUD + clone, sync-backup-configuration,
 * backup-histories, run/verify/restore/snapshots/download). Every object is checked against the
 * caller first: a server they cannot see, a config of another server, a drive of another user
 * answer 404. Everything that touches a server is an event (a recipe, or the apply/sync tasks);
 * their ends are settled by backup-events.ts.
 */
export function createBackupsService(dependencies: BackupsDependencies) {
  const { policy, repository, events, secretBox } = dependencies;

  async function findConfig(serverId: number, id: number): Promise<BackupConfigRow> {
    const row = await repository.findConfigOnServer(serverId, id);
    if (!row) throw new NotFoundError(BACKUP_MESSAGES.notFound);
    return row;
  }

  function requireSettled(row: BackupConfigRow) {
    if (BUSY_STATUSES.has(row.status)) throw new ConflictError(BACKUP_MESSAGES.busy);
  }

  async function ownDrive(caller: Caller, driveId: number) {
    const drive = await repository.findDrive(driveId);
    // Another user's drive answers like a missing one.
    if (!drive || drive.userId !== caller.id) throw new NotFoundError(BACKUP_MESSAGES.driveNotFound);
    return drive;
  }

  /** The config's sites and databases must be of its server (and databases of an engine restic dumps). */
  async function checkTargets(serverId: number, body: Pick<BackupConfigInput, 'site_ids' | 'database_ids'>) {
    const sites = await repository.sitesOf(serverId, body.site_ids);
    if (sites.length !== body.site_ids.length)
      throw new ValidationError({ site_ids: [BACKUP_MESSAGES.siteNotFound] });
    const databases = await repository.databasesOf(serverId, body.database_ids);
    if (databases.length !== body.database_ids.length) {
      throw new ValidationError({ database_ids: [BACKUP_MESSAGES.databaseNotFound] });
    }
    if (databases.some((database) => !isBackupEngine(database.type))) {
      throw new ValidationError({ database_ids: [BACKUP_MESSAGES.databaseEngine] });
    }
  }

  async function announce(serverId: number, audience?: readonly number[]) {
    dependencies.publish(audience ?? (await policy.usersWithServerAccess(serverId)), UPDATE);
  }

  async function driveName(row: BackupConfigRow) {
    return (await repository.findDrive(row.driveId))?.name ?? '';
  }

  async function startApply(
    caller: Caller,
    row: BackupConfigRow,
    type: string,
    description: BackupEventDescriptionId,
    values: Record<string, string> = {},
  ) {
    const event = await events.startTask({
      userId: caller.id,
      serverId: row.serverId,
      task: BACKUP_TASKS.apply,
      input: { config_id: row.id },
      type,
      description: { id: description, values: { drive: await driveName(row), ...values } },
      modelId: row.id,
      modelType: BACKUP_MODEL_TYPE,
    });
    await announce(row.serverId, event.audience);
    return event;
  }

  async function startRecipe(
    caller: Caller,
    row: BackupConfigRow,
    recipe: { id: string },
    input: Record<string, unknown>,
    type: string,
    description: BackupEventDescriptionId,
    values: Record<string, string> = {},
    serverId = row.serverId,
  ) {
    const event = await events.startRecipe({
      userId: caller.id,
      serverId,
      recipeId: recipe.id,
      input,
      type,
      description: { id: description, values: { drive: await driveName(row), ...values } },
      modelId: row.id,
      modelType: BACKUP_MODEL_TYPE,
    });
    await announce(row.serverId, event.audience);
    return event;
  }

  /** The source fields of a restore onto another server: the config's drive and its secrets. */
  async function sourceOf(row: BackupConfigRow, serverId: number, targetServerId: number) {
    if (targetServerId === serverId) return {};
    const drive = await repository.findDrive(row.driveId);
    if (!drive) throw new ValidationError({ drive_id: [BACKUP_MESSAGES.driveNotFound] });
    return {
      source_server_id: serverId,
      ...(await driveRecipeInput(drive, { secretBox, repository })),
      password_hex: Buffer.from(
        secretBox.open(row.sealedRepositoryPassword, BACKUP_SECRET_PURPOSE.repositoryPassword),
        'utf8',
      ).toString('hex'),
    };
  }

  /** A snapshot's manifest.json, read on the backed-up server (the snapshot must be the config's). */
  function readManifest(serverId: number, configId: number, snapshotId: string): Promise<BackupManifest> {
    return dependencies.inventory.read(
      serverId,
      backupManifest,
      { config_id: configId, snapshot_id: snapshotId },
      parseBackupManifest,
    );
  }

  /**
   * kind `site` into a new site: the site as the snapshot recorded it (it may be deleted since),
   * its databases (the manifest's `site_id`; older snapshots: the config's live rows of the site).
   */
  async function restoreToNewSite(
    caller: Caller,
    serverId: number,
    row: BackupConfigRow,
    body: Extract<RestoreRequest, { kind: 'site' }>,
  ) {
    const targetServerId = body.target_server_id ?? serverId;
    const server = await dependencies.newSiteRestore.targetServer(caller, targetServerId);
    const manifest = await readManifest(serverId, row.id, body.snapshot_id);
    const recorded = manifest.sites.find((site) => site.id === body.site_id);
    if (!recorded) throw new ValidationError({ site_id: [BACKUP_MESSAGES.snapshotSiteNotFound] });
    const liveOfSite = manifest.databases.some((database) => database.site_id === undefined)
      ? (await repository.databasesOf(serverId, row.databaseIds)).filter(
          (database) => database.siteId === recorded.id,
        )
      : [];
    const databases: RecordedDatabase[] = body.with_database
      ? manifest.databases
          .filter(
            (database) =>
              database.ok &&
              (database.site_id === undefined
                ? liveOfSite.some((live) => live.name === database.name && live.type === database.engine)
                : database.site_id === recorded.id),
          )
          .map((database) => ({ engine: database.engine, name: database.name }))
      : [];
    const name = body.new_site?.name ?? recorded.name;
    const started = await dependencies.newSiteRestore.start(caller, {
      server,
      name,
      databases,
      restore: {
        kind: 'site',
        config_id: row.id,
        snapshot_id: body.snapshot_id,
        ...(await sourceOf(row, serverId, targetServerId)),
        source_root: recorded.root,
      },
      description: {
        id: 'restoreBackup',
        values: { drive: await driveName(row), what: name, snapshot: body.snapshot_id.slice(0, 8) },
      },
      configId: row.id,
    });
    await announce(row.serverId, started.event.audience);
    return {
      data: {
        id: started.event.id,
        site_id: started.site.id,
        databases: started.databases.map((database) => ({
          id: database.id,
          engine: database.type,
          name: database.name,
        })),
      },
    };
  }

  const configColumns = (body: BackupConfigInput) => ({
    driveId: body.drive_id,
    period: body.period,
    runAt: body.run_at,
    excludes: body.excludes,
    cycle: body.cycle,
    verify: body.verify,
    siteIds: body.site_ids,
    databaseIds: body.database_ids,
  });

  async function insertAndApply(
    caller: Caller,
    serverId: number,
    body: BackupConfigInput,
    type: string,
    description: BackupEventDescriptionId,
    values: Record<string, string> = {},
  ) {
    if (await repository.findConfigByDrive(serverId, body.drive_id)) {
      throw new ValidationError({ drive_id: [BACKUP_MESSAGES.duplicateDrive] });
    }
    const row = await repository.insertConfig({
      serverId,
      ...configColumns(body),
      status: 'creating',
      sealedRepositoryPassword: secretBox.seal(
        generateRepositoryPassword(),
        BACKUP_SECRET_PURPOSE.repositoryPassword,
      ),
    });
    try {
      await checkConfigureInput(dependencies, row);
      const event = await startApply(caller, row, type, description, values);
      return { data: { id: event.id, backup: row.id } };
    } catch (error) {
      await repository.removeConfig(row.id);
      throw error;
    }
  }

  async function presentRow(row: BackupConfigRow): Promise<BackupConfigItem> {
    const drive = (await repository.findDrive(row.driveId)) ?? { id: row.driveId, name: '', kind: 'local' };
    const [lastVerification] = await repository.listVerifications(row.id, 1);
    return presentConfig(row, { drive, lastHistory: await repository.lastHistory(row.id), lastVerification });
  }

  return {
    /** GET api/servers/{server}/backups: the server's configs with their last run and check. */
    async list(caller: Caller, serverId: number): Promise<{ data: BackupConfigItem[] }> {
      await policy.authorizeServer(caller, serverId, 'view');
      const rows = await repository.listConfigs(serverId);
      return { data: await Promise.all(rows.map(presentRow)) };
    },

    async create(caller: Caller, serverId: number, body: BackupConfigInput) {
      await policy.authorizeServer(caller, serverId, 'manage');
      await ownDrive(caller, body.drive_id);
      await checkTargets(serverId, body);
      return insertAndApply(caller, serverId, body, BACKUP_EVENT_TYPES.create, 'createBackup');
    },

    async update(caller: Caller, serverId: number, id: number, body: BackupConfigInput) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await findConfig(serverId, id);
      requireSettled(row);
      if (body.drive_id !== row.driveId) {
        await ownDrive(caller, body.drive_id);
        if (await repository.findConfigByDrive(serverId, body.drive_id)) {
          throw new ValidationError({ drive_id: [BACKUP_MESSAGES.duplicateDrive] });
        }
      }
      await checkTargets(serverId, body);
      const next: BackupConfigRow = { ...row, ...configColumns(body), status: 'updating' };
      await checkConfigureInput(dependencies, next);
      await repository.updateConfig(id, { ...configColumns(body), status: 'updating' });
      try {
        const event = await startApply(caller, next, BACKUP_EVENT_TYPES.update, 'updateBackup');
        return { data: { id: event.id, backup: id } };
      } catch (error) {
        await repository.updateConfig(id, { ...configColumns(toInput(row)), status: row.status });
        throw error;
      }
    },

    async remove(caller: Caller, serverId: number, id: number) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await findConfig(serverId, id);
      requireSettled(row);
      await repository.updateConfig(id, { status: 'deleting' });
      try {
        const event = await startRecipe(
          caller,
          row,
          backupRemove,
          { config_id: id },
          BACKUP_EVENT_TYPES.delete,
          'deleteBackup',
        );
        return { data: { id: event.id } };
      } catch (error) {
        await repository.updateConfig(id, { status: row.status });
        throw error;
      }
    },

    /** POST …/backups/{backup}/clone: the same drive and plan on another server (sites and databases by name). */
    async clone(caller: Caller, serverId: number, id: number, targetServerId: number) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await findConfig(serverId, id);
      await policy.authorizeServer(caller, targetServerId, 'manage');
      await ownDrive(caller, row.driveId);
      const sourceSites = await repository.sitesOf(serverId, row.siteIds);
      const sourceDatabases = await repository.databasesOf(serverId, row.databaseIds);
      const targetSites = await repository.sitesByName(
        targetServerId,
        sourceSites.map((site) => site.name),
      );
      const targetDatabases = (
        await repository.databasesByName(
          targetServerId,
          sourceDatabases.map((database) => database.name),
        )
      ).filter(
        (database) =>
          isBackupEngine(database.type) &&
          sourceDatabases.some((source) => source.name === database.name && source.type === database.type),
      );
      const body: BackupConfigInput = {
        ...toInput(row),
        site_ids: targetSites.map((site) => site.id),
        database_ids: targetDatabases.map((database) => database.id),
      };
      if (body.site_ids.length + body.database_ids.length === 0) {
        throw new ValidationError({ server_id: [BACKUP_MESSAGES.nothingToBackUp] });
      }
      return insertAndApply(caller, targetServerId, body, BACKUP_EVENT_TYPES.clone, 'cloneBackup', {
        source: String(serverId),
      });
    },

    /** POST api/servers/{server}/sync-backup-configuration: rewrite every config, read back the runs. */
    async sync(caller: Caller, serverId: number) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const event = await events.startTask({
        userId: caller.id,
        serverId,
        task: BACKUP_TASKS.sync,
        input: { server_id: serverId },
        type: BACKUP_EVENT_TYPES.sync,
        description: { id: 'syncBackups', values: {} },
        modelType: BACKUP_MODEL_TYPE,
      });
      await announce(serverId, event.audience);
      return { data: { id: event.id } };
    },

    /** POST …/backups/{backup}/run: "Backup now" (the whole config, one site, or one database). */
    async run(
      caller: Caller,
      serverId: number,
      id: number,
      body: { site_id?: number | undefined; database_id?: number | undefined },
    ) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await findConfig(serverId, id);
      requireSettled(row);
      const input: Record<string, unknown> = { config_id: id };
      if (body.site_id !== undefined) {
        if (!row.siteIds.includes(body.site_id))
          throw new ValidationError({ site_id: [BACKUP_MESSAGES.siteNotFound] });
        input.site_id = body.site_id;
      }
      if (body.database_id !== undefined) {
        const [database] = row.databaseIds.includes(body.database_id)
          ? await repository.databasesOf(serverId, [body.database_id])
          : [];
        if (!database || !isBackupEngine(database.type)) {
          throw new ValidationError({ database_id: [BACKUP_MESSAGES.databaseNotFound] });
        }
        input.database_engine = database.type;
        input.database_name = database.name;
      }
      const event = await startRecipe(caller, row, backupRun, input, BACKUP_EVENT_TYPES.run, 'runBackup');
      await repository.insertHistory({
        configId: id,
        serverId,
        eventId: event.id,
        trigger: 'manual',
        state: 'running',
        startedAt: new Date(),
      });
      return { data: { id: event.id } };
    },

    /** POST …/backups/{backup}/verify: restic check, a test restore, the manifest compared. */
    async verify(caller: Caller, serverId: number, id: number, body: VerifyRequest) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await findConfig(serverId, id);
      requireSettled(row);
      const event = await startRecipe(
        caller,
        row,
        backupVerify,
        {
          config_id: id,
          read_data: body.full ? 'full' : 'subset',
          ...(body.snapshot_id ? { snapshot_id: body.snapshot_id } : {}),
        },
        BACKUP_EVENT_TYPES.verify,
        'verifyBackup',
      );
      return { data: { id: event.id } };
    },

    /** POST …/backups/{backup}/restore: a site, a database or files, from one snapshot. */
    async restore(caller: Caller, serverId: number, id: number, body: RestoreRequest) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await findConfig(serverId, id);
      requireSettled(row);
      if (body.kind === 'site' && body.new_site) return restoreToNewSite(caller, serverId, row, body);
      const base = { config_id: id, snapshot_id: body.snapshot_id };
      let input: BackupRestoreInput;
      let what: string;
      let targetServerId = serverId;
      if (body.kind === 'database') {
        const [database] = row.databaseIds.includes(body.database_id)
          ? await repository.databasesOf(serverId, [body.database_id])
          : [];
        if (!database || !isBackupEngine(database.type)) {
          throw new ValidationError({ database_id: [BACKUP_MESSAGES.databaseNotFound] });
        }
        let target: { target: string; replace: boolean };
        if (body.new_name) target = { target: body.new_name, replace: false };
        else if (body.confirm_name !== undefined) {
          if (body.confirm_name !== database.name)
            throw new ValidationError({ confirm_name: [BACKUP_MESSAGES.restoreConfirm] });
          target = { target: database.name, replace: true };
        } else throw new ValidationError({ new_name: [BACKUP_MESSAGES.restoreTarget] });
        input = {
          ...base,
          kind: 'database',
          databases: [{ engine: database.type, name: database.name, ...target }],
        };
        what = database.name;
      } else {
        if (!row.siteIds.includes(body.site_id))
          throw new ValidationError({ site_id: [BACKUP_MESSAGES.siteNotFound] });
        const [site] = await repository.sitesOf(serverId, [body.site_id]);
        if (!site) throw new ValidationError({ site_id: [BACKUP_MESSAGES.siteNotFound] });
        what = site.name;
        if (body.kind === 'files') {
          input = {
            ...base,
            kind: 'files',
            source_root: siteHome(site),
            target_root: siteHome(site),
            linux_user: site.linuxUser,
            paths: body.paths,
          };
        } else {
          targetServerId = body.target_server_id ?? serverId;
          if (targetServerId !== serverId) await policy.authorizeServer(caller, targetServerId, 'manage');
          const targetSiteId = body.target_site_id ?? (targetServerId === serverId ? site.id : undefined);
          const [targetSite] =
            targetSiteId === undefined ? [] : await repository.sitesOf(targetServerId, [targetSiteId]);
          if (!targetSite) throw new ValidationError({ target_site_id: [BACKUP_MESSAGES.siteNotFound] });
          const databases = body.with_database
            ? (await repository.databasesOf(serverId, row.databaseIds))
                .filter((database) => database.siteId === site.id && isBackupEngine(database.type))
                .map((database) => ({
                  engine: database.type as 'mariadb',
                  name: database.name,
                  target: database.name,
                  replace: true,
                }))
            : [];
          const source = await sourceOf(row, serverId, targetServerId);
          input = {
            ...base,
            kind: 'site',
            ...source,
            source_root: siteHome(site),
            target_root: siteHome(targetSite),
            linux_user: targetSite.linuxUser,
            databases,
          };
        }
      }
      const event = await startRecipe(
        caller,
        row,
        backupRestore,
        input,
        BACKUP_EVENT_TYPES.restore,
        'restoreBackup',
        { what, snapshot: body.snapshot_id.slice(0, 8) },
        targetServerId,
      );
      return { data: { id: event.id } };
    },

    /** GET …/backups/{backup}/snapshots: read from the repository, newest first. */
    async snapshots(caller: Caller, serverId: number, id: number): Promise<{ data: BackupSnapshot[] }> {
      await policy.authorizeServer(caller, serverId, 'view');
      await findConfig(serverId, id);
      const list = await dependencies.inventory.read(
        serverId,
        backupSnapshots,
        { config_id: id },
        parseBackupSnapshots,
      );
      return {
        data: list.map((snapshot) => ({
          id: snapshot.id,
          short_id: snapshot.shortId,
          time: snapshot.time,
          tags: snapshot.tags,
          paths: snapshot.paths,
          size_bytes: null,
        })),
      };
    },

    /** GET …/backups/{backup}/snapshots/{snapshot}: what the snapshot holds, from its manifest. */
    async snapshot(
      caller: Caller,
      serverId: number,
      id: number,
      snapshotId: string,
    ): Promise<{ data: BackupSnapshotContents }> {
      await policy.authorizeServer(caller, serverId, 'view');
      await findConfig(serverId, id);
      const manifest = await readManifest(serverId, id, snapshotId);
      const live = await repository.sitesOf(
        serverId,
        manifest.sites.map((site) => site.id),
      );
      return {
        data: {
          snapshot_id: snapshotId,
          created_at: manifest.created_at,
          sites: manifest.sites.map((site) => ({
            id: site.id,
            name: site.name,
            root: site.root,
            files: site.files,
            bytes: site.bytes,
            live: live.some((row) => row.id === site.id && row.name === site.name),
          })),
          databases: manifest.databases.map((database) => ({
            engine: database.engine,
            name: database.name,
            ok: database.ok,
            site_id: database.site_id ?? null,
          })),
        },
      };
    },

    /** POST …/backups/{backup}/download: an archive of one site or database of a snapshot, prepared as an event. */
    async download(caller: Caller, serverId: number, id: number, body: DownloadRequest) {
      await policy.authorizeServer(caller, serverId, 'manage');
      const row = await findConfig(serverId, id);
      let path: string;
      let what: string;
      if (body.site_id !== undefined) {
        const [site] = row.siteIds.includes(body.site_id)
          ? await repository.sitesOf(serverId, [body.site_id])
          : [];
        if (!site) throw new ValidationError({ site_id: [BACKUP_MESSAGES.siteNotFound] });
        path = siteHome(site);
        what = site.name;
      } else {
        const [database] = row.databaseIds.includes(body.database_id!)
          ? await repository.databasesOf(serverId, [body.database_id!])
          : [];
        if (!database) throw new ValidationError({ database_id: [BACKUP_MESSAGES.databaseNotFound] });
        // The dump's place inside every snapshot (docs/backups.md, staging).
        path = `/var/lib/hostdeck/backups/${id}/staging/databases/${database.type}/${database.name}.sql`;
        what = database.name;
      }
      const event = await startRecipe(
        caller,
        row,
        backupDownload,
        { config_id: id, snapshot_id: body.snapshot_id, path },
        BACKUP_EVENT_TYPES.download,
        'downloadBackup',
        { what, snapshot: body.snapshot_id.slice(0, 8) },
      );
      return { data: { id: event.id } };
    },

    /** POST …/backups/{backup}/download-link: the single-use agent link of a prepared archive. */
    async downloadLink(caller: Caller, serverId: number, id: number, file: string) {
      await policy.authorizeServer(caller, serverId, 'manage');
      await findConfig(serverId, id);
      // Only this config's archives (backup-<config>-…), so another config's file is not reachable.
      if (!BACKUP_DOWNLOAD_FILE_PATTERN.test(file) || !file.startsWith(`backup-${id}-`)) {
        throw new ValidationError({ file: [BACKUP_MESSAGES.downloadExpired] });
      }
      const url = await dependencies.downloadLink(serverId, `${DOWNLOAD_FOLDER}/${file}`);
      if (!url) throw new ValidationError({ file: [BACKUP_MESSAGES.agentMissing] });
      return { data: { url } };
    },

    /** GET …/backups/{backup}/verifications: the config's checks, newest first. */
    async verifications(caller: Caller, serverId: number, id: number) {
      await policy.authorizeServer(caller, serverId, 'view');
      await findConfig(serverId, id);
      return { data: (await repository.listVerifications(id)).map(presentVerification) };
    },

    /** GET api/servers/{server}/backup-histories. */
    async histories(
      caller: Caller,
      serverId: number,
      query: { page: number; itemsPerPage: number; state?: string | undefined },
    ) {
      await policy.authorizeServer(caller, serverId, 'view');
      const { rows, total } = await repository.historiesOfServer(
        serverId,
        query.page,
        query.itemsPerPage,
        query.state,
      );
      return paginate({
        data: rows.map(presentHistory),
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: `/api/servers/${serverId}/backup-histories`,
      });
    },

    /** GET api/backups: every history of the servers the caller sees (filters state, server). */
    async all(
      caller: Caller,
      query: { page: number; itemsPerPage: number; state?: string | undefined; server?: number | undefined },
    ) {
      const { rows, total } = await repository.historiesVisibleTo(caller.id, query.page, query.itemsPerPage, {
        ...(query.state ? { state: query.state } : {}),
        ...(query.server ? { server: query.server } : {}),
      });
      return paginate({
        data: rows.map(presentHistory),
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: '/api/backups',
      });
    },
  };
}
export type BackupsService = ReturnType<typeof createBackupsService>;

/** A stored config as a request (clone, and putting a row back after a refused start). */
function toInput(row: BackupConfigRow): BackupConfigInput {
  return {
    drive_id: row.driveId,
    period: row.period as BackupConfigInput['period'],
    run_at: row.runAt,
    excludes: row.excludes,
    cycle: row.cycle,
    verify: row.verify as BackupConfigInput['verify'],
    site_ids: row.siteIds,
    database_ids: row.databaseIds,
  };
}
