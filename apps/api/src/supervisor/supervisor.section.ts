import {
  SUPERVISOR_EVENT_DESCRIPTIONS,
  supervisorSection,
  type SupervisorAction,
  type SupervisorEventDescriptionId,
} from '@hostdeck/contracts/supervisor';
import {
  parseSupervisorInventory,
  supervisorControl,
  supervisorDelete,
  supervisorInventory,
  supervisorRecipes,
  supervisorSave,
  type SupervisorInventory,
} from '@hostdeck/recipes/supervisor';
import { defineRecipeSection } from '../server-sections/recipe-section.js';

export const SUPERVISOR_EVENT_PREFIX = 'supervisor_';

const CONTROL_DESCRIPTIONS = {
  start: 'startSupervisorProgram',
  stop: 'stopSupervisorProgram',
  restart: 'restartSupervisorProgram',
  'clear-log': 'clearSupervisorLog',
} as const satisfies Record<SupervisorAction, SupervisorEventDescriptionId>;

const describe = (id: SupervisorEventDescriptionId, program: string) => ({ id, values: { program } });

/**
 * A server's Supervisor programs (spec/000 §2 /servers/{server}/supervisor, §7 supervisor): the
 * programs `supervisor-inventory` reads from the server every time (no panel table: the server is
 * the truth), and create, update, delete, start, stop, restart and clear-log, each a
 * `supervisor_*` event. The log tail is a read (supervisor.area.ts).
 */
export const supervisorRecipeSection = defineRecipeSection(
  supervisorSection,
  {
    eventPrefix: SUPERVISOR_EVENT_PREFIX,
    recipes: supervisorRecipes,
    eventDescriptions: SUPERVISOR_EVENT_DESCRIPTIONS,
  },
  () => ({
    inventory: { recipe: supervisorInventory, parse: parseSupervisorInventory },
    async list(inventory: SupervisorInventory) {
      return inventory.programs;
    },
    actions: {
      create: {
        recipe: supervisorSave,
        input: ({ body }) => ({ ...body, mode: 'create' }),
        eventType: 'create',
        description: ({ body }) => describe('createSupervisorProgram', body.name),
      },
      update: {
        recipe: supervisorSave,
        input: ({ params, body }) => ({ ...body, name: params.program, mode: 'update' }),
        eventType: 'update',
        description: ({ params }) => describe('updateSupervisorProgram', params.program),
      },
      delete: {
        recipe: supervisorDelete,
        input: ({ params }) => ({ name: params.program }),
        eventType: 'delete',
        description: ({ params }) => describe('deleteSupervisorProgram', params.program),
      },
      control: {
        recipe: supervisorControl,
        input: ({ params }) => ({ name: params.program, action: params.action }),
        eventType: ({ params }) => params.action.replace('-', '_'),
        description: ({ params }) => describe(CONTROL_DESCRIPTIONS[params.action], params.program),
      },
    },
  }),
);
