import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { ipSchema, ipv4Schema, isSafeValue } from './grammars.js';
import { defineRoutes } from './route-contract.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * A private network between one account's servers (issue 18, the WireGuard moonshot): its own
 * WireGuard interface `hdnet<id>` on every member, on the network's own UDP port and an address
 * in its /24, so a database can listen on the member's private address only. One action joins
 * several servers (a join event per server; once every member's public key is known, an event per
 * member sets its peers). Each member's key is made ON the member: only its public half reaches
 * the panel. docs/private-networks.md.
 */

/** English messages (i18n keys); Vietnamese in apps/api/src/private-networks/private-networks.vi.ts. */
export const PRIVATE_NETWORK_MESSAGES = {
  name: 'Use 1 to 32 lowercase letters, digits and hyphens, starting with a letter or digit',
  duplicateName: 'You already have a private network with this name',
  servers: 'Choose 2 to 50 different servers',
  alreadyMember: 'This server is already in the network',
  notMember: 'This server is not in the network',
  busy: 'Wait until the network has finished joining or leaving servers',
  full: 'The network has no free address left',
} as const;

/** The interface of network `id` on every member (at most 15 characters, as Linux allows). */
export const privateNetworkInterface = (networkId: number) => `hdnet${networkId}`;
export const PRIVATE_NETWORK_INTERFACE_PATTERN = /^hdnet[1-9][0-9]{0,8}$/;

/** The first UDP port of private networks (wg0 has 51820); network `id` listens on one of 10,000. */
export const PRIVATE_NETWORK_FIRST_PORT = 51821;
export const privateNetworkPort = (networkId: number) =>
  PRIVATE_NETWORK_FIRST_PORT + ((networkId - 1) % 10_000);

/**
 * The /24 of network `id`: `10.77.<id>.0/24` for the first 255 networks, then `10.78.…` and so on
 * (second octet up to 255), so two networks a server is in never share addresses.
 */
export function privateNetworkCidr(networkId: number): string {
  const second = 77 + Math.floor(networkId / 256);
  if (second > 255) throw new Error(`no private network range left for network ${networkId}`);
  return `10.${second}.${networkId % 256}.0/24`;
}

/** Host `n` (1-254) of a `a.b.c.0/24`. */
export function privateNetworkAddress(cidr: string, host: number): string {
  return `${cidr.split('.').slice(0, 3).join('.')}.${host}`;
}

export const PRIVATE_NETWORK_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

/** A network's name: 1-32 lowercase letters, digits and hyphens; no leading or trailing hyphen. */
export const privateNetworkNameSchema = z
  .string({ message: PRIVATE_NETWORK_MESSAGES.name })
  .refine((value) => isSafeValue(value) && PRIVATE_NETWORK_NAME_PATTERN.test(value), {
    message: PRIVATE_NETWORK_MESSAGES.name,
  });

/** `hdnet<id>`: the only interface names the recipes accept. */
export const privateNetworkInterfaceSchema = z
  .string()
  .refine((value) => PRIVATE_NETWORK_INTERFACE_PATTERN.test(value), { message: VALIDATION_MESSAGES.invalid });

/** A WireGuard public key: 32 bytes in base64 (44 characters, one `=`). */
export const WIREGUARD_KEY_PATTERN = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;
export const wireguardPublicKeySchema = z
  .string()
  .refine((value) => WIREGUARD_KEY_PATTERN.test(value), { message: VALIDATION_MESSAGES.invalid });

/** A network's UDP port (never a privileged one). */
export const privateNetworkPortSchema = z.number().int().min(1024).max(65535);

/** One peer as a member's recipe gets it: the other member's key, server address and private address. */
export const privateNetworkPeerSchema = z.strictObject({
  public_key: wireguardPublicKeySchema,
  endpoint: ipSchema,
  address: ipv4Schema,
});
export type PrivateNetworkPeer = z.infer<typeof privateNetworkPeerSchema>;

export const PRIVATE_NETWORK_MEMBER_STATUSES = ['joining', 'active', 'leaving', 'error'] as const;
export type PrivateNetworkMemberStatus = (typeof PRIVATE_NETWORK_MEMBER_STATUSES)[number];

export const privateNetworkMemberSchema = z.object({
  id: z.number().int(),
  server_id: z.number().int(),
  server_name: z.string(),
  /** The server's own (public) address: the other members' endpoint for it. */
  server_ip: z.string(),
  /** Its address in the network: what a database on it listens on. */
  address: z.string(),
  public_key: z.string().nullable(),
  status: z.enum(PRIVATE_NETWORK_MEMBER_STATUSES),
});
export type PrivateNetworkMember = z.infer<typeof privateNetworkMemberSchema>;

export const privateNetworkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cidr: z.string(),
  port: z.number().int(),
  interface: z.string(),
  created_at: z.string(),
  members: z.array(privateNetworkMemberSchema),
});
export type PrivateNetwork = z.infer<typeof privateNetworkSchema>;

const serverIdSchema = z.number({ message: VALIDATION_MESSAGES.invalid }).int().positive();
const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

/** POST api/private-networks: one action joins every server listed. */
export const createPrivateNetworkBodySchema = z.strictObject({
  name: privateNetworkNameSchema,
  servers: z
    .array(serverIdSchema)
    .min(2, { message: PRIVATE_NETWORK_MESSAGES.servers })
    .max(50, { message: PRIVATE_NETWORK_MESSAGES.servers })
    .refine(unique, { message: PRIVATE_NETWORK_MESSAGES.servers }),
});
export type CreatePrivateNetworkBody = z.input<typeof createPrivateNetworkBodySchema>;

/** POST api/private-networks/{network}/members. */
export const addPrivateNetworkMemberBodySchema = z.strictObject({ server_id: serverIdSchema });
export type AddPrivateNetworkMemberBody = z.input<typeof addPrivateNetworkMemberBodySchema>;

/** The events an action started: one per server. */
export const privateNetworkEventsSchema = z.array(
  z.object({ id: z.number().int(), server_id: z.number().int() }),
);
export type PrivateNetworkEvents = z.infer<typeof privateNetworkEventsSchema>;

export const privateNetworkActionResponseSchema = z.object({
  data: z.object({ network: privateNetworkSchema.nullable(), events: privateNetworkEventsSchema }),
});
export type PrivateNetworkAction = z.infer<typeof privateNetworkActionResponseSchema>['data'];

export const privateNetworkListResponseSchema = z.object({ data: z.array(privateNetworkSchema) });

export const privateNetworkRoutes = defineRoutes({
  /** The caller's networks. */
  list: {
    method: 'GET',
    path: '/api/private-networks',
    response: privateNetworkListResponseSchema,
  },
  /** The caller's networks a server is in (`view` on the server). */
  ofServer: {
    method: 'GET',
    path: '/api/servers/:server/private-networks',
    response: privateNetworkListResponseSchema,
  },
  create: {
    method: 'POST',
    path: '/api/private-networks',
    body: createPrivateNetworkBodySchema,
    response: privateNetworkActionResponseSchema,
  },
  destroy: {
    method: 'DELETE',
    path: '/api/private-networks/:network',
    response: privateNetworkActionResponseSchema,
  },
  addMember: {
    method: 'POST',
    path: '/api/private-networks/:network/members',
    body: addPrivateNetworkMemberBodySchema,
    response: privateNetworkActionResponseSchema,
  },
  removeMember: {
    method: 'DELETE',
    path: '/api/private-networks/:network/members/:server',
    response: privateNetworkActionResponseSchema,
  },
});

/** Event types (`events.type`); each is about one member (`private_network_member`, its id). */
export const PRIVATE_NETWORK_EVENT_PREFIX = 'private_network_';
export const PRIVATE_NETWORK_EVENT_TYPES = {
  join: 'private_network_join',
  peers: 'private_network_peers',
  leave: 'private_network_leave',
} as const;
export const PRIVATE_NETWORK_MODEL_TYPE = 'private_network_member';

export const PRIVATE_NETWORK_EVENT_DESCRIPTIONS = defineEventDescriptions({
  joinPrivateNetwork: 'Join the private network {network} as {address}',
  setPrivateNetworkPeers: 'Update the peers of the private network {network}',
  leavePrivateNetwork: 'Leave the private network {network}',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    'private-networks': typeof PRIVATE_NETWORK_EVENT_DESCRIPTIONS;
  }
}
