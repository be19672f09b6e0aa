import type { FastifyInstance } from 'fastify';
import { UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import { BACKUP_MESSAGES } from '@hostdeck/contracts/backups';
import { lastPlannedRun, MISSED_GRACE_MS } from './backup-schedule.js';
import type { BackupsRepository } from './backups.repository.js';

/** How often the panel looks for planned runs nothing recorded. */
export const MISSED_CHECK_INTERVAL_MS = 15 * 60 * 1000;
export const MISSED_CHECK_FIRST_MS = 3 * 60 * 1000;
/** A run may start a little before its minute is read back (clock skew between panel and server). */
const EARLY_MS = 5 * 60 * 1000;

/**
 * Records a `missed` history for every active config whose last planned run (plus 2 hours of
 * grace) passed with no run recorded since: a backup that silently stopped shows as missed rather
 * than as the last success. Once per planned time (the histories' unique index).
 */
export async function recordMissedRuns(
  dependencies: {
    repository: BackupsRepository;
    usersWithServerAccess(serverId: number): Promise<number[]>;
    publish(userIds: readonly number[], keys: readonly UpdateKey[]): void;
  },
  now: Date,
): Promise<number> {
  const { repository } = dependencies;
  let recorded = 0;
  for (const config of await repository.listActiveConfigs()) {
    const planned = lastPlannedRun(
      config.period,
      config.runAt,
      new Date(now.getTime() - MISSED_GRACE_MS),
      config.timeZone,
    );
    if (planned.getTime() < config.createdAt.getTime()) continue;
    if (await repository.hasHistorySince(config.id, new Date(planned.getTime() - EARLY_MS))) continue;
    const row = await repository.insertHistory({
      configId: config.id,
      serverId: config.serverId,
      trigger: 'missed',
      state: 'missed',
      startedAt: planned,
      error: BACKUP_MESSAGES.missed,
    });
    if (!row) continue;
    recorded += 1;
    dependencies.publish(await dependencies.usersWithServerAccess(config.serverId), [
      UPDATE_KEYS.backupHistories,
    ]);
  }
  return recorded;
}

/** The timer of the missed check (as free-domain-cleanup.ts): started on ready, cleared on close. */
export function startMissedRunCheck(app: FastifyInstance, check: (now: Date) => Promise<unknown>) {
  const timers: NodeJS.Timeout[] = [];
  let running = false;
  const pass = () => {
    if (running) return;
    running = true;
    check(new Date())
      .catch((error: unknown) => app.log.error({ err: error }, 'backup missed-run check failed'))
      .finally(() => {
        running = false;
      });
  };
  app.addHook('onReady', async () => {
    timers.push(setTimeout(pass, MISSED_CHECK_FIRST_MS).unref());
    timers.push(setInterval(pass, MISSED_CHECK_INTERVAL_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
