import type { Application, ApplicationName } from '@hostdeck/contracts';
import {
  APPLICATION_CATALOGUE,
  applicationAutoRestart,
  applicationInstall,
  applicationService,
  applicationUninstall,
  displayVersion,
  isSupportedOn,
  type ApplicationDefinition,
  type ApplicationInventory,
} from '@hostdeck/recipes';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import { APPLICATION_EVENT_PREFIX } from './application-events.js';
import type { ApplicationInventoryReader } from './application-inventory-reader.js';
import type { ApplicationsRepository } from './applications.repository.js';

export type ApplicationAction = 'start' | 'stop' | 'restart';

export interface ApplicationsServiceDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  repository: ApplicationsRepository;
  inventory: ApplicationInventoryReader;
  events: Pick<EventsService, 'startRecipe'>;
}

export interface ApplicationListQuery {
  installed?: 'yes' | 'no' | undefined;
  search?: string | undefined;
}

/** One application as the API shows it: the catalogue's description and the server's facts. */
export function presentApplication(
  definition: ApplicationDefinition,
  inventory: ApplicationInventory,
): Application {
  const entry = inventory.applications.get(definition.id);
  const installed = entry?.installed ?? false;
  return {
    id: definition.id,
    name: definition.name,
    group: definition.group,
    binary_name: definition.binaryName,
    is_installed: installed,
    installed_version: installed && entry?.rawVersion ? displayVersion(entry.rawVersion) : null,
    service_state: installed && definition.service ? (entry?.serviceState ?? null) : null,
    auto_restart: entry?.autoRestart ?? false,
    icon: definition.icon,
    supported: isSupportedOn(definition, inventory.os),
  };
}

/** `installed=yes|no` and a case-insensitive search in the name and id (spec/000 §2). */
export function filterApplications(applications: Application[], query: ApplicationListQuery): Application[] {
  const search = query.search?.trim().toLocaleLowerCase() ?? '';
  return applications.filter((application) => {
    if (query.installed === 'yes' && !application.is_installed) return false;
    if (query.installed === 'no' && application.is_installed) return false;
    if (!search) return true;
    return [application.name, application.id].some((text) => text.toLocaleLowerCase().includes(search));
  });
}

/**
 * A server's applications (spec/000 §2 /servers/{server}/applications, §3 Application, §7): the
 * list read live from the server, and install, uninstall, start, stop, restart and auto-restart,
 * each an event (201 with its id). Every call checks the policy first: another user's server
 * answers 404; acting needs `manage`.
 */
export function createApplicationsService(dependencies: ApplicationsServiceDependencies) {
  const { policy, events } = dependencies;

  async function startEvent(
    caller: Caller,
    serverId: number,
    recipeId: string,
    input: Record<string, unknown>,
    kind: string,
    description: string,
  ) {
    await policy.authorizeServer(caller, serverId, 'manage');
    const event = await events.startRecipe({
      userId: caller.id,
      serverId,
      recipeId,
      input,
      type: `${APPLICATION_EVENT_PREFIX}${kind}`,
      description,
    });
    return { data: { id: event.id } };
  }

  const nameOf = (name: ApplicationName) => APPLICATION_CATALOGUE[name].name;

  return {
    async list(caller: Caller, serverId: number, query: ApplicationListQuery = {}) {
      await policy.authorizeServer(caller, serverId, 'view');
      if (!(await dependencies.repository.hasCredentials(serverId))) {
        throw new ServerError(SERVER_MESSAGES.notConnected);
      }
      const inventory = await dependencies.inventory.read(serverId);
      const applications = Object.values(APPLICATION_CATALOGUE).map((definition) =>
        presentApplication(definition, inventory),
      );
      return { data: filterApplications(applications, query) };
    },

    install(caller: Caller, serverId: number, name: ApplicationName) {
      return startEvent(
        caller,
        serverId,
        applicationInstall.id,
        { name },
        'install',
        `Install ${nameOf(name)}`,
      );
    },

    uninstall(caller: Caller, serverId: number, name: ApplicationName) {
      return startEvent(
        caller,
        serverId,
        applicationUninstall.id,
        { name },
        'uninstall',
        `Uninstall ${nameOf(name)}`,
      );
    },

    serviceAction(caller: Caller, serverId: number, name: ApplicationName, action: ApplicationAction) {
      const verb = { start: 'Start', stop: 'Stop', restart: 'Restart' }[action];
      return startEvent(
        caller,
        serverId,
        applicationService.id,
        { name, action },
        action,
        `${verb} ${nameOf(name)}`,
      );
    },

    autoRestart(caller: Caller, serverId: number, name: ApplicationName, enabled: boolean) {
      return startEvent(
        caller,
        serverId,
        applicationAutoRestart.id,
        { name, enabled },
        'auto_restart',
        `Turn auto-restart ${enabled ? 'on' : 'off'} for ${nameOf(name)}`,
      );
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
