import { EVENT_STATUS, UPDATE_KEYS, type Locale, type UpdateKey } from '@hostdeck/contracts';
import {
  BACKUP_DRIVE_MODEL_TYPE,
  BACKUP_EVENT_TYPES,
  BACKUP_MESSAGES,
  BACKUP_MODEL_TYPE,
} from '@hostdeck/contracts/backups';
import {
  backupConfigure,
  backupInstall,
  backupRuns,
  backupVerify,
  parseBackupProbe,
  parseBackupRunResult,
  parseBackupRuns,
  parseBackupVerifyOutput,
} from '@hostdeck/recipes/backups';
import type { EventsService } from '../events/events.service.js';
import type { EventRow } from '../events/events.repository.js';
import type { Alerts } from '../alerts/alerts.port.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import type { Mailer } from '../mail/mailer.js';
import { translate } from '../i18n/translate.js';
import { registerBackupDriveTasks, settleDriveAuthorization } from './backup-drive-server.js';
import { configureInputOf, type BackupPlanDependencies } from './backup-plan.js';
import { driveSettingsOf } from './backup-presenter.js';
import { historyColumnsOf } from './backup-results.js';
import { BACKUP_TASKS } from './backup-tasks.js';
import type { BackupConfigRow, BackupsRepository } from './backups.repository.js';

const UPDATE: readonly UpdateKey[] = [UPDATE_KEYS.backupHistories];

export interface BackupEventDependencies extends BackupPlanDependencies {
  events: Pick<EventsService, 'startRecipe' | 'startTask'>;
  mailer: Pick<Mailer, 'send'>;
  brand: string;
  log?: (message: string, details: Record<string, unknown>) => void;
  /** Notifications: backup failed or partial, verification failed (docs/alerts.md); absent in unit tests. */
  alerts?: Pick<Alerts, 'notify'>;
}

/** `backup.failed` / `backup.partial` for a run that ended so (a succeeded run tells nobody). */
export async function alertBackupRun(
  dependencies: Pick<BackupEventDependencies, 'repository' | 'alerts'>,
  serverId: number,
  config: BackupConfigRow | null | undefined,
  columns: { state: string; error?: string | null },
) {
  if (columns.state !== 'failed' && columns.state !== 'partial') return;
  const drive = config ? await dependencies.repository.findDrive(config.driveId) : null;
  await dependencies.alerts?.notify({
    type: columns.state === 'failed' ? 'backup.failed' : 'backup.partial',
    subject: { serverId },
    facts: {
      backup: drive?.name ?? (config ? `#${config.id}` : ''),
      ...(columns.error ? { detail: columns.error.slice(0, 300) } : {}),
    },
  });
}

const tail = (text: string, length = 1000) => (text.length > length ? `…${text.slice(-length)}` : text);

/**
 * The panel tasks: apply (install restic, write the config), sync (every config, then the runs)
 * and a `server` drive's authorize on its target (backup-drive-server.ts).
 */
export function registerBackupTasks(
  hooks: Pick<EventHooks, 'registerTask'>,
  dependencies: BackupEventDependencies,
) {
  const { repository } = dependencies;
  registerBackupDriveTasks(hooks, dependencies);
  hooks.registerTask(BACKUP_TASKS.apply, async ({ input, runRecipe }) => {
    const configId = (input as { config_id: number }).config_id;
    const config = await repository.findConfig(configId);
    if (!config) throw new Error(BACKUP_MESSAGES.notFound);
    await runRecipe(backupInstall, {});
    await runRecipe(backupConfigure, await configureInputOf(dependencies, config));
  });
  hooks.registerTask(BACKUP_TASKS.sync, async ({ input, runRecipe, write }) => {
    const serverId = (input as { server_id: number }).server_id;
    const configs = (await repository.listConfigs(serverId)).filter((config) => config.status !== 'deleting');
    if (configs.length === 0) return;
    await runRecipe(backupInstall, {});
    for (const config of configs) {
      await runRecipe(backupConfigure, await configureInputOf(dependencies, config));
      await repository.updateConfig(config.id, { status: 'active' });
      const imported = await importRuns(
        repository,
        config,
        await runRecipe(backupRuns, { config_id: config.id }),
      );
      write(`config ${config.id}: ${imported} run(s) recorded\n`);
    }
  });
}

/** Records the cron runs a server kept (`backup-runs`) that the panel has not seen; answers how many. */
export async function importRuns(repository: BackupsRepository, config: BackupConfigRow, stdout: string) {
  let imported = 0;
  for (const run of parseBackupRuns(stdout)) {
    // Manual runs are recorded by their events; a run without a result has not ended.
    if (!run.result || run.result.trigger !== 'cron' || run.result.config_id !== config.id) continue;
    const columns = historyColumnsOf(run.result, true, new Date(run.start * 1000));
    const row = await repository.insertHistory({
      configId: config.id,
      serverId: config.serverId,
      trigger: 'cron',
      ...columns,
    });
    if (row) imported += 1;
  }
  return imported;
}

/** Mails the server's owner that a verification failed (the config also shows an alert). */
export async function sendVerificationAlert(
  dependencies: Pick<BackupEventDependencies, 'repository' | 'mailer' | 'brand' | 'appUrl'>,
  config: BackupConfigRow,
  problems: readonly string[],
) {
  const server = await dependencies.repository.serverWithOwner(config.serverId);
  if (!server) return;
  const drive = await dependencies.repository.findDrive(config.driveId);
  const locale = (server.ownerLocale === 'vi' ? 'vi' : 'en') as Locale;
  const t = (message: string, parameters: Record<string, string> = {}) =>
    translate(locale, message, parameters);
  const subject = `${t(BACKUP_MESSAGES.verificationFailed, { name: drive?.name ?? '', server: server.name })} - ${dependencies.brand}`;
  const url = `${dependencies.appUrl.replace(/\/+$/, '')}/servers/${server.id}/backup`;
  const lines = problems.slice(0, 20).map((problem) => `- ${problem}`);
  const text = [
    t(BACKUP_MESSAGES.verificationFailedIntro),
    '',
    t(BACKUP_MESSAGES.verificationProblems),
    ...lines,
    '',
    `${t(BACKUP_MESSAGES.verificationAction)}: ${url}`,
  ].join('\n');
  const escape = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = [
    `<p>${escape(t(BACKUP_MESSAGES.verificationFailedIntro))}</p>`,
    `<p>${escape(t(BACKUP_MESSAGES.verificationProblems))}</p>`,
    `<ul>${problems
      .slice(0, 20)
      .map((problem) => `<li>${escape(problem)}</li>`)
      .join('')}</ul>`,
    `<p><a href="${escape(url)}">${escape(t(BACKUP_MESSAGES.verificationAction))}</a></p>`,
  ].join('\n');
  await dependencies.mailer.send({ to: server.ownerEmail, subject, text, html });
}

/**
 * Settles what a `backup_*` event was about (docs/events.md): a config becomes active or failed,
 * or is removed; a run's history gets its honest state from the run's own `result` line; a
 * verification is recorded and, failed, raises the config's alert and mails the owner; a probe
 * marks the drive checked (pinning the SFTP host key it saw) or says why not; a `server` drive's
 * authorize leads to its probe or marks it failed; a key removal settles nothing.
 */
export function registerBackupEventHandlers(
  hooks: Pick<EventHooks, 'onFinished'>,
  dependencies: BackupEventDependencies,
) {
  const { repository } = dependencies;

  async function startVerifyAfterBackup(config: BackupConfigRow, userId: number | null) {
    if (config.verify !== 'after-backup' || userId === null) return;
    try {
      await dependencies.events.startRecipe({
        userId,
        serverId: config.serverId,
        recipeId: backupVerify.id,
        input: { config_id: config.id, read_data: 'subset' },
        type: BACKUP_EVENT_TYPES.verify,
        description: {
          id: 'verifyBackup',
          values: { drive: (await repository.findDrive(config.driveId))?.name ?? '' },
        },
        modelId: config.id,
        modelType: BACKUP_MODEL_TYPE,
      });
    } catch (error) {
      dependencies.log?.('backup verification could not start', { config: config.id, error: String(error) });
    }
  }

  hooks.onFinished('backup_', async (event: EventRow) => {
    const passed = event.status === EVENT_STATUS.finished;
    if (event.modelType === BACKUP_DRIVE_MODEL_TYPE && event.modelId !== null) {
      if (event.type === BACKUP_EVENT_TYPES.revokeDrive) return UPDATE;
      const drive = await repository.findDrive(event.modelId);
      if (!drive) return UPDATE;
      if (event.type === BACKUP_EVENT_TYPES.authorizeDrive) {
        await settleDriveAuthorization(dependencies, event, drive, passed);
        return UPDATE;
      }
      let probe: ReturnType<typeof parseBackupProbe> | null = null;
      try {
        // The event's output also holds the runner's step titles (`==> …`) and stderr: only the
        // probe's own lines are its result.
        const lines = (event.output ?? '')
          .split('\n')
          .filter((line) => line.startsWith('hostkey\t') || line.startsWith('probe\t'));
        probe = passed ? parseBackupProbe(lines.join('\n')) : null;
      } catch {
        probe = null;
      }
      if (!probe) {
        await repository.updateDrive(drive.id, {
          checkedAt: new Date(),
          checkError: BACKUP_MESSAGES.probeFailed,
        });
        return UPDATE;
      }
      const settings = driveSettingsOf(drive);
      const pin =
        (drive.kind === 'sftp' || drive.kind === 'server') && !settings.host_key && probe.hostKeys[0];
      await repository.updateDrive(drive.id, {
        checkedAt: new Date(),
        checkError: null,
        ...(pin ? { settings: { ...settings, host_key: probe.hostKeys[0] } } : {}),
      });
      return UPDATE;
    }
    if (event.modelType !== BACKUP_MODEL_TYPE || event.serverId === null) return UPDATE;
    if (event.type === BACKUP_EVENT_TYPES.sync || event.modelId === null) return UPDATE;
    const config = await repository.findConfig(event.modelId);
    switch (event.type) {
      case BACKUP_EVENT_TYPES.create:
      case BACKUP_EVENT_TYPES.update:
      case BACKUP_EVENT_TYPES.clone:
        if (config) await repository.updateConfig(config.id, { status: passed ? 'active' : 'failed' });
        break;
      case BACKUP_EVENT_TYPES.delete:
        if (config && passed) await repository.removeConfig(config.id);
        else if (config) await repository.updateConfig(config.id, { status: 'active' });
        break;
      case BACKUP_EVENT_TYPES.run: {
        let result: ReturnType<typeof parseBackupRunResult> | null = null;
        try {
          result = parseBackupRunResult(event.output);
        } catch {
          result = null;
        }
        // Another config's result (a stale line) proves nothing about this run.
        if (result && result.config_id !== event.modelId) result = null;
        const history = await repository.findHistoryByEvent(event.id);
        const columns = historyColumnsOf(result, passed, history?.startedAt ?? event.createdAt);
        if (!result && !passed && event.output) columns.error = tail(event.output, 2000);
        if (history) await repository.updateHistory(history.id, columns);
        else {
          await repository.insertHistory({
            configId: config?.id ?? null,
            serverId: event.serverId,
            eventId: event.id,
            trigger: 'manual',
            ...columns,
          });
        }
        if (config && columns.state === 'succeeded') await startVerifyAfterBackup(config, event.userId);
        await alertBackupRun(dependencies, event.serverId, config, columns);
        break;
      }
      case BACKUP_EVENT_TYPES.verify: {
        if (!config) break;
        const result = parseBackupVerifyOutput(event.output);
        const ok = passed && result?.ok === true;
        const problems = result?.problems.length
          ? result.problems
          : ok
            ? []
            : [BACKUP_MESSAGES.noVerifyResult];
        await repository.insertVerification({
          configId: config.id,
          snapshotId: result?.snapshot_id ?? null,
          ok,
          problems,
          eventId: event.id,
        });
        await repository.updateConfig(config.id, { alert: !ok });
        if (!ok) {
          await dependencies.alerts?.notify({
            type: 'backup.verification_failed',
            subject: { serverId: config.serverId },
            facts: {
              backup: (await repository.findDrive(config.driveId))?.name ?? `#${config.id}`,
              detail: problems.slice(0, 3).join('; ').slice(0, 300),
            },
          });
          try {
            await sendVerificationAlert(dependencies, config, problems);
          } catch (error) {
            dependencies.log?.('backup alert mail failed', { config: config.id, error: String(error) });
          }
        }
        break;
      }
      default:
        break;
    }
    return UPDATE;
  });
}
