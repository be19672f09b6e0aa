import { BACKUP_MESSAGES } from '@hostdeck/contracts/backups';
import {
  BACKUP_DATABASE_ENGINES,
  backupConfigureInputSchema,
  panelUrlSchema,
  toSecretHex,
  type BackupConfigureInput,
} from '@hostdeck/recipes/backups';
import { ValidationError } from '../domain/errors.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { siteHome } from '../sites/site-presenter.js';
import { cronExpressionOf } from './backup-schedule.js';
import type { BackupTokens } from './backup-token.js';
import { BACKUP_SECRET_PURPOSE, driveRecipeInput } from './backup-drive-input.js';
import type { BackupConfigRow, BackupsRepository } from './backups.repository.js';

export interface BackupPlanDependencies {
  repository: BackupsRepository;
  secretBox: SecretBox;
  tokens: BackupTokens;
  /** The panel's base URL (config APP_URL), where cron runs post their results. */
  appUrl: string;
}

export const isBackupEngine = (type: string): type is (typeof BACKUP_DATABASE_ENGINES)[number] =>
  (BACKUP_DATABASE_ENGINES as readonly string[]).includes(type);

/**
 * The server's callback token, made (and its hash stored) the first time a config needs it. The
 * same token for every config of the server: each config's token file gets it on stdin.
 */
export async function serverToken(dependencies: BackupPlanDependencies, serverId: number): Promise<string> {
  const { repository, tokens } = dependencies;
  const existing = await repository.findToken(serverId);
  if (existing) return tokens.tokenFor(serverId, existing.createdAt);
  // A JS time (milliseconds) is what the row reads back, so the token can be derived again.
  const createdAt = new Date();
  const token = tokens.tokenFor(serverId, createdAt);
  await repository.saveToken(serverId, tokens.hash(token), createdAt);
  return token;
}

/**
 * The `backup-configure` input of a config (@hostdeck/recipes/backups): its drive, its sites (root
 * and excludes), its databases, its schedule and retention, the repository password, the drive's
 * secret and the callback token. Built when the event runs, so it carries the current secrets.
 */
export async function configureInputOf(
  dependencies: BackupPlanDependencies,
  config: BackupConfigRow,
): Promise<BackupConfigureInput> {
  const { repository, secretBox } = dependencies;
  const drive = await repository.findDrive(config.driveId);
  if (!drive) throw new ValidationError({ drive_id: [BACKUP_MESSAGES.driveNotFound] });
  const sites = await repository.sitesOf(config.serverId, config.siteIds);
  const databases = (await repository.databasesOf(config.serverId, config.databaseIds)).filter((row) =>
    isBackupEngine(row.type),
  );
  const panelUrl = panelUrlSchema.safeParse(dependencies.appUrl.replace(/\/+$/, ''));
  const callback = panelUrl.success
    ? { panel_url: panelUrl.data, token_hex: toSecretHex(await serverToken(dependencies, config.serverId)) }
    : {};
  return {
    config_id: config.id,
    server_id: config.serverId,
    ...(await driveRecipeInput(drive, { secretBox, repository })),
    sites: sites.map((site) => ({
      id: site.id,
      name: site.name,
      root: siteHome(site),
      excludes: config.excludes,
    })),
    databases: databases.map((database) => ({
      engine: database.type as (typeof BACKUP_DATABASE_ENGINES)[number],
      name: database.name,
      ...(database.siteId !== null && config.siteIds.includes(database.siteId)
        ? { site_id: database.siteId }
        : {}),
    })),
    schedule: cronExpressionOf(config.period, config.runAt),
    keep_daily: config.cycle.daily,
    keep_weekly: config.cycle.weekly,
    keep_monthly: config.cycle.monthly,
    password_hex: toSecretHex(
      secretBox.open(config.sealedRepositoryPassword, BACKUP_SECRET_PURPOSE.repositoryPassword),
    ),
    ...callback,
  };
}

/** Refuses a config whose configure input the recipe would refuse, before any event is queued. */
export async function checkConfigureInput(dependencies: BackupPlanDependencies, config: BackupConfigRow) {
  const input = await configureInputOf(dependencies, config);
  const parsed = backupConfigureInputSchema.safeParse(input);
  if (parsed.success) return;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const head = String(issue.path[0] ?? 'drive_id');
    const field =
      head === 'drive' || head === 'drive_secret_hex' ? 'drive_id' : head === 'sites' ? 'site_ids' : head;
    (fields[field] ??= []).push(issue.message);
  }
  throw new ValidationError(fields);
}
