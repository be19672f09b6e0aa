import { z } from 'zod';
import {
  privateNetworkInterfaceSchema,
  privateNetworkPeerSchema,
  privateNetworkPortSchema,
} from '@hostdeck/contracts/private-networks';
import { ipv4Schema } from '@hostdeck/contracts/grammars';
import { defineRecipe } from '../recipe.js';

/**
 * The line the join step prints with the member's public key (its private key never leaves the
 * server): `hostdeck-private-network-key <base64>`.
 */
export const PRIVATE_NETWORK_KEY_LINE = 'hostdeck-private-network-key';

/** The member's public key from the join step's output, or null when the line is missing. */
export function parsePrivateNetworkPublicKey(output: string): string | null {
  const pattern = new RegExp(`^${PRIVATE_NETWORK_KEY_LINE} ([A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=)$`, 'm');
  return pattern.exec(output)?.[1] ?? null;
}

/** The ufw comment of a network's rules (not `hostdeck:`, which names the firewall page's rules). */
export const privateNetworkUfwComment = (networkInterface: string) => `hostdeck-network:${networkInterface}`;

/**
 * Joins a server to a private network: installs wireguard-tools when missing, makes the member's
 * key on the server (kept when it already has one), writes `/etc/wireguard/<interface>.conf`
 * (0600; the [Peer] blocks already there are kept) and enables and starts `wg-quick@<interface>`.
 * Prints the public key (PRIVATE_NETWORK_KEY_LINE). Running it twice changes nothing.
 */
export const privateNetworkJoin = defineRecipe({
  id: 'private-network-join',
  input: z.strictObject({
    interface: privateNetworkInterfaceSchema,
    address: ipv4Schema,
    port: privateNetworkPortSchema,
  }),
  steps: [
    {
      id: 'join',
      title: 'Set up the private network interface',
      script: 'private-networks/join.sh',
      timeoutMs: 600_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_INTERFACE: input.interface,
    HD_ADDRESS: input.address,
    HD_PORT: String(input.port),
  }),
  example: { interface: 'hdnet1', address: '10.77.1.1', port: 51821 },
});

/**
 * Sets a member's peers to exactly the network's other members: live with `wg set` (the tunnel
 * to a peer that stays is never dropped), persisted in the [Peer] blocks of its file; when ufw is
 * active, the network's port is allowed from those members' addresses only and what comes in on
 * the interface is allowed (comment `hostdeck-network:<interface>`); rules of members that left
 * are removed.
 */
export const privateNetworkPeers = defineRecipe({
  id: 'private-network-peers',
  input: z.strictObject({
    interface: privateNetworkInterfaceSchema,
    port: privateNetworkPortSchema,
    peers: z.array(privateNetworkPeerSchema).max(253),
  }),
  steps: [
    {
      id: 'peers',
      title: 'Update the private network peers',
      script: 'private-networks/peers.sh',
      timeoutMs: 120_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_INTERFACE: input.interface,
    HD_PORT: String(input.port),
    HD_UFW_COMMENT: privateNetworkUfwComment(input.interface),
    // One `KEY ENDPOINT ADDRESS` per line: every value passed its grammar (no space, no newline).
    HD_PEERS: input.peers.map((peer) => `${peer.public_key} ${peer.endpoint} ${peer.address}`).join('\n'),
  }),
  example: {
    interface: 'hdnet1',
    port: 51821,
    peers: [
      {
        public_key: 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=',
        endpoint: '192.0.2.10',
        address: '10.77.1.2',
      },
    ],
  },
});

/**
 * Takes a server out of a private network: stops and disables `wg-quick@<interface>`, removes its
 * file (the key with it) and the network's ufw rules. A member already gone is fine.
 */
export const privateNetworkLeave = defineRecipe({
  id: 'private-network-leave',
  input: z.strictObject({ interface: privateNetworkInterfaceSchema }),
  steps: [
    {
      id: 'leave',
      title: 'Remove the private network interface',
      script: 'private-networks/leave.sh',
      timeoutMs: 120_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_INTERFACE: input.interface,
    HD_UFW_COMMENT: privateNetworkUfwComment(input.interface),
  }),
  example: { interface: 'hdnet1' },
});
