import { UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import { BACKUP_MESSAGES, type BackupRunResult } from '@hostdeck/contracts/backups';
import { NotFoundError, UnauthenticatedError, ValidationError } from '../domain/errors.js';
import { historyColumnsOf } from './backup-results.js';
import { bearerToken, type BackupTokens } from './backup-token.js';
import type { BackupConfigRow, BackupsRepository } from './backups.repository.js';

export interface BackupCallbackDependencies {
  repository: BackupsRepository;
  tokens: BackupTokens;
  usersWithServerAccess(serverId: number): Promise<number[]>;
  publish(userIds: readonly number[], keys: readonly UpdateKey[]): void;
  /** Starts the verification a config asks for after each successful backup (as the server's owner). */
  afterSuccess(config: BackupConfigRow): Promise<void>;
  /** A cron run that failed or was partial: its notification (backup-events.ts alertBackupRun). */
  afterProblem(config: BackupConfigRow, columns: { state: string; error?: string | null }): Promise<void>;
}

const UPDATE: readonly UpdateKey[] = [UPDATE_KEYS.backupHistories];

/**
 * The public backup endpoints (spec/000 §7): a server's cron run posts its result, and a server may
 * read its run script. Both are authenticated by the server's own callback token (Bearer), whose
 * SHA-256 is compared in constant time with the stored one; a missing or wrong token, or another
 * server's, answers 401 and changes nothing.
 */
export function createBackupCallbackService(dependencies: BackupCallbackDependencies) {
  const { repository, tokens } = dependencies;

  async function authorize(header: string | undefined, serverId: number) {
    const token = bearerToken(header);
    const row = token ? await repository.findToken(serverId) : undefined;
    if (!token || !row || !tokens.matches(token, row.tokenHash)) throw new UnauthenticatedError();
  }

  /** A config the token's server owns; another server's config answers 401 like a wrong token. */
  async function configFor(header: string | undefined, configId: number, serverId?: number) {
    const config = await repository.findConfig(configId);
    if (!config || (serverId !== undefined && config.serverId !== serverId)) {
      // Checked before answering, so a wrong id and a wrong token look alike to a guesser.
      if (serverId !== undefined) await authorize(header, serverId);
      throw new UnauthenticatedError();
    }
    await authorize(header, config.serverId);
    return config;
  }

  return {
    /** POST api/backup-history: one cron run's result.json. Recorded once (config, trigger, start). */
    async record(header: string | undefined, body: BackupRunResult, queryConfig?: number) {
      const configId = body.config_id ?? queryConfig;
      if (configId === undefined) {
        if (!bearerToken(header)) throw new UnauthenticatedError();
        throw new ValidationError({ config_id: [BACKUP_MESSAGES.notFound] });
      }
      const config = await configFor(header, configId);
      const columns = historyColumnsOf(body, true, new Date());
      const row = await repository.insertHistory({
        configId: config.id,
        serverId: config.serverId,
        trigger: 'cron',
        ...columns,
      });
      if (row) {
        dependencies.publish(await dependencies.usersWithServerAccess(config.serverId), UPDATE);
        // Best effort: the run is recorded whatever happens to the check it asks for.
        if (row.state === 'succeeded') await dependencies.afterSuccess(config).catch(() => undefined);
        else await dependencies.afterProblem(config, columns).catch(() => undefined);
      }
      return { data: { id: row?.id ?? 0 } };
    },

    /** GET api/servers/{server}/backups/{backup}/script: what the server's cron line runs. */
    async script(header: string | undefined, serverId: number, configId: number) {
      const config = await configFor(header, configId, serverId);
      if (!config) throw new NotFoundError(BACKUP_MESSAGES.notFound);
      return { data: { script: backupRunScript(config) } };
    },
  };
}
export type BackupCallbackService = ReturnType<typeof createBackupCallbackService>;

/** The script of a config's cron line (/etc/cron.d/hostdeck-backup-<id>): the panel's run script. */
export function backupRunScript(config: Pick<BackupConfigRow, 'id'>): string {
  return [
    '#!/bin/sh',
    `# HostDeck backup ${config.id}: what /etc/cron.d/hostdeck-backup-${config.id} runs.`,
    '# The run writes /var/lib/hostdeck/backups/<id>/runs/<start>/result.json and posts it to the panel.',
    `exec /usr/local/lib/hostdeck/backup-run ${config.id} cron`,
    '',
  ].join('\n');
}
