import type { FirewallList, ListeningPort } from '@hostdeck/contracts/firewall';
import { firewallInventory, parseFirewallInventory } from '@hostdeck/recipes/firewall';
import { NotFoundError } from '../domain/errors.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import { presentFirewallInfos, presentFirewallRules } from './firewall.section.js';

export interface FirewallServiceDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  servers: Pick<ServersRepository, 'findRow'>;
  inventory: Pick<InventoryReader, 'read'>;
}

/**
 * The firewall's reads, live from the server (never an event; `view` on the server is enough):
 * the rules with `infos` (ufw active, IPv6, the SSH and agent ports, Docker, the listening
 * sockets), and the listening sockets alone (spec/000 §7 ports).
 */
export function createFirewallService(dependencies: FirewallServiceDependencies) {
  async function read(caller: Caller, serverId: number) {
    await dependencies.policy.authorizeServer(caller, serverId, 'view');
    const server = await dependencies.servers.findRow(serverId);
    if (!server) throw new NotFoundError();
    if (!(server.sealedPrivateKey ?? server.sealedPassword))
      throw new ServerError(SERVER_MESSAGES.notConnected);
    return dependencies.inventory.read(serverId, firewallInventory, {}, parseFirewallInventory);
  }

  return {
    async list(caller: Caller, serverId: number): Promise<FirewallList> {
      const inventory = await read(caller, serverId);
      return { data: presentFirewallRules(inventory), infos: presentFirewallInfos(inventory) };
    },

    async ports(caller: Caller, serverId: number): Promise<{ data: ListeningPort[] }> {
      return { data: (await read(caller, serverId)).listening };
    },
  };
}
export type FirewallService = ReturnType<typeof createFirewallService>;
