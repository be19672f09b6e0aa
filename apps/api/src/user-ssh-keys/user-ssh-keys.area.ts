import { USER_SSH_KEY_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/user-ssh-keys';
import { defineArea } from '../area.js';
import { registerUserSshKeyEventHandlers, USER_SSH_KEY_UPDATE_KEYS } from './user-ssh-keys.events.js';
import { createUserSshKeysRepository } from './user-ssh-keys.repository.js';
import { userSshKeysRoutes } from './user-ssh-keys.routes.js';
import { createUserSshKeysService } from './user-ssh-keys.service.js';
import { userSshKeysVi } from './user-ssh-keys.vi.js';

/**
 * The account's SSH keys (`/user/ssh-keys`, issue 17) and `api/generate-ssh-key`. Its events run
 * the `ssh-keys` area's recipes (`@hostdeck/recipes/ssh-keys`), which that area registers.
 */
export const userSshKeysArea = defineArea({
  name: 'user-ssh-keys',
  services: (panel) => {
    const repository = createUserSshKeysRepository(panel.db);
    return {
      userSshKeyRepository: repository,
      userSshKeys: createUserSshKeysService({
        repository,
        policy: panel.policy,
        events: panel.events,
        servers: panel.servers,
      }),
    };
  },
  routes: userSshKeysRoutes,
  onFinished: (hooks, { userSshKeyRepository }) =>
    registerUserSshKeyEventHandlers(hooks, userSshKeyRepository),
  updateKeys: USER_SSH_KEY_UPDATE_KEYS,
  eventDescriptions: USER_SSH_KEY_EVENT_DESCRIPTIONS,
  messages: userSshKeysVi,
});
