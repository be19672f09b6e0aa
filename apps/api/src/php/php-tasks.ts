import { PHP_VERSIONS } from '@hostdeck/contracts';
import { z } from 'zod';
import { PHP_SAPIS, type PhpSettings } from '@hostdeck/contracts/php';
import {
  encodeFileBytes,
  phpCli,
  phpDefault,
  phpIniWrite,
  phpInstall,
  phpIoncube,
  phpOpcacheReset,
  phpRemove,
  phpSettingsApply,
} from '@hostdeck/recipes/php';
import type { EventHooks, EventTaskContext } from '../jobs/event-hooks.js';
import type { PhpRepository } from './php.repository.js';

/** The task every `php_*` event runs (jobs/event-hooks.ts): the recipes, then the panel's data. */
export const PHP_TASK = 'php-change';

const version = z.enum(PHP_VERSIONS);
/** The task's input, as stored (sealed) with the event. */
export const phpTaskInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['install', 'remove', 'default', 'cli', 'opcache-reset']), version }),
  z.object({ action: z.literal('opcache'), version, enabled: z.boolean() }),
  z.object({ action: z.literal('ioncube'), version, enabled: z.boolean() }),
  z.object({ action: z.literal('upload-size'), version, size_mb: z.number().int() }),
  z.object({ action: z.literal('execution-time'), version, seconds: z.number().int() }),
  z.object({ action: z.literal('ini'), version, sapi: z.enum(PHP_SAPIS), content: z.string() }),
]);
export type PhpTaskInput = z.infer<typeof phpTaskInputSchema>;

/** A version's settings after the change (the limits and OPcache ones), null for other actions. */
export function settingsAfter(current: PhpSettings, input: PhpTaskInput): PhpSettings | null {
  switch (input.action) {
    case 'opcache':
      return { ...current, opcache: input.enabled };
    case 'upload-size':
      return { ...current, upload_size_mb: input.size_mb };
    case 'execution-time':
      return { ...current, execution_time: input.seconds };
    default:
      return null;
  }
}

/**
 * Runs a `php_*` event: each reads the panel's data when it runs (one change per server at a
 * time), runs its recipe(s) over the event's session, and stores what the server now has.
 * A refused change (php-fpm -t, nginx -t…) fails in its recipe, which rolled the server back; the
 * panel's data is then left as it was.
 */
export function registerPhpTasks(hooks: EventHooks, dependencies: { repository: PhpRepository }) {
  const { repository } = dependencies;
  const applySettings = (context: EventTaskContext, version: string, settings: PhpSettings) =>
    context.runRecipe(phpSettingsApply, {
      version,
      upload_size_mb: settings.upload_size_mb,
      execution_time: settings.execution_time,
      opcache: settings.opcache,
    });

  hooks.registerTask(PHP_TASK, async (context) => {
    const input = phpTaskInputSchema.parse(context.input);
    const serverId = context.event.serverId;
    if (serverId === null) throw new Error('a php event needs a server');
    const current = await repository.settingsOf(serverId, input.version);
    switch (input.action) {
      case 'install':
        await context.runRecipe(phpInstall, { version: input.version });
        // The new version gets the panel's limits at once (its defaults, or what was kept).
        await applySettings(context, input.version, current);
        return;
      case 'remove': {
        const users = (await repository.sitesByVersion(serverId)).get(input.version) ?? [];
        if (users.length > 0) {
          throw new Error(
            `PHP ${input.version} is used by these sites: ${users.map((site) => site.name).join(', ')}`,
          );
        }
        await context.runRecipe(phpRemove, { version: input.version });
        const server = await repository.server(serverId);
        if (server?.phpCli === input.version) await repository.setCli(serverId, null);
        return;
      }
      case 'default':
        await context.runRecipe(phpDefault, { version: input.version });
        await repository.setDefault(serverId, input.version);
        return;
      case 'cli':
        await context.runRecipe(phpCli, { version: input.version });
        await repository.setCli(serverId, input.version);
        return;
      case 'opcache-reset':
        await context.runRecipe(phpOpcacheReset, { version: input.version });
        return;
      case 'ini':
        await context.runRecipe(phpIniWrite, {
          version: input.version,
          sapi: input.sapi,
          content: encodeFileBytes(input.content),
        });
        return;
      case 'ioncube':
        await context.runRecipe(phpIoncube, { version: input.version, enabled: input.enabled });
        await repository.saveSettings(serverId, input.version, { ...current, ioncube: input.enabled });
        return;
      default: {
        const next = settingsAfter(current, input)!;
        await applySettings(context, input.version, next);
        await repository.saveSettings(serverId, input.version, next);
      }
    }
  });
}
