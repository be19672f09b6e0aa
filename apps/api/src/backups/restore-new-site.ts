import { z } from 'zod';
import { EVENT_STATUS, UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import { BACKUP_EVENT_TYPES, BACKUP_MESSAGES, BACKUP_MODEL_TYPE } from '@hostdeck/contracts/backups';
import { siteApply } from '@hostdeck/recipes';
import { backupRestore, backupRestoreInputSchema, type BackupRestoreInput } from '@hostdeck/recipes/backups';
import type { Database } from '../database/database.js';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { EventRow } from '../events/events.repository.js';
import { eventError } from '../jobs/event-error.js';
import { TASK_PREFIX, type EventHooks } from '../jobs/event-hooks.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { ServerRow, ServersRepository } from '../servers/servers.repository.js';
import { insertSiteWithServerDefaults } from '../sites/site-create.service.js';
import { SITE_STATUS } from '../sites/site-events.js';
import { siteHome } from '../sites/site-presenter.js';
import { buildSiteApplyInput } from '../sites/site-state.js';
import { siteApplyRecipeInput } from '../sites/site-tasks.js';
import { createSitesRepository } from '../sites/sites.repository.js';
import { createRestoredDatabaseRows } from './restore-new-site.repository.js';

/** The panel task of a restore into a new site: apply the site, then restore into its root. */
export const RESTORE_NEW_SITE_TASK = 'backup-restore-new-site';

const taskInputSchema = z.object({ site_id: z.number().int(), restore: z.unknown() });

/** The longest database name (contracts databaseNameSchema); a suffix `_N` is cut to fit. */
const DATABASE_NAME_MAX = 64;
const UPDATE: readonly UpdateKey[] = [UPDATE_KEYS.sites, UPDATE_KEYS.site, UPDATE_KEYS.databases];

export interface NewSiteRestoreDependencies {
  db: Database;
  servers: Pick<ServersRepository, 'findRow'>;
  policy: Pick<AccessPolicy, 'authorizeServerRow'>;
  events: Pick<EventsService, 'startTask'>;
}

/** One database of the snapshot to bring back with the site. */
export interface RecordedDatabase {
  engine: 'mariadb' | 'mysql' | 'postgresql';
  name: string;
}

/**
 * A site as a snapshot recorded it, restored into a NEW site (issue 20: the site and its databases
 * may have been deleted since). The request stores the site `creating` with the target server's
 * defaults (sites area, insertSiteWithServerDefaults) and one `creating` database row per database
 * brought back, under its recorded name or, when that is taken on the target, `<name>_2`… Then ONE
 * event runs the task below; its end makes everything active, or the site failed and the database
 * rows gone (as a failed clone). A refused request leaves no row behind.
 */
export function createNewSiteRestore(dependencies: NewSiteRestoreDependencies) {
  const sites = createSitesRepository(dependencies.db);
  const rows = createRestoredDatabaseRows(dependencies.db);

  async function freeName(serverId: number, engine: string, name: string) {
    for (let index = 1; index < 100; index += 1) {
      const suffix = index === 1 ? '' : `_${index}`;
      const candidate = `${name.slice(0, DATABASE_NAME_MAX - suffix.length)}${suffix}`;
      if (!(await rows.nameTaken(serverId, engine, candidate))) return candidate;
    }
    throw new ValidationError({ with_database: [BACKUP_MESSAGES.databaseNotFound] });
  }

  return {
    /** An installed server the caller may manage (the restore's target). */
    async targetServer(caller: Caller, serverId: number): Promise<ServerRow> {
      let server: ServerRow;
      try {
        server = await dependencies.policy.authorizeServerRow(
          caller,
          await dependencies.servers.findRow(serverId),
          'manage',
        );
      } catch (error) {
        if (error instanceof NotFoundError) {
          throw new ValidationError({ target_server_id: [BACKUP_MESSAGES.targetServer] });
        }
        throw error;
      }
      if (!server.installed) throw new ValidationError({ target_server_id: [BACKUP_MESSAGES.notInstalled] });
      return server;
    },

    async start(
      caller: Caller,
      request: {
        server: ServerRow;
        name: string;
        databases: readonly RecordedDatabase[];
        /** The restore without its target (the new site's root, user and databases). */
        restore: Omit<BackupRestoreInput, 'target_root' | 'linux_user' | 'databases'>;
        description: { id: 'restoreBackup'; values: Record<string, string> };
        configId: number;
      },
    ) {
      const { server } = request;
      const site = await insertSiteWithServerDefaults(sites, server, {
        userId: caller.id,
        name: request.name,
        field: 'new_site.name',
      });
      const made: { id: number; type: string; name: string; from: string }[] = [];
      try {
        for (const database of request.databases) {
          const name = await freeName(server.id, database.engine, database.name);
          const row = await rows.insert({
            serverId: server.id,
            siteId: site.id,
            type: database.engine,
            name,
          });
          if (!row) throw new ValidationError({ with_database: [BACKUP_MESSAGES.databaseNotFound] });
          made.push({ id: row.id, type: database.engine, name, from: database.name });
        }
        const restore = backupRestoreInputSchema.parse({
          ...request.restore,
          kind: 'site',
          target_root: siteHome(site),
          linux_user: site.linuxUser,
          databases: made.map((row) => ({
            engine: row.type,
            name: row.from,
            target: row.name,
            replace: false,
          })),
        });
        const event = await dependencies.events.startTask({
          userId: caller.id,
          serverId: server.id,
          server,
          siteId: site.id,
          task: RESTORE_NEW_SITE_TASK,
          input: { site_id: site.id, restore },
          type: BACKUP_EVENT_TYPES.restore,
          description: request.description,
          modelId: request.configId,
          modelType: BACKUP_MODEL_TYPE,
        });
        await sites.update(site.id, { createEventId: event.id });
        return { event, site, databases: made.map(({ id, type, name }) => ({ id, type, name })) };
      } catch (error) {
        for (const row of made) await rows.remove(row.id);
        await sites.deleteWithAliases(site.id, false);
        throw error;
      }
    },
  };
}
export type NewSiteRestore = ReturnType<typeof createNewSiteRestore>;

/**
 * The task (on the target server's session): the new site applied as a clone applies it
 * (site-apply: user, home, pool, vhost), then backup-restore of the recorded site's root into its
 * root and of its databases under their new names. The end settles the rows.
 */
export function registerNewSiteRestore(
  hooks: Pick<EventHooks, 'registerTask' | 'onFinished'>,
  dependencies: { db: Database },
) {
  const sites = createSitesRepository(dependencies.db);
  const rows = createRestoredDatabaseRows(dependencies.db);

  hooks.registerTask(RESTORE_NEW_SITE_TASK, async (context) => {
    const input = taskInputSchema.parse(context.input);
    const restore = backupRestoreInputSchema.parse(input.restore);
    const site = await sites.findById(input.site_id);
    if (!site) throw eventError('siteGone');
    await context.runRecipe(
      siteApply,
      siteApplyRecipeInput(await buildSiteApplyInput(dependencies.db, site)),
    );
    context.write(`\n==> Restore ${site.name} from snapshot ${restore.snapshot_id.slice(0, 8)}\n`);
    await context.runRecipe(backupRestore, restore);
  });

  hooks.onFinished(BACKUP_EVENT_TYPES.restore, async (event: EventRow) => {
    if (event.recipeId !== `${TASK_PREFIX}${RESTORE_NEW_SITE_TASK}` || event.siteId === null) return [];
    const passed = event.status === EVENT_STATUS.finished;
    await sites.settleCreation(event.siteId, passed ? SITE_STATUS.active : SITE_STATUS.failed);
    await rows.settle(event.siteId, passed);
    return UPDATE;
  });
}
