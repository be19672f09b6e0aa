import { EVENT_STATUS, UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import {
  SERVER_TRANSFER_EVENT_PREFIX,
  SERVER_TRANSFER_EVENT_TYPES,
  SERVER_TRANSFER_MODEL_TYPE,
} from '@hostdeck/contracts/server-transfer';
import type { EventRow } from '../events/events.repository.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import type { ServerTransferRepository } from './server-transfer.repository.js';

export const SERVER_TRANSFER_UPDATE_KEYS: readonly UpdateKey[] = [UPDATE_KEYS.user, UPDATE_KEYS.server];

/**
 * The rotation event ended. FINISHED: the new key is on the server and the old one is gone, so the
 * panel switches to the new key. Anything else: the server's row keeps the old key (the script
 * writes authorized_keys in one atomic step, so a failed step left the old key in place), and
 * the transfer shows the rotation failed; the new owner can run it again.
 */
export function registerServerTransferEventHandlers(
  hooks: Pick<EventHooks, 'onFinished'>,
  repository: ServerTransferRepository,
) {
  hooks.onFinished(SERVER_TRANSFER_EVENT_PREFIX, async (event: EventRow) => {
    if (
      event.type !== SERVER_TRANSFER_EVENT_TYPES.rotateKey ||
      event.modelType !== SERVER_TRANSFER_MODEL_TYPE ||
      event.modelId === null
    ) {
      return;
    }
    if (event.status === EVENT_STATUS.finished) await repository.completeRotation(event.modelId);
    else await repository.failRotation(event.modelId);
    return SERVER_TRANSFER_UPDATE_KEYS;
  });
}
