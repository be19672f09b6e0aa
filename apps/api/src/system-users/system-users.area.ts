import { sitesUsageRoute, SYSTEM_USER_MESSAGES } from '@hostdeck/contracts/system-users';
import { parseSystemUsersInventory, systemUsersInventory } from '@hostdeck/recipes/system-users';
import { defineArea } from '../area.js';
import type { PanelServices } from '../composition.js';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import { route } from '../http/route.js';
import type { Caller } from '../policy/server-policy.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import type { SectionActionRequest } from '../server-sections/recipe-section.js';
import { recipeSectionArea } from '../server-sections/section-area.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import { presentSitesUsage } from './system-users-presenter.js';
import { createSystemUsersRepository } from './system-users.repository.js';
import { systemUsersRecipeSection } from './system-users.section.js';
import { systemUsersVi } from './system-users.vi.js';

const base = recipeSectionArea(systemUsersRecipeSection, { messages: systemUsersVi });
type SectionService = ReturnType<NonNullable<typeof base.services>>['section'];
type Actions = (typeof systemUsersRecipeSection)['contract']['actions'];

/**
 * The checks an action needs from the panel and the server before its event starts, each a 422
 * naming the field: a new user's name must be free on the server; a password goes to an existing
 * account; a deletion is refused for the server's default user and while sites run as the user
 * (naming them). The caller's right to act is checked first, so no one learns a site's name
 * without it.
 */
export function createSystemUsersGuard(
  panel: Pick<PanelServices, 'db' | 'policy' | 'executor' | 'connections' | 'servers'>,
) {
  const repository = createSystemUsersRepository(panel.db);
  const reader = createInventoryReader({ executor: panel.executor, connections: panel.connections });

  async function serverUsers(serverId: number) {
    const server = await panel.servers.findRow(serverId);
    if (!server) throw new NotFoundError();
    if (!(server.sealedPrivateKey ?? server.sealedPassword))
      throw new ServerError(SERVER_MESSAGES.notConnected);
    const inventory = await reader.read(serverId, systemUsersInventory, {}, parseSystemUsersInventory);
    return { inventory, names: new Set(inventory.users.map((user) => user.name)) };
  }

  return {
    reader,
    repository,
    async check(
      name: keyof Actions & string,
      caller: Caller,
      request: SectionActionRequest<Actions[keyof Actions]>,
    ) {
      if (name === 'sync') return;
      await panel.policy.authorizeServer(caller, request.serverId, 'manage');
      if (name === 'create') {
        const body = request.body as unknown as { name: string };
        const { names } = await serverUsers(request.serverId);
        if (names.has(body.name)) throw new ValidationError({ name: [SYSTEM_USER_MESSAGES.exists] });
        return;
      }
      const user = (request.params as { user: string }).user;
      if (name === 'remove') {
        const defaultUser = await repository.defaultLinuxUser(request.serverId);
        if (user === defaultUser) throw new ValidationError({ user: [SYSTEM_USER_MESSAGES.defaultUser] });
        const using = (await repository.sites(request.serverId)).filter((site) => site.linuxUser === user);
        if (using.length > 0) {
          throw new ValidationError(
            { user: [SYSTEM_USER_MESSAGES.usedBySites] },
            { sites: using.map((site) => site.name).join(', ') },
          );
        }
        return;
      }
      const { names } = await serverUsers(request.serverId);
      if (!names.has(user)) throw new ValidationError({ user: [SYSTEM_USER_MESSAGES.notFound] });
    },
  };
}

/**
 * A server's system users (spec/000 §7 "System users (usage, sync, CRUD)" and "sites usage"): the
 * recipe-backed section (system-users.section.ts) whose actions first pass the guard above, and
 * GET sites-usage, each site's disk usage read from the server.
 */
export const systemUsersArea = defineArea({
  ...base,
  services: (panel: PanelServices) => {
    const { section } = base.services!(panel);
    const guard = createSystemUsersGuard(panel);
    const guarded: SectionService = {
      ...section,
      startAction: async (name, caller, request) => {
        await guard.check(name, caller, request as SectionActionRequest<Actions[keyof Actions]>);
        return section.startAction(name, caller, request);
      },
    };
    return { section: guarded, systemUsersGuard: guard };
  },
  routes: async (app, context) => {
    await base.routes!(app, context);
    route(app, sitesUsageRoute, {}, async ({ user, params }) => {
      await context.policy.authorizeServer(user, params.server, 'view');
      const server = await context.servers.findRow(params.server);
      if (!server) throw new NotFoundError();
      if (!(server.sealedPrivateKey ?? server.sealedPassword))
        throw new ServerError(SERVER_MESSAGES.notConnected);
      const { reader, repository } = context.systemUsersGuard;
      const [inventory, sites] = await Promise.all([
        reader.read(params.server, systemUsersInventory, {}, parseSystemUsersInventory),
        repository.sites(params.server),
      ]);
      return { data: presentSitesUsage(inventory, sites) };
    });
  },
});
