import type { BackupVerifyMode } from '@hostdeck/contracts/backups';
import type { BackupsRepository } from './backups.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How often a config's backups are checked on their own schedule (`verify`: daily or weekly). */
export const VERIFY_INTERVAL_MS: Partial<Record<BackupVerifyMode, number>> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
};

/**
 * Starts the verifications that are due (issue 20 §4, "on its own schedule"): for each active config
 * whose `verify` is daily or weekly, that has a snapshot, and whose last verification started longer
 * ago than its interval (or never), one `backup_verify` event as the server's owner. A start the
 * service refuses (the config busy, the server gone) is logged and tried at the next pass.
 */
export async function startDueVerifications(
  dependencies: {
    repository: Pick<
      BackupsRepository,
      'listActiveConfigs' | 'lastVerifyStartedAt' | 'hasSnapshot' | 'serverWithOwner'
    >;
    verify(ownerId: number, serverId: number, configId: number): Promise<unknown>;
    log(message: string, details: Record<string, unknown>): void;
  },
  now: Date,
): Promise<number> {
  const { repository } = dependencies;
  let started = 0;
  for (const config of await repository.listActiveConfigs()) {
    const interval = VERIFY_INTERVAL_MS[config.verify as BackupVerifyMode];
    if (interval === undefined) continue;
    const last = await repository.lastVerifyStartedAt(config.id);
    if (last && now.getTime() - last.getTime() < interval) continue;
    if (!(await repository.hasSnapshot(config.id))) continue;
    const server = await repository.serverWithOwner(config.serverId);
    if (!server) continue;
    try {
      await dependencies.verify(server.userId, config.serverId, config.id);
      started += 1;
    } catch (error) {
      dependencies.log('a scheduled backup verification could not start', {
        config: config.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return started;
}
