import { EVENT_STATUS, UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import {
  USER_SSH_KEY_EVENT_PREFIX,
  USER_SSH_KEY_EVENT_TYPES,
  USER_SSH_KEY_MODEL_TYPE,
} from '@hostdeck/contracts/user-ssh-keys';
import type { EventRow } from '../events/events.repository.js';
import type { EventHooks } from '../jobs/event-hooks.js';
import type { UserSshKeysRepository } from './user-ssh-keys.repository.js';
import { splitUsers } from './user-ssh-keys.service.js';

export const USER_SSH_KEY_UPDATE_KEYS: readonly UpdateKey[] = [UPDATE_KEYS.sshKeys];

/**
 * Records where an account key is once the server did it: an add event that ended FINISHED adds
 * its users' placements on its server, a remove event that ended FINISHED deletes them. Anything
 * else leaves them as they were (a failed add wrote nothing the panel relies on; a failed remove
 * keeps the key listed there, so "remove from all" can be run again). The users are the event's
 * description values: its sealed input is cleared when it ends.
 */
export function registerUserSshKeyEventHandlers(
  hooks: Pick<EventHooks, 'onFinished'>,
  repository: UserSshKeysRepository,
) {
  hooks.onFinished(USER_SSH_KEY_EVENT_PREFIX, async (event: EventRow) => {
    if (event.modelType !== USER_SSH_KEY_MODEL_TYPE || event.modelId === null || event.serverId === null)
      return;
    if (event.status !== EVENT_STATUS.finished) return USER_SSH_KEY_UPDATE_KEYS;
    const users = splitUsers((event.descriptionValues as Record<string, unknown> | null)?.users);
    if (event.type === USER_SSH_KEY_EVENT_TYPES.add) {
      if (!(await repository.findById(event.modelId))) return;
      await repository.addPlacements(event.modelId, event.serverId, users);
    } else if (event.type === USER_SSH_KEY_EVENT_TYPES.remove) {
      await repository.removePlacements(event.modelId, event.serverId, users);
    }
    return USER_SSH_KEY_UPDATE_KEYS;
  });
}
