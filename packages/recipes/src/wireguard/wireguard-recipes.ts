import { z } from 'zod';
import {
  wireguardClientAddressSchema,
  wireguardClientNameSchema,
  wireguardKeySchema,
} from '@hostdeck/contracts/wireguard';
import { defineRecipe } from '../recipe.js';

const EXAMPLE_KEY = 'yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=';
const EXAMPLE_PRESHARED_KEY = 'FpCyhws9cxwWoV4xELtfJvjJN+zQVRPISllRWgeopVE=';

/** wg0's UDP port (servers.wireguard_port). */
const portSchema = z.number().int().min(1).max(65535);

/**
 * The read-only inventory the panel runs each time it lists a server's WireGuard (never as an
 * event): installed, wg0's state, port and public key, its live peers with handshake and
 * transfer, and the peers saved in wg0.conf (scripts/wireguard/inventory.sh).
 */
export const wireguardInventory = defineRecipe({
  id: 'wireguard-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read WireGuard',
      script: 'wireguard/inventory.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

/**
 * Adds a client as a peer of wg0 (create and enable): wg0 made the first time (its key made on
 * the server), then the peer added live and saved. The preshared key travels on stdin.
 */
export const wireguardPeerAdd = defineRecipe({
  id: 'wireguard-peer-add',
  input: z.strictObject({
    port: portSchema,
    name: wireguardClientNameSchema,
    public_key: wireguardKeySchema,
    preshared_key: wireguardKeySchema,
    address: wireguardClientAddressSchema,
  }),
  steps: [
    {
      id: 'interface',
      title: 'Set up the WireGuard interface',
      script: 'wireguard/interface.sh',
      timeoutMs: 120_000,
      idempotent: true,
    },
    {
      id: 'peer',
      title: 'Add the peer live and save it',
      script: 'wireguard/peer-add.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_PORT: String(input.port),
    HD_NAME: input.name,
    HD_PUBLIC_KEY: input.public_key,
    HD_ADDRESS: input.address,
  }),
  secrets: (input) => input.preshared_key,
  example: {
    port: 51820,
    name: 'phone',
    public_key: EXAMPLE_KEY,
    preshared_key: EXAMPLE_PRESHARED_KEY,
    address: '10.8.0.2',
  },
});

/** Removes a peer from wg0 live and from wg0.conf (disable and delete). */
export const wireguardPeerRemove = defineRecipe({
  id: 'wireguard-peer-remove',
  input: z.strictObject({ public_key: wireguardKeySchema }),
  steps: [
    {
      id: 'peer',
      title: 'Remove the peer live and from the saved configuration',
      script: 'wireguard/peer-remove.sh',
      timeoutMs: 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_PUBLIC_KEY: input.public_key }),
  example: { public_key: EXAMPLE_KEY },
});
