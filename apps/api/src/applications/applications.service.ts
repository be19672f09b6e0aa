import {
  isFailedStatus,
  type Application,
  type ApplicationName,
  type EventDescriptionId,
  type Locale,
} from '@hostdeck/contracts';
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
import { translateEventText } from '../events/event-texts.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import { APPLICATION_EVENT_PREFIX, APPLICATION_ID_VALUE } from './application-events.js';
import type { ApplicationInventoryReader } from './application-inventory-reader.js';
import type { ApplicationsRepository, LastInstall } from './applications.repository.js';

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

/**
 * One application as the API shows it: the catalogue's description, the server's facts and, when
 * its last install failed and it is still missing, that failure (issue 26: the row says so).
 */
export function presentApplication(
  definition: ApplicationDefinition,
  inventory: ApplicationInventory,
  lastInstall?: LastInstall,
  locale: Locale = 'en',
): Application {
  const entry = inventory.applications.get(definition.id);
  const installed = entry?.installed ?? false;
  const failed = !installed && lastInstall?.isFinished === true && isFailedStatus(lastInstall.status);
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
    install_failure: failed ? presentInstallFailure(lastInstall, locale) : null,
  };
}

function presentInstallFailure(lastInstall: LastInstall, locale: Locale) {
  const error = lastInstall.errorId ? { id: lastInstall.errorId, values: lastInstall.errorValues } : null;
  return {
    event_id: lastInstall.id,
    status: lastInstall.status,
    error_reason:
      lastInstall.errorReason === null
        ? null
        : ((error && translateEventText(locale, 'error', error)) ?? lastInstall.errorReason),
    error_id: error?.id ?? null,
    error_values: error?.values ?? {},
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
  const nameOf = (name: ApplicationName) => APPLICATION_CATALOGUE[name].name;

  async function startEvent(
    caller: Caller,
    serverId: number,
    recipeId: string,
    input: { name: ApplicationName } & Record<string, unknown>,
    kind: string,
    description: EventDescriptionId,
  ) {
    await policy.authorizeServer(caller, serverId, 'manage');
    const event = await events.startRecipe({
      userId: caller.id,
      serverId,
      recipeId,
      input,
      type: `${APPLICATION_EVENT_PREFIX}${kind}`,
      // The name for the reader, the id for finding the application's last install again.
      description: {
        id: description,
        values: { application: nameOf(input.name), [APPLICATION_ID_VALUE]: input.name },
      },
    });
    return { data: { id: event.id } };
  }

  return {
    async list(caller: Caller, serverId: number, query: ApplicationListQuery = {}, locale: Locale = 'en') {
      await policy.authorizeServer(caller, serverId, 'view');
      if (!(await dependencies.repository.hasCredentials(serverId))) {
        throw new ServerError(SERVER_MESSAGES.notConnected);
      }
      const inventory = await dependencies.inventory.read(serverId);
      const lastInstalls = await dependencies.repository.lastInstalls(serverId);
      const applications = Object.values(APPLICATION_CATALOGUE).map((definition) =>
        presentApplication(definition, inventory, lastInstalls.get(definition.id), locale),
      );
      return { data: filterApplications(applications, query) };
    },

    install(caller: Caller, serverId: number, name: ApplicationName) {
      return startEvent(caller, serverId, applicationInstall.id, { name }, 'install', 'installApplication');
    },

    uninstall(caller: Caller, serverId: number, name: ApplicationName) {
      return startEvent(
        caller,
        serverId,
        applicationUninstall.id,
        { name },
        'uninstall',
        'uninstallApplication',
      );
    },

    serviceAction(caller: Caller, serverId: number, name: ApplicationName, action: ApplicationAction) {
      const description = (
        { start: 'startApplication', stop: 'stopApplication', restart: 'restartApplication' } as const
      )[action];
      return startEvent(caller, serverId, applicationService.id, { name, action }, action, description);
    },

    autoRestart(caller: Caller, serverId: number, name: ApplicationName, enabled: boolean) {
      return startEvent(
        caller,
        serverId,
        applicationAutoRestart.id,
        { name, enabled },
        'auto_restart',
        enabled ? 'enableAutoRestart' : 'disableAutoRestart',
      );
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
