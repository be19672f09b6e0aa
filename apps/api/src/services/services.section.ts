import {
  SERVICE_EVENT_DESCRIPTIONS,
  SERVICE_MESSAGES,
  isProtectedService,
  serviceConfirmBodySchema,
  servicesSection,
  type Service,
  type ServiceAction,
  type ServiceEventDescriptionId,
} from '@hostdeck/contracts/services';
import {
  parseServiceInventory,
  serviceAction,
  serviceCreate,
  serviceDelete,
  serviceInventory,
  serviceRecipes,
  serviceSync,
  type InventoryService,
} from '@hostdeck/recipes/services';
import { ValidationError } from '../domain/errors.js';
import { defineRecipeSection, type RecipeSectionAction } from '../server-sections/recipe-section.js';

export const SERVICE_EVENT_PREFIX = 'service_';

/** Enabled at boot: what `systemctl is-enabled` answers true for. */
const ENABLED_STATES = new Set([
  'enabled',
  'enabled-runtime',
  'alias',
  'indirect',
  'linked',
  'linked-runtime',
]);

export function presentService(service: InventoryService): Service {
  return {
    name: service.name,
    description: service.description,
    load_state: service.loadState,
    active_state: service.activeState,
    sub_state: service.subState,
    unit_file_state: service.unitFileState,
    enabled: service.unitFileState !== null && ENABLED_STATES.has(service.unitFileState),
    main_pid: service.mainPid,
    managed: service.managed,
    protected: isProtectedService(service.name),
  };
}

/**
 * Stopping or disabling SSH, the agent, the network or the system bus cuts the panel off the
 * server: the body's `confirm` must be the service's name, typed by the user (the web asks).
 */
export function checkServiceConfirmation(
  action: ServiceAction,
  name: string,
  confirm: string | undefined,
): void {
  if ((action === 'stop' || action === 'disable') && isProtectedService(name) && confirm !== name) {
    throw new ValidationError({ confirm: [SERVICE_MESSAGES.confirm] });
  }
}

const DESCRIPTIONS = {
  start: 'startService',
  stop: 'stopService',
  restart: 'restartService',
  enable: 'enableService',
  disable: 'disableService',
} as const satisfies Record<ServiceAction, ServiceEventDescriptionId>;

const describe = (id: ServiceEventDescriptionId, service?: string) => ({
  id,
  values: (service === undefined ? {} : { service }) as Record<string, string>,
});

type Actions = (typeof servicesSection)['actions'];

/** One of start|stop|restart|enable|disable: the same recipe, the confirmation for stop and disable. */
function unitAction<Name extends ServiceAction>(action: Name): RecipeSectionAction<Actions[Name]> {
  return {
    recipe: serviceAction,
    // The contract's optional body; a POST without one reaches the validator as null.
    ...(action === 'stop' || action === 'disable' ? { body: serviceConfirmBodySchema.nullish() } : {}),
    input: (request) => {
      const { service } = request.params as { service: string };
      const body = request.body as { confirm?: string } | null | undefined;
      checkServiceConfirmation(action, service, body?.confirm);
      return { name: service, action };
    },
    eventType: action,
    description: (request) => describe(DESCRIPTIONS[action], (request.params as { service: string }).service),
  };
}

/**
 * A server's systemd services (spec/000 §2 /servers/{server}/services, §7): the list the
 * `service-inventory` recipe reads from the server each time, and create, delete, sync and
 * start|stop|restart|enable|disable, each a `service_*` event.
 */
export const servicesRecipeSection = defineRecipeSection(
  servicesSection,
  {
    eventPrefix: SERVICE_EVENT_PREFIX,
    recipes: serviceRecipes,
    eventDescriptions: SERVICE_EVENT_DESCRIPTIONS,
  },
  () => ({
    inventory: { recipe: serviceInventory, parse: parseServiceInventory, cacheMs: 2_000 },
    async list(inventory: InventoryService[]) {
      return inventory.map(presentService);
    },
    actions: {
      create: {
        recipe: serviceCreate,
        input: ({ body }) => ({
          name: body.name,
          description: body.description ?? body.name,
          exec_start: body.exec_start,
          ...(body.working_directory ? { working_directory: body.working_directory } : {}),
          user: body.user,
          restart: body.restart,
          environment: body.environment,
          enable: body.enable,
          start: body.start,
        }),
        eventType: 'create',
        description: ({ body }) => describe('createService', body.name),
      },
      delete: {
        recipe: serviceDelete,
        input: ({ params }) => ({ name: params.service }),
        eventType: 'delete',
        description: ({ params }) => describe('deleteService', params.service),
      },
      sync: {
        recipe: serviceSync,
        input: () => ({}),
        eventType: 'sync',
        description: () => describe('syncServices'),
      },
      start: unitAction('start'),
      stop: unitAction('stop'),
      restart: unitAction('restart'),
      enable: unitAction('enable'),
      disable: unitAction('disable'),
    },
  }),
);

/** `infos.service` (contracts serviceInfosSchema): counts over the whole list. */
export function serviceInfos(services: readonly Service[]) {
  return {
    service: {
      total: services.length,
      active: services.filter((service) => service.active_state === 'active').length,
      failed: services.filter((service) => service.active_state === 'failed').length,
      enabled: services.filter((service) => service.enabled).length,
      managed: services.filter((service) => service.managed).length,
    },
  };
}
