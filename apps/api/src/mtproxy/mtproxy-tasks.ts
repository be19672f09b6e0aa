import { mtproxyApply } from '@hostdeck/recipes/mtproxy';
import type { EventHooks } from '../jobs/event-hooks.js';
import { MTPROXY_EVENT_PREFIX } from '@hostdeck/contracts/mtproxy';
import { MTPROXY_TASK, MTPROXY_UPDATE_KEYS, mtproxyApplyInputSchema } from './mtproxy-events.js';
import type { MtproxyRepository } from './mtproxy.repository.js';

/**
 * The `mtproxy-apply` task: runs the recipe over the event's session (mtg installed when missing,
 * configuration checked, service restarted and listening, the previous configuration put back on
 * failure), and only then records the port, domain and sealed secret on the server row. A failed
 * event leaves the row as it was, which is what the server still runs.
 */
export function registerMtproxyTasks(hooks: Pick<EventHooks, 'registerTask'>, repository: MtproxyRepository) {
  hooks.registerTask(MTPROXY_TASK, async (context) => {
    const input = mtproxyApplyInputSchema.parse(context.input);
    const serverId = context.event.serverId;
    if (serverId === null) throw new Error('an MTProxy event needs a server');
    await context.runRecipe(mtproxyApply, input);
    await repository.save(serverId, { port: input.port, domain: input.domain, secret: input.secret });
    context.write(`MTProxy runs on port ${input.port} with the FakeTLS domain ${input.domain}.\n`);
  });
}

/** However one of its events ends, browsers read the status and the ports again. */
export function registerMtproxyEventHandlers(hooks: Pick<EventHooks, 'onFinished'>) {
  hooks.onFinished(MTPROXY_EVENT_PREFIX, async () => MTPROXY_UPDATE_KEYS);
}
