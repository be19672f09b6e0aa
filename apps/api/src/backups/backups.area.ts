import { UPDATE_KEYS } from '@hostdeck/contracts';
import { BACKUP_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/backups';
import { backupRecipes } from '@hostdeck/recipes/backups';
import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { createBackupCallbackService } from './backup-callback.service.js';
import { createBackupDownloadLinks } from './backup-download-link.js';
import { createBackupDrivesService } from './backup-drives.service.js';
import { alertBackupRun, registerBackupEventHandlers, registerBackupTasks } from './backup-events.js';
import { recordMissedRuns, startMissedRunCheck } from './backup-missed.js';
import { createBackupTokens } from './backup-token.js';
import { startDueVerifications } from './backup-verify-schedule.js';
import { backupsRoutes } from './backups.routes.js';
import { createBackupsRepository } from './backups.repository.js';
import { createBackupsService } from './backups.service.js';
import { createNewSiteRestore, registerNewSiteRestore } from './restore-new-site.js';
import { backupsVi } from './backups.vi.js';

/**
 * Backups (issue 20, docs/backups.md): restic on the server, drives of the user (S3, SFTP, another
 * server, a local folder), configs per server, honest histories (never `succeeded` without the
 * run's own result and a snapshot id), verifications that raise an alert and a mail when they fail,
 * `missed` rows for planned runs nothing recorded, and the public callback of cron runs.
 */
export const backupsArea = defineArea({
  name: 'backups',
  services: (panel) => {
    const repository = createBackupsRepository(panel.db);
    const tokens = createBackupTokens(panel.config.appKey);
    const plan = { repository, secretBox: panel.secretBox, tokens, appUrl: panel.config.appUrl };
    const backups = createBackupsService({
      ...plan,
      policy: panel.policy,
      events: panel.events,
      inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
      publish: panel.publish,
      newSiteRestore: createNewSiteRestore({
        db: panel.db,
        servers: panel.servers,
        policy: panel.policy,
        events: panel.events,
      }),
      downloadLink: createBackupDownloadLinks({
        db: panel.db,
        servers: panel.servers,
        signer: panel.agentSigner,
      }),
    });
    const eventDependencies = {
      ...plan,
      events: panel.events,
      mailer: panel.mailer,
      brand: panel.config.brand,
      alerts: panel.alerts,
      log: (message: string, details: Record<string, unknown>) => panel.appLog.warn(details, message),
    };
    return {
      backupRepository: repository,
      backupEventDependencies: eventDependencies,
      backups,
      backupDrives: createBackupDrivesService({
        policy: panel.policy,
        repository,
        events: panel.events,
        secretBox: panel.secretBox,
        probeServerOf: (userId, except) => repository.firstInstalledServerOf(userId, except),
      }),
      backupCallback: createBackupCallbackService({
        repository,
        tokens,
        usersWithServerAccess: panel.policy.usersWithServerAccess,
        publish: panel.publish,
        afterSuccess: async (config) => {
          if (config.verify !== 'after-backup') return;
          const server = await repository.serverWithOwner(config.serverId);
          if (!server) return;
          await backups.verify({ id: server.userId }, config.serverId, config.id, { full: false });
        },
        afterProblem: (config, columns) =>
          alertBackupRun({ repository, alerts: panel.alerts }, config.serverId, config, columns),
      }),
    };
  },
  routes: backupsRoutes,
  tasks: (hooks, { backupEventDependencies, db }) => {
    registerBackupTasks(hooks, backupEventDependencies);
    // A restore into a new site: its task and its end (site and database rows settled).
    registerNewSiteRestore(hooks, { db });
  },
  onFinished: (hooks, { backupEventDependencies }) =>
    registerBackupEventHandlers(hooks, backupEventDependencies),
  // Every 15 minutes: planned runs nothing recorded become `missed`; due verifications start.
  schedules: (app, { backupRepository, backups, policy, publish }) =>
    startMissedRunCheck(app, async (now) => {
      await recordMissedRuns(
        { repository: backupRepository, usersWithServerAccess: policy.usersWithServerAccess, publish },
        now,
      );
      await startDueVerifications(
        {
          repository: backupRepository,
          verify: (ownerId, serverId, configId) =>
            backups.verify({ id: ownerId }, serverId, configId, { full: false }),
          log: (message, details) => app.log.warn(details, message),
        },
        now,
      );
    }),
  updateKeys: [UPDATE_KEYS.backupHistories],
  recipes: backupRecipes,
  eventDescriptions: BACKUP_EVENT_DESCRIPTIONS,
  messages: backupsVi,
});
