import { EVENT_STATUS, type UpdateKey } from '@hostdeck/contracts';
import {
  WIREGUARD_EVENT_PREFIX,
  WIREGUARD_EVENT_TYPES,
  WIREGUARD_MODEL_TYPE,
  WIREGUARD_UPDATE_KEY,
} from '@hostdeck/contracts/wireguard';
import type { EventRow } from '../events/events.repository.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import type { WireguardRepository } from './wireguard.repository.js';

export const WIREGUARD_UPDATE_KEYS: readonly UpdateKey[] = [WIREGUARD_UPDATE_KEY];

/**
 * Settles the client an event was about, whatever way it ended (job runner, reaper, cancel before
 * start: jobs/finish-event.ts), so nothing stays creating or deleting: a created client becomes
 * active or is removed (its peer never made it, or was taken out again by a rerun of the remove),
 * a deleted one is removed or active again, enable/disable change the flag only when the server
 * did.
 */
export function registerWireguardEventHandlers(
  hooks: Pick<EventHooks, 'onFinished'>,
  repository: Pick<WireguardRepository, 'findOnServer' | 'update' | 'remove'>,
) {
  async function settle(event: EventRow) {
    if (event.modelType !== WIREGUARD_MODEL_TYPE || event.modelId === null || event.serverId === null) return;
    const client = await repository.findOnServer(event.serverId, event.modelId);
    if (!client) return;
    const passed = event.status === EVENT_STATUS.finished;
    switch (event.type) {
      case WIREGUARD_EVENT_TYPES.create:
        if (passed) await repository.update(client.id, { status: 'active' });
        else if (client.status === 'creating') await repository.remove(client.id);
        return;
      case WIREGUARD_EVENT_TYPES.delete:
        if (passed) await repository.remove(client.id);
        else await repository.update(client.id, { status: 'active' });
        return;
      case WIREGUARD_EVENT_TYPES.enable:
        if (passed) await repository.update(client.id, { enabled: true });
        return;
      case WIREGUARD_EVENT_TYPES.disable:
        if (passed) await repository.update(client.id, { enabled: false });
        return;
      default:
        return;
    }
  }

  hooks.onFinished(WIREGUARD_EVENT_PREFIX, async (event) => {
    await settle(event);
    return WIREGUARD_UPDATE_KEYS;
  });
}
