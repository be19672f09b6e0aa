import type { FastifyInstance } from 'fastify';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { defineArea } from '../area.js';
import type { PanelServices } from '../composition.js';
import { createHotfixRepository } from './hotfix.repository.js';
import { hotfixRoutes } from './hotfix.routes.js';
import { createHotfixService, type HotfixService } from './hotfix.service.js';

/**
 * The hotfix service from the panel's shared services. The agent upgrade is the agent area's own
 * install (policy, connection and bundle checks included), so a hotfix starts exactly what the
 * server page's 'Upgrade Now' starts.
 */
export function createHotfixFromPanel(panel: Pick<PanelServices, 'db' | 'policy' | 'agent' | 'publish'>) {
  return createHotfixService({
    repository: createHotfixRepository(panel.db),
    policy: panel.policy,
    installAgent: (caller, serverId) => panel.agent.install(caller, serverId),
    publish: (userId, keys) => panel.publish([userId], keys),
  });
}

/** Once per panel start: a new agent version arrives only with a new panel (hotfix.service.ts). */
export function flagOutdatedAgentsOnReady(app: FastifyInstance, hotfix: HotfixService) {
  app.addHook('onReady', async () => {
    const flagged = await hotfix.flagOutdatedAgents();
    if (flagged > 0) app.log.info({ flagged }, 'users flagged for the agent hotfix');
  });
}

/** The hotfix loop (spec/000 §2 dialog, §4 busy button, §7 GET/POST api/hotfix) as an area. */
export const hotfixArea = defineArea({
  name: 'hotfix',
  services: (panel) => ({ hotfix: createHotfixFromPanel(panel) }),
  routes: hotfixRoutes,
  schedules: (app, { hotfix }) => flagOutdatedAgentsOnReady(app, hotfix),
  updateKeys: [UPDATE_KEYS.user],
});
