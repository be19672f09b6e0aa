import type { ServerSectionContract } from '@hostdeck/contracts';
import { defineArea } from '../area.js';
import type { PanelServices } from '../composition.js';
import { createInventoryReader } from './inventory-reader.js';
import type { RecipeSection } from './recipe-section.js';
import { sectionRoutes } from './section-routes.js';
import { createSectionService } from './section-service.js';

/** The section's service, built once from the panel's services. */
export function createRecipeSectionService<Section extends ServerSectionContract, Inventory>(
  section: RecipeSection<Section, Inventory>,
  panel: Pick<PanelServices, 'db' | 'policy' | 'servers' | 'events' | 'executor' | 'connections' | 'config'>,
) {
  return createSectionService(
    { eventPrefix: section.eventPrefix, definition: section.build({ db: panel.db, config: panel.config }) },
    {
      policy: panel.policy,
      servers: panel.servers,
      inventory: createInventoryReader({ executor: panel.executor, connections: panel.connections }),
      events: panel.events,
      billingEnabled: panel.config.billingEnabled,
    },
  );
}

/**
 * A recipe-backed section as an API area (area.ts), listed once like every area: its service
 * built from the panel's, its routes from its contract, its finished events answering its
 * Update-data key, its recipes (for the worker), its event descriptions and its Vietnamese messages.
 */
export function recipeSectionArea<Section extends ServerSectionContract, Inventory>(
  section: RecipeSection<Section, Inventory>,
  options: { messages?: Readonly<Record<string, string>> } = {},
) {
  return defineArea({
    name: section.contract.name,
    services: (panel) => ({ section: createRecipeSectionService(section, panel) }),
    routes: sectionRoutes(section),
    onFinished: (hooks) => hooks.onFinished(section.eventPrefix, section.onFinished),
    updateKeys: [section.updateKey],
    recipes: section.recipes,
    eventDescriptions: section.eventDescriptions,
    ...(options.messages ? { messages: options.messages } : {}),
  });
}
