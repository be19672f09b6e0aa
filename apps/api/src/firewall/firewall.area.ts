import { FIREWALL_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/firewall';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { firewallRecipes } from '@hostdeck/recipes/firewall';
import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { createRecipeSectionService } from '../server-sections/section-area.js';
import { firewallRoutes } from './firewall.routes.js';
import {
  FIREWALL_EVENT_PREFIX,
  firewallRecipeSection,
  type FirewallRecipeSection,
} from './firewall.section.js';
import { createFirewallService, type FirewallService } from './firewall.service.js';
import { firewallVi } from './firewall.vi.js';

export interface FirewallAreaServices {
  firewallSectionService: ReturnType<
    typeof createRecipeSectionService<FirewallRecipeSection['contract'], unknown>
  >;
  firewallReads: FirewallService;
}

/**
 * A server's firewall, ufw (spec/000 §7: api/servers/{server}/firewall-rules…, ports): a
 * recipe-backed section whose actions are safe applies with the panel's configured revert delay,
 * and whose list also answers `infos`. docs/firewall.md.
 */
export const firewallArea = defineArea<FirewallAreaServices>({
  name: 'firewall',
  services: (panel) => {
    const section = createRecipeSectionService(
      firewallRecipeSection(panel.config.safeApplyRevertSeconds),
      panel,
    );
    return {
      firewallSectionService: section as FirewallAreaServices['firewallSectionService'],
      firewallReads: createFirewallService({
        policy: panel.policy,
        servers: panel.servers,
        inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
      }),
    };
  },
  routes: firewallRoutes,
  // However one of its events ends, browsers read the rules again.
  onFinished: (hooks) => hooks.onFinished(FIREWALL_EVENT_PREFIX, async () => [UPDATE_KEYS.firewallRules]),
  updateKeys: [UPDATE_KEYS.firewallRules],
  recipes: firewallRecipes,
  eventDescriptions: FIREWALL_EVENT_DESCRIPTIONS,
  messages: firewallVi,
});
