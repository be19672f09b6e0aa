import { SSH_KEY_MESSAGES, sshKeyGithubRoute, sshKeyUsersRoute } from '@hostdeck/contracts/ssh-keys';
import {
  parseGithubKey,
  parseSshKeysInventory,
  sshKeyGithub,
  sshKeysInventory,
} from '@hostdeck/recipes/ssh-keys';
import { defineArea } from '../area.js';
import type { PanelServices } from '../composition.js';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import { InventoryFormatError } from '@hostdeck/recipes';
import { route } from '../http/route.js';
import type { Caller } from '../policy/server-policy.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import type { SectionActionRequest } from '../server-sections/recipe-section.js';
import { recipeSectionArea } from '../server-sections/section-area.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import { createSshKeysRepository } from './ssh-keys.repository.js';
import { panelKeyFingerprint, sshKeysRecipeSection } from './ssh-keys.section.js';
import { sshKeysVi } from './ssh-keys.vi.js';

const base = recipeSectionArea(sshKeysRecipeSection, { messages: sshKeysVi });
type SectionService = ReturnType<NonNullable<typeof base.services>>['section'];
type Actions = (typeof sshKeysRecipeSection)['contract']['actions'];

/**
 * The checks an action needs before its event starts (the caller's right first, so no one learns
 * anything of a server without it): the users of an added key must exist on the server; the
 * panel's own key is never removed (the recipe refuses it as well, by its comment).
 */
export function createSshKeysGuard(
  panel: Pick<PanelServices, 'db' | 'policy' | 'executor' | 'connections' | 'servers'>,
) {
  const reader = createInventoryReader({ executor: panel.executor, connections: panel.connections });

  async function connectedServer(serverId: number) {
    const server = await panel.servers.findRow(serverId);
    if (!server) throw new NotFoundError();
    if (!(server.sealedPrivateKey ?? server.sealedPassword))
      throw new ServerError(SERVER_MESSAGES.notConnected);
    return server;
  }

  async function users(serverId: number) {
    await connectedServer(serverId);
    const inventory = await reader.read(serverId, sshKeysInventory, {}, parseSshKeysInventory);
    return inventory.users.map((user) => ({ name: user.name, uid: user.uid }));
  }

  return {
    users,
    connectedServer,
    reader,
    async check(
      name: keyof Actions & string,
      caller: Caller,
      request: SectionActionRequest<Actions[keyof Actions]>,
    ) {
      await panel.policy.authorizeServer(caller, request.serverId, 'manage');
      if (name === 'add') {
        const body = request.body as { users: string[] };
        const known = new Set((await users(request.serverId)).map((user) => user.name));
        if (body.users.some((user) => !known.has(user))) {
          throw new ValidationError({ users: [SSH_KEY_MESSAGES.unknownUser] });
        }
      }
      if (name === 'remove') {
        const body = request.body as { fingerprint: string };
        if (body.fingerprint === (await panelKeyFingerprint(panel.db, request.serverId))) {
          throw new ValidationError({ fingerprint: [SSH_KEY_MESSAGES.panelKey] });
        }
      }
    },
  };
}

/**
 * A server's SSH keys (issue 17; spec/000 §7 ssh-keys, grant-root, ssh-key-github): the
 * recipe-backed section (ssh-keys.section.ts) whose actions first pass the guard above, the users
 * a key can go to, and the server's GitHub key (made once on the server as its default user, kept
 * in servers.ssh_key_github). docs/ssh-keys.md.
 */
export const sshKeysArea = defineArea({
  ...base,
  services: (panel: PanelServices) => {
    const { section } = base.services!(panel);
    const guard = createSshKeysGuard(panel);
    const guarded: SectionService = {
      ...section,
      startAction: async (name, caller, request) => {
        await guard.check(name, caller, request as SectionActionRequest<Actions[keyof Actions]>);
        return section.startAction(name, caller, request);
      },
    };
    return { section: guarded, sshKeysGuard: guard, sshKeysRepository: createSshKeysRepository(panel.db) };
  },
  routes: async (app, context) => {
    await base.routes!(app, context);
    const guard = context.sshKeysGuard;

    route(app, sshKeyUsersRoute, {}, async ({ user, params }) => {
      await context.policy.authorizeServer(user, params.server, 'view');
      return { data: await guard.users(params.server) };
    });

    route(app, sshKeyGithubRoute, {}, async ({ user, params }) => {
      await context.policy.authorizeServer(user, params.server, 'manage');
      const server = await guard.connectedServer(params.server);
      const linuxUser = server.defaultLinuxUser;
      if (!linuxUser) throw new ValidationError({ user: [SSH_KEY_MESSAGES.noDefaultUser] });
      const key = await guard.reader.read(
        params.server,
        sshKeyGithub,
        { user: linuxUser, comment: `hostdeck-github-${params.server}` },
        (stdout) => {
          const found = parseGithubKey(stdout);
          if (!found) throw new InventoryFormatError('the GitHub key was not printed');
          return found;
        },
      );
      await context.sshKeysRepository.setGithubKey(params.server, key);
      return { data: { ssh_key_github: key } };
    });
  },
});
