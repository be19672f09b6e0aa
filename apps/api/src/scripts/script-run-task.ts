import { z } from 'zod';
import { SCRIPT_CONTENT_MAX_LENGTH } from '@hostdeck/contracts';
import { customScriptRun } from '@hostdeck/recipes/scripts';
import type { EventHooks } from '../jobs/event-hooks.js';
import { SCRIPT_RUN_TASK } from './script-runs.service.js';

/** What a script-run event stores (sealed): the script's id and the content chosen to run. */
const scriptRunInput = z.object({
  script_id: z.number().int().positive(),
  content: z.string().min(1).max(SCRIPT_CONTENT_MAX_LENGTH),
});

/**
 * The work of a script-run event, over the event's SSH session: the `custom-script-run` recipe,
 * with the content as bytes on stdin (never in a command or a script of ours).
 */
export function registerScriptRunTask(hooks: EventHooks) {
  hooks.registerTask(SCRIPT_RUN_TASK, async (context) => {
    const { content } = scriptRunInput.parse(context.input);
    await context.runRecipe(customScriptRun, { content: Buffer.from(content, 'utf8') });
  });
}
