import type { UpdateKey } from '@hostdeck/contracts';
import { MAILSERVER_EVENT_PREFIX, MAILSERVER_UPDATE_KEY } from '@hostdeck/contracts/mailserver';
import type { EventHooks } from '../jobs/event-hooks.js';

export const MAILSERVER_UPDATE_KEYS: readonly UpdateKey[] = [MAILSERVER_UPDATE_KEY];

/** Every mail event's end publishes the key the mail page's lists start with (nothing to settle: no rows). */
export function registerMailserverEventHandlers(hooks: Pick<EventHooks, 'onFinished'>) {
  hooks.onFinished(MAILSERVER_EVENT_PREFIX, async () => MAILSERVER_UPDATE_KEYS);
}
