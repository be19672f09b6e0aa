import { z } from 'zod';
import { privateNetworkInterface, type PrivateNetworkPeer } from '@hostdeck/contracts/private-networks';
import {
  parsePrivateNetworkPublicKey,
  privateNetworkJoin,
  privateNetworkPeers,
} from '@hostdeck/recipes/private-networks';
import type { EventHooks } from '../jobs/event-hooks.js';
import type { PrivateNetworksRepository } from './private-networks.repository.js';
import { PRIVATE_NETWORK_TASKS } from './private-networks.service.js';

const memberTaskInputSchema = z.object({ member_id: z.number().int().positive() });

/**
 * The area's panel tasks. `join` runs the join recipe on the member and records the public key it
 * printed (its private key stays on the server). `peers` reads the network's active members when
 * it runs (not when it was queued) and sets them as the member's peers.
 */
export function registerPrivateNetworkTasks(
  hooks: Pick<EventHooks, 'registerTask'>,
  repository: PrivateNetworksRepository,
) {
  async function load(input: unknown) {
    const { member_id: memberId } = memberTaskInputSchema.parse(input);
    const member = await repository.findMember(memberId);
    if (!member) throw new Error('This server is no longer in the network');
    const network = await repository.findById(member.networkId);
    if (!network) throw new Error('The network no longer exists');
    return { member, network };
  }

  hooks.registerTask(PRIVATE_NETWORK_TASKS.join, async (context) => {
    const { member, network } = await load(context.input);
    const output = await context.runRecipe(privateNetworkJoin, {
      interface: privateNetworkInterface(network.id),
      address: member.address,
      port: network.port,
    });
    const publicKey = parsePrivateNetworkPublicKey(output);
    if (!publicKey) throw new Error('The server did not print its public key');
    await repository.setMemberPublicKey(member.id, publicKey);
  });

  hooks.registerTask(PRIVATE_NETWORK_TASKS.peers, async (context) => {
    const { member, network } = await load(context.input);
    if (member.status === 'leaving') {
      context.write('This server is leaving the network: its peers are left as they are.\n');
      return;
    }
    const members = await repository.members([network.id]);
    const peers: PrivateNetworkPeer[] = members
      .filter((other) => other.id !== member.id && other.status === 'active' && other.publicKey)
      .map((other) => ({ public_key: other.publicKey!, endpoint: other.serverIp, address: other.address }));
    await context.runRecipe(privateNetworkPeers, {
      interface: privateNetworkInterface(network.id),
      port: network.port,
      peers,
    });
  });
}
