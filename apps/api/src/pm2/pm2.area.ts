import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pm2LogsRoute } from '@hostdeck/contracts/pm2';
import { parsePm2Logs, pm2Logs } from '@hostdeck/recipes/pm2';
import { defineArea } from '../area.js';
import type { PanelServices } from '../composition.js';
import { NotFoundError } from '../domain/errors.js';
import { route } from '../http/route.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { createRecipeSectionService } from '../server-sections/section-area.js';
import { sectionRoutes, type SectionRoutesContext } from '../server-sections/section-routes.js';
import { createServersRepository } from '../servers/servers.repository.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { Pm2Inventory } from '@hostdeck/recipes/pm2';
import { pm2RecipeSection } from './pm2.section.js';
import { pm2Vi } from './pm2.vi.js';

type Pm2Section = typeof pm2RecipeSection.contract;

/**
 * The logs of one app (GET api/servers/{server}/pm2/{name}/logs?user=&lines=): read while the user
 * waits, like the list, by the read-only `pm2-logs` recipe (the files read as the app's user).
 * Logs may hold what an app prints about its users, so reading them takes `manage`, as changing it does.
 */
export function createPm2LogsService(
  panel: Pick<PanelServices, 'db' | 'policy' | 'servers' | 'executor' | 'connections'>,
) {
  const reader = createInventoryReader({ executor: panel.executor, connections: panel.connections });
  const servers = createServersRepository(panel.db);
  return {
    async logs(
      caller: Parameters<PanelServices['policy']['authorizeServer']>[0],
      serverId: number,
      name: string,
      query: { user?: string | undefined; lines: number },
    ) {
      await panel.policy.authorizeServer(caller, serverId, 'manage');
      const server = await servers.findRow(serverId);
      if (!server) throw new NotFoundError();
      if (!(server.sealedPrivateKey ?? server.sealedPassword))
        throw new ServerError(SERVER_MESSAGES.notConnected);
      const user = query.user ?? server.defaultLinuxUser;
      return { data: await reader.read(serverId, pm2Logs, { user, name, lines: query.lines }, parsePm2Logs) };
    },
  };
}

interface Pm2Services {
  section: SectionRoutesContext<Pm2Section, Pm2Inventory>['section'];
  pm2Logs: ReturnType<typeof createPm2LogsService>;
}

const routes: FastifyPluginAsyncZod<Pm2Services> = async (app, context) => {
  await app.register(sectionRoutes(pm2RecipeSection), { section: context.section });
  route(app, pm2LogsRoute, {}, ({ user, params, query }) =>
    context.pm2Logs.logs(user, params.server, params.name, query),
  );
};

/**
 * PM2 of a server (spec/000 §7): the recipe-backed section (list and actions, its finished events
 * answering the `applications` Update-data key) plus the logs route.
 */
export const pm2Area = defineArea<Pm2Services>({
  name: pm2RecipeSection.contract.name,
  services: (panel) => ({
    section: createRecipeSectionService(pm2RecipeSection, panel),
    pm2Logs: createPm2LogsService(panel),
  }),
  routes: routes as FastifyPluginAsyncZod<PanelServices & Pm2Services>,
  onFinished: (hooks) => hooks.onFinished(pm2RecipeSection.eventPrefix, pm2RecipeSection.onFinished),
  updateKeys: [pm2RecipeSection.updateKey],
  recipes: pm2RecipeSection.recipes,
  eventDescriptions: pm2RecipeSection.eventDescriptions,
  messages: pm2Vi,
});
