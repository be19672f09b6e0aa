import type { Locale } from '@hostdeck/contracts';
import type { ServicesList, ServiceStatus } from '@hostdeck/contracts/services';
import { parseServiceStatus, serviceStatus as serviceStatusRecipe } from '@hostdeck/recipes/services';
import { NotFoundError } from '../domain/errors.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import { serviceInfos } from './services.section.js';

export interface ServicesServiceDependencies {
  /** The section's own list (server-sections/section-service.ts), read as it reads it. */
  section: { list(caller: Caller, serverId: number, query: object, locale: Locale): Promise<unknown> };
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  servers: Pick<ServersRepository, 'findRow'>;
  inventory: Pick<InventoryReader, 'read'>;
}

/**
 * The services' reads: the section's list with its `infos` counts, and one service's
 * `systemctl status` with its journal's tail (read over SSH while the user waits, never an event;
 * `view` on the server is enough, as for the list).
 */
export function createServicesService(dependencies: ServicesServiceDependencies) {
  return {
    async list(caller: Caller, serverId: number, query: object, locale: Locale): Promise<ServicesList> {
      const { data } = (await dependencies.section.list(caller, serverId, query, locale)) as Pick<
        ServicesList,
        'data'
      >;
      return { data, infos: serviceInfos(data) };
    },

    async status(caller: Caller, serverId: number, name: string): Promise<{ data: ServiceStatus }> {
      await dependencies.policy.authorizeServer(caller, serverId, 'view');
      const server = await dependencies.servers.findRow(serverId);
      if (!server) throw new NotFoundError();
      if (!(server.sealedPrivateKey ?? server.sealedPassword))
        throw new ServerError(SERVER_MESSAGES.notConnected);
      const read = await dependencies.inventory.read(
        serverId,
        serviceStatusRecipe,
        { name },
        parseServiceStatus,
      );
      return { data: { service: name, ...read } };
    },
  };
}
export type ServicesService = ReturnType<typeof createServicesService>;
