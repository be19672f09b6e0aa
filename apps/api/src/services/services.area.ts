import { defineArea } from '../area.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';
import { createRecipeSectionService } from '../server-sections/section-area.js';
import { servicesRoutes } from './services.routes.js';
import { servicesRecipeSection } from './services.section.js';
import { createServicesService, type ServicesService } from './services.service.js';
import { servicesVi } from './services.vi.js';

export interface ServicesAreaServices {
  servicesSectionService: ReturnType<
    typeof createRecipeSectionService<typeof servicesRecipeSection.contract, unknown>
  >;
  serviceStatus: ServicesService;
}

/**
 * A server's systemd services (spec/000 §7: api/servers/{server}/services…): a recipe-backed
 * section (server-sections/) whose list also answers `infos.service`, plus a status read.
 * docs/services.md.
 */
export const servicesArea = defineArea<ServicesAreaServices>({
  name: 'services',
  services: (panel) => {
    const section = createRecipeSectionService(servicesRecipeSection, panel);
    return {
      servicesSectionService: section as ServicesAreaServices['servicesSectionService'],
      serviceStatus: createServicesService({
        section,
        policy: panel.policy,
        servers: panel.servers,
        inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
      }),
    };
  },
  routes: servicesRoutes,
  onFinished: (hooks) =>
    hooks.onFinished(servicesRecipeSection.eventPrefix, servicesRecipeSection.onFinished),
  updateKeys: [servicesRecipeSection.updateKey],
  recipes: servicesRecipeSection.recipes,
  eventDescriptions: servicesRecipeSection.eventDescriptions,
  messages: servicesVi,
});
