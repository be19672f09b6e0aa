import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { createSectionService } from '../server-sections/section-service.js';
import { fail2banRoutes } from './fail2ban.routes.js';
import { fail2banRecipeSection, fail2banSectionShape } from './fail2ban.section.js';
import { createFail2banService, type Fail2banService } from './fail2ban.service.js';
import { fail2banVi } from './fail2ban.vi.js';

export interface Fail2banAreaServices {
  fail2banSectionService: ReturnType<
    typeof createSectionService<typeof fail2banSectionShape.contract, unknown>
  >;
  fail2ban: Fail2banService;
}

/**
 * A server's Fail2Ban (spec/000 §7: api/servers/{server}/fail2ban…): a recipe-backed section whose
 * jail and allow-list changes are safe applies with the panel's configured revert delay
 * (config.safeApplyRevertSeconds), its list answering `infos.fail2ban`, plus the caller's own ban.
 * docs/fail2ban.md.
 */
export const fail2banArea = defineArea<Fail2banAreaServices>({
  name: 'fail2ban',
  services: (panel) => {
    const section = fail2banRecipeSection(panel.config.safeApplyRevertSeconds);
    const service = createSectionService(
      { eventPrefix: section.eventPrefix, definition: section.build({ db: panel.db, config: panel.config }) },
      {
        policy: panel.policy,
        servers: panel.servers,
        inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
        events: panel.events,
        billingEnabled: panel.config.billingEnabled,
      },
    );
    return {
      fail2banSectionService: service as Fail2banAreaServices['fail2banSectionService'],
      fail2ban: createFail2banService({ section: service, latest: section.latest }),
    };
  },
  routes: fail2banRoutes,
  onFinished: (hooks) => hooks.onFinished(fail2banSectionShape.eventPrefix, fail2banSectionShape.onFinished),
  updateKeys: [fail2banSectionShape.updateKey],
  recipes: fail2banSectionShape.recipes,
  eventDescriptions: fail2banSectionShape.eventDescriptions,
  messages: fail2banVi,
});
