import { z } from 'zod';
import { EVENT_STATUS, generatePassword } from '@hostdeck/contracts';
import {
  siteApply,
  siteDatabaseCreate,
  siteDatabaseDrop,
  siteDelete,
  toPasswordHex,
} from '@hostdeck/recipes';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import type { EventRow } from '../events/events.repository.js';
import { eventError } from '../jobs/event-error.js';
import type { EventHooks, EventTaskContext } from '../jobs/event-hooks.js';
import { SITE_SECRET_PURPOSE } from './site-dependencies.js';
import { SITE_EVENTS, SITE_STATUS } from './site-events.js';
import { buildSiteApplyInput, type SiteApplyInput } from './site-state.js';
import type { SiteChanges, SiteRow, SitesRepository } from './sites.repository.js';

/** The vhost fields a site_update changes (names of the `site-apply` input). */
const siteTaskChangesSchema = z.object({
  enabled: z.boolean().optional(),
  php_version: z.string().nullable().optional(),
  proxy_port: z.number().int().nullable().optional(),
  directory: z.string().optional(),
  linux_user: z.string().optional(),
  isolated: z.boolean().optional(),
  lockdown: z.boolean().optional(),
  bindings: z.array(z.string()).optional(),
});
export type SiteTaskChanges = z.infer<typeof siteTaskChangesSchema>;

// The inputs of the tasks, stored sealed with their event and read back by the worker.
const createTaskInputSchema = z.object({ site_id: z.number().int(), password: z.string() });
export type CreateTaskInput = z.infer<typeof createTaskInputSchema>;
const updateTaskInputSchema = z.object({
  site_id: z.number().int(),
  changes: siteTaskChangesSchema,
  /** The new owner's password (owner change to a new isolated user). */
  password: z.string().optional(),
  previous_linux_user: z.string().optional(),
  /** An alias site stored `creating`: active once the parent serves it. */
  added_alias_id: z.number().int().optional(),
  /** An alias site being deleted: its row goes once the parent no longer serves it. */
  removed_alias_id: z.number().int().optional(),
});
export type UpdateTaskInput = z.infer<typeof updateTaskInputSchema>;
const deleteTaskInputSchema = z.object({ site_id: z.number().int(), delete_database: z.boolean() });
export type DeleteTaskInput = z.infer<typeof deleteTaskInputSchema>;

/** The row columns of a site_update's changes. */
function rowChangesOf(changes: SiteTaskChanges): SiteChanges {
  const row: SiteChanges = {};
  if (changes.enabled !== undefined) row.enabled = changes.enabled;
  if (changes.php_version !== undefined) row.phpVersion = changes.php_version;
  if (changes.proxy_port !== undefined) row.proxyPort = changes.proxy_port;
  if (changes.directory !== undefined) row.directory = changes.directory;
  if (changes.linux_user !== undefined) row.linuxUser = changes.linux_user;
  if (changes.isolated !== undefined) row.isolated = changes.isolated;
  if (changes.lockdown !== undefined) row.lockdown = changes.lockdown;
  if (changes.bindings !== undefined) row.bindings = changes.bindings;
  return row;
}

export interface SiteTaskDependencies {
  db: Database;
  repository: SitesRepository;
  secretBox: SecretBox;
  /** Update-data to everyone who may view the server (spec/000 §4). */
  announce(serverId: number): Promise<void>;
}

/**
 * The `site-apply` recipe's input: the site's state, and the isolated user's password (for stdin)
 * when one is given; without it the user's password stays as it is (locked for a new user).
 */
export function siteApplyRecipeInput(apply: SiteApplyInput, password?: string) {
  return password ? { ...apply, password_hex: toPasswordHex(password) } : apply;
}

/**
 * The site events' work (registered on the job runner's hooks): each runs over the event's one SSH
 * session and reads the site's row when it runs, not when it was queued, so changes queued one
 * after another (one mutating event per server) each build on the previous one.
 */
export function registerSiteTasks(hooks: EventHooks, dependencies: SiteTaskDependencies) {
  const { db, repository, secretBox } = dependencies;

  async function loadSite(siteId: number): Promise<SiteRow> {
    const site = await repository.findById(siteId);
    if (!site) throw eventError('siteGone');
    return site;
  }

  /** site_create: the vhost (user, home, pool, vhost, permissions), then the database when asked. */
  hooks.registerTask(SITE_EVENTS.create.task, async (context: EventTaskContext) => {
    const input = createTaskInputSchema.parse(context.input);
    const site = await loadSite(input.site_id);
    const apply = await buildSiteApplyInput(db, site);
    await context.runRecipe(siteApply, siteApplyRecipeInput(apply, input.password));
    const database = await repository.databaseOf(site.id);
    if (database) {
      await context.runRecipe(siteDatabaseCreate, {
        type: database.type,
        name: database.name,
        username: database.username,
        password_hex: toPasswordHex(
          database.sealedPassword
            ? secretBox.open(database.sealedPassword, SITE_SECRET_PURPOSE.databasePassword)
            : generatePassword(),
        ),
      });
    }
  });

  /** site_update: the parent's vhost with the changes; the row takes them once the server did. */
  hooks.registerTask(SITE_EVENTS.update.task, async (context: EventTaskContext) => {
    const input = updateTaskInputSchema.parse(context.input);
    const site = await loadSite(input.site_id);
    const overrides: Partial<SiteApplyInput> = Object.fromEntries(
      Object.entries(input.changes).filter(([, value]) => value !== undefined),
    );
    if (input.previous_linux_user) overrides.previous_linux_user = input.previous_linux_user;
    let apply = await buildSiteApplyInput(db, site, overrides);
    if (input.removed_alias_id !== undefined) {
      const removed = await repository.findById(input.removed_alias_id);
      apply = { ...apply, aliases: apply.aliases.filter((name) => name !== removed?.name) };
    }
    await context.runRecipe(siteApply, siteApplyRecipeInput(apply, input.password));
    const changes = rowChangesOf(input.changes);
    if (Object.keys(changes).length > 0) await repository.update(site.id, changes);
    if (changes.linuxUser !== undefined)
      await repository.updateAliases(site.id, { linuxUser: changes.linuxUser });
    if (input.added_alias_id !== undefined) {
      await repository.update(input.added_alias_id, { status: SITE_STATUS.active });
    }
    if (input.removed_alias_id !== undefined)
      await repository.deleteWithAliases(input.removed_alias_id, false);
  });

  /** site_delete: everything of the site on the server, its database when asked, then its rows. */
  hooks.registerTask(SITE_EVENTS.delete.task, async (context: EventTaskContext) => {
    const input = deleteTaskInputSchema.parse(context.input);
    const site = await loadSite(input.site_id);
    const database = await repository.databaseOf(site.id);
    const userStays = await repository.linuxUserInUse(site.serverId, site.linuxUser, site.id);
    await context.runRecipe(siteDelete, {
      site: site.name,
      linux_user: site.linuxUser,
      isolated: site.isolated,
      web_server: site.webServer === 'apache2' ? 'apache2' : 'nginx',
      php_version: site.phpVersion,
      delete_user: site.isolated && !userStays,
    });
    const dropDatabase = input.delete_database && database !== null;
    if (dropDatabase) {
      await context.runRecipe(siteDatabaseDrop, {
        type: database.type,
        name: database.name,
        username: database.username,
      });
    }
    await repository.deleteWithAliases(site.id, dropDatabase, database?.id);
  });

  /** A created (or cloned) site is active once every step passed, failed otherwise. */
  const settleCreation = async (event: EventRow) => {
    if (event.siteId === null) return;
    const passed = event.status === EVENT_STATUS.finished;
    await repository.settleCreation(event.siteId, passed ? SITE_STATUS.active : SITE_STATUS.failed);
    if (event.serverId !== null) await dependencies.announce(event.serverId);
  };
  hooks.onFinished(SITE_EVENTS.create.type, settleCreation);
  hooks.onFinished(SITE_EVENTS.clone.type, settleCreation);

  hooks.onFinished(SITE_EVENTS.update.type, async (event) => {
    // A failed change leaves the row as it was; alias sites it was adding or removing go back.
    if (event.siteId !== null && event.status !== EVENT_STATUS.finished) {
      await repository.revertAliasChanges(event.siteId, event.id);
    }
    if (event.serverId !== null) await dependencies.announce(event.serverId);
  });

  hooks.onFinished(SITE_EVENTS.delete.type, async (event) => {
    // Still there: the server refused or stopped half-way. The site may be partly removed.
    if (event.siteId !== null && event.status !== EVENT_STATUS.finished) {
      await repository.setStatusWithAliases(event.siteId, SITE_STATUS.failed);
    }
    if (event.serverId !== null) await dependencies.announce(event.serverId);
  });

  hooks.onFinished(SITE_EVENTS.permissions.type, async (event) => {
    if (event.serverId !== null) await dependencies.announce(event.serverId);
  });
}
