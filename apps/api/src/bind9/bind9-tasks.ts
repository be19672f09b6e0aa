import { BIND9_EVENT_PREFIX } from '@hostdeck/contracts/bind9';
import { bind9ZoneWrite } from '@hostdeck/recipes/bind9';
import type { EventHooks } from '../jobs/event-hooks.js';
import { BIND9_UPDATE_KEYS, BIND9_WRITE_TASK, bind9WriteInputSchema } from './bind9-events.js';

/**
 * The `bind9-zone-write` task: a whole zone (a new one the panel rendered, or an imported file)
 * goes to the server on stdin, where named-checkzone, named-checkconf and named decide
 * (scripts/bind9/zone-write.sh). The text is never part of a command or script.
 */
export function registerBind9Tasks(hooks: Pick<EventHooks, 'registerTask'>) {
  hooks.registerTask(BIND9_WRITE_TASK, async (context) => {
    const input = bind9WriteInputSchema.parse(context.input);
    await context.runRecipe(bind9ZoneWrite, {
      zone: input.name,
      mode: input.mode,
      dnssec: input.dnssec,
      zone_file: Buffer.from(input.content.endsWith('\n') ? input.content : `${input.content}\n`, 'utf8'),
    });
  });
}

/** However one of its events ends, browsers read the zones again. */
export function registerBind9EventHandlers(hooks: Pick<EventHooks, 'onFinished'>) {
  hooks.onFinished(BIND9_EVENT_PREFIX, async () => BIND9_UPDATE_KEYS);
}
