import { EVENT_STATUS, UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import {
  PRIVATE_NETWORK_EVENT_PREFIX,
  PRIVATE_NETWORK_EVENT_TYPES,
  PRIVATE_NETWORK_MODEL_TYPE,
} from '@hostdeck/contracts/private-networks';
import type { EventRow } from '../events/events.repository.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import type { PrivateNetworksRepository } from './private-networks.repository.js';
import type { PrivateNetworksService } from './private-networks.service.js';

// spec/000 §4 has no private-network key (UPDATE_KEYS holds the spec's, picked not added): the
// server lists' key, which the web panel's query key starts with.
export const PRIVATE_NETWORK_UPDATE_KEYS: readonly UpdateKey[] = [UPDATE_KEYS.servers];

/**
 * Settles a member whatever its event's end, so nothing stays `joining` or `leaving`:
 * - join: `active` when it ended FINISHED with the public key recorded, else `error`; once no
 *   member of the network is joining any more, every active member gets its peers set;
 * - peers: `active` when FINISHED, `error` otherwise (its tunnel list may be stale);
 * - leave: FINISHED deletes the member (and the network with its last member), else `error`.
 */
export function registerPrivateNetworkEventHandlers(
  hooks: Pick<EventHooks, 'onFinished'>,
  repository: PrivateNetworksRepository,
  service: Pick<PrivateNetworksService, 'startPeerUpdates'>,
) {
  hooks.onFinished(PRIVATE_NETWORK_EVENT_PREFIX, async (event: EventRow) => {
    if (event.modelType !== PRIVATE_NETWORK_MODEL_TYPE || event.modelId === null) return;
    const member = await repository.findMember(event.modelId);
    if (!member) return PRIVATE_NETWORK_UPDATE_KEYS;
    const finished = event.status === EVENT_STATUS.finished;

    if (event.type === PRIVATE_NETWORK_EVENT_TYPES.join) {
      await repository.setMemberStatus(member.id, finished && member.publicKey ? 'active' : 'error');
      const members = await repository.members([member.networkId]);
      const stillJoining = members.some((other) => other.status === 'joining');
      if (!stillJoining && event.userId !== null)
        await service.startPeerUpdates(event.userId, member.networkId);
    } else if (event.type === PRIVATE_NETWORK_EVENT_TYPES.peers) {
      if (member.status === 'active' || member.status === 'error')
        await repository.setMemberStatus(member.id, finished && member.publicKey ? 'active' : 'error');
    } else if (event.type === PRIVATE_NETWORK_EVENT_TYPES.leave) {
      if (!finished) {
        await repository.setMemberStatus(member.id, 'error');
      } else {
        await repository.removeMember(member.id);
        if ((await repository.countOtherMembers(member.networkId, member.id)) === 0)
          await repository.remove(member.networkId);
      }
    }
    return PRIVATE_NETWORK_UPDATE_KEYS;
  });
}
