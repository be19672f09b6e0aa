import { supervisorLogRoute } from '@hostdeck/contracts/supervisor';
import { supervisorLog } from '@hostdeck/recipes/supervisor';
import { defineArea } from '../area.js';
import type { PanelServices } from '../composition.js';
import { NotFoundError } from '../domain/errors.js';
import { route } from '../http/route.js';
import type { Caller } from '../policy/server-policy.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { recipeSectionArea } from '../server-sections/section-area.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import { supervisorRecipeSection } from './supervisor.section.js';
import { supervisorVi } from './supervisor.vi.js';

const section = recipeSectionArea(supervisorRecipeSection, { messages: supervisorVi });

/** The log tail (GET …/supervisor/{program}/log): a read with `view`, like the list, never an event. */
export function createSupervisorLogReader(
  panel: Pick<PanelServices, 'policy' | 'servers' | 'executor' | 'connections'>,
) {
  const reader = createInventoryReader({ executor: panel.executor, connections: panel.connections });
  return {
    async read(caller: Caller, serverId: number, program: string) {
      await panel.policy.authorizeServer(caller, serverId, 'view');
      const server = await panel.servers.findRow(serverId);
      if (!server) throw new NotFoundError();
      if (!(server.sealedPrivateKey ?? server.sealedPassword))
        throw new ServerError(SERVER_MESSAGES.notConnected);
      const content = await reader.read(serverId, supervisorLog, { name: program }, (stdout) => stdout);
      return { data: { program, content } };
    },
  };
}

/**
 * A server's Supervisor programs (spec/000 §7: api/servers/{server}/supervisor…): the recipe-backed
 * section (list and every change as an event, server-sections/section-area.ts) plus the log tail.
 */
export const supervisorArea = defineArea({
  ...section,
  services: (panel) => ({ ...section.services!(panel), supervisorLog: createSupervisorLogReader(panel) }),
  routes: async (app, context) => {
    await section.routes!(app, context);
    route(app, supervisorLogRoute, {}, ({ user, params }) =>
      context.supervisorLog.read(user, params.server, params.program),
    );
  },
});
