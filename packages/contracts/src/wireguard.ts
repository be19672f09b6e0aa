import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { isSafeValue } from './grammars.js';
import { defineRoutes, idParamSchema } from './route-contract.js';
import { defineServerSection } from './server-sections.js';
import { UPDATE_KEYS } from './update-keys.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * WireGuard on a server (issue 18, spec/000 §2 /servers/{server}/wireguard, §3 wireguard_port and
 * WireGuard client users, §7 WireGuard download, list, create, delete). One interface, `wg0`, on
 * `servers.wireguard_port` (51820 when first made), address 10.8.0.1/24; its key is made on the
 * server and never leaves it. Each client is one peer with a key made by the panel (sealed at
 * rest: its `.conf` holds it), added and removed LIVE (`wg set`, the other peers keep their
 * tunnel) and persisted in /etc/wireguard/wg0.conf. Peers the panel did not make are listed and
 * kept. docs/wireguard.md.
 */

/** English messages (i18n keys); Vietnamese in apps/api/src/wireguard/wireguard.vi.ts. */
export const WIREGUARD_MESSAGES = {
  name: 'Use 1 to 32 letters, digits and . _ - starting with a letter or a digit',
  nameTaken: 'A client of this name already exists on this server',
  full: 'Every address of the WireGuard network is in use',
  busy: 'This client is being changed: wait until its event ends',
  notInstalled: 'WireGuard is not installed on this server',
  notReady: 'The WireGuard interface is not up on this server yet',
  invalid: VALIDATION_MESSAGES.invalid,
} as const;

/** The interface every client is a peer of, and its network (the server is .1). */
export const WIREGUARD_INTERFACE = 'wg0';
export const WIREGUARD_DEFAULT_PORT = 51820;
export const WIREGUARD_NETWORK_PREFIX = '10.8.0.';
export const WIREGUARD_SERVER_ADDRESS = '10.8.0.1';
/** Clients get .2 to .254. */
export const WIREGUARD_FIRST_HOST = 2;
export const WIREGUARD_LAST_HOST = 254;

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;
/**
 * A client's name: 1-32 ASCII letters, digits and `. _ -`, starting with a letter or a digit (so
 * never an option), no `..`. It names the `.conf` file and the peer's marker comment in wg0.conf.
 */
export function isWireguardClientName(value: string): boolean {
  return isSafeValue(value) && NAME_PATTERN.test(value) && !value.includes('..');
}
export const wireguardClientNameSchema = z
  .string()
  .min(1, { abort: true })
  .refine(isWireguardClientName, { message: WIREGUARD_MESSAGES.name, abort: true });

/** A WireGuard key as `wg` prints it: base64 of 32 bytes (43 characters and `=`). */
export const WIREGUARD_KEY_PATTERN = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;
export const wireguardKeySchema = z
  .string()
  .refine((value) => WIREGUARD_KEY_PATTERN.test(value), { message: WIREGUARD_MESSAGES.invalid });

/** A client's tunnel address: 10.8.0.2 to 10.8.0.254. */
export function isWireguardClientAddress(value: string): boolean {
  if (!value.startsWith(WIREGUARD_NETWORK_PREFIX)) return false;
  const host = value.slice(WIREGUARD_NETWORK_PREFIX.length);
  if (!/^[1-9][0-9]{0,2}$/.test(host)) return false;
  const number = Number(host);
  return number >= WIREGUARD_FIRST_HOST && number <= WIREGUARD_LAST_HOST;
}
export const wireguardClientAddressSchema = z
  .string()
  .refine(isWireguardClientAddress, { message: WIREGUARD_MESSAGES.invalid });

export const WIREGUARD_CLIENT_STATUSES = ['creating', 'active', 'deleting'] as const;

/** One peer of wg0: a client the panel made (id set), or one it found there (id null). */
export const wireguardPeerSchema = z.object({
  /** The panel's client; null for a peer made by hand (kept, never removed by the panel). */
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  /** The tunnel address (no prefix); for a foreign peer, its first allowed IP. */
  address: z.string().nullable(),
  public_key: z.string(),
  enabled: z.boolean(),
  /** creating, active or deleting (an event is running); `active` for a foreign peer. */
  status: z.enum(WIREGUARD_CLIENT_STATUSES),
  managed: z.boolean(),
  /** Live on the interface now (`wg show`). */
  connected_peer: z.boolean(),
  endpoint: z.string().nullable(),
  /** ISO time of the last handshake, null when there was none. */
  last_handshake: z.string().nullable(),
  /** Bytes received from and sent to the peer. */
  transfer_rx: z.number().int(),
  transfer_tx: z.number().int(),
  created_at: z.string().nullable(),
});
export type WireguardPeer = z.infer<typeof wireguardPeerSchema>;

export const wireguardInfosSchema = z.object({
  /** `wg` is on the server (the WireGuard application). */
  installed: z.boolean(),
  /** /etc/wireguard/wg0.conf exists. */
  configured: z.boolean(),
  /** The interface is up. */
  up: z.boolean(),
  /** The port it listens on (the server's record when the interface is not up). */
  port: z.number().int().nullable(),
  /** The server's public key (its private key never leaves the server). */
  public_key: z.string().nullable(),
  address: z.string(),
});
export type WireguardInfos = z.infer<typeof wireguardInfosSchema>;

export const wireguardListSchema = z.object({
  data: z.array(wireguardPeerSchema),
  infos: wireguardInfosSchema,
});
export type WireguardList = z.infer<typeof wireguardListSchema>;

/** POST api/servers/{server}/wireguard. */
export const createWireguardClientBodySchema = z.strictObject({ name: wireguardClientNameSchema });
export type CreateWireguardClientBody = z.input<typeof createWireguardClientBodySchema>;

/**
 * What the client's traffic goes through the tunnel: `all` (AllowedIPs 0.0.0.0/0, ::/0, the
 * server forwards and NATs it) or `network` (only 10.8.0.0/24).
 */
export const WIREGUARD_ROUTES = ['all', 'network'] as const;
export type WireguardRoute = (typeof WIREGUARD_ROUTES)[number];
export const wireguardConfigQuerySchema = z.object({
  route: z.enum(WIREGUARD_ROUTES, { error: WIREGUARD_MESSAGES.invalid }).default('all'),
});

/** The client's `.conf` as a QR code (a PNG data URL rendered by the API) and as text. */
export const wireguardQrResponseSchema = z.object({
  data: z.object({ name: z.string(), config: z.string(), qr: z.string() }),
});

const clientParams = z.object({ server: idParamSchema, client: idParamSchema });

/**
 * The section's contract (docs/adding-a-server-section.md): the list and the actions, each 201
 * with the event it started. The web's busy rows and reloads come from it (useSectionActions).
 */
export const wireguardSection = defineServerSection({
  name: 'wireguard',
  updateKey: UPDATE_KEYS.servers,
  list: { path: '/api/servers/:server/wireguard', query: z.object({}), item: wireguardPeerSchema },
  actions: {
    create: { method: 'POST', path: '/api/servers/:server/wireguard', body: createWireguardClientBodySchema },
    enable: {
      method: 'POST',
      path: '/api/servers/:server/wireguard/:client/enable',
      params: z.object({ client: idParamSchema }),
    },
    disable: {
      method: 'POST',
      path: '/api/servers/:server/wireguard/:client/disable',
      params: z.object({ client: idParamSchema }),
    },
    delete: {
      method: 'DELETE',
      path: '/api/servers/:server/wireguard/:client',
      params: z.object({ client: idParamSchema }),
    },
  },
});

export const wireguardRoutes = defineRoutes({
  /** `{ data, infos }`: the section's list with the interface's state. */
  list: { ...wireguardSection.list, response: wireguardListSchema },
  create: wireguardSection.actions.create,
  enable: wireguardSection.actions.enable,
  disable: wireguardSection.actions.disable,
  delete: wireguardSection.actions.delete,
  /** The `.conf` file itself (text/plain attachment), `manage` only: it holds the private key. */
  download: {
    method: 'GET',
    path: '/api/servers/:server/wireguard/:client/download',
    params: clientParams,
    query: wireguardConfigQuerySchema,
  },
  qr: {
    method: 'GET',
    path: '/api/servers/:server/wireguard/:client/qr',
    params: clientParams,
    query: wireguardConfigQuerySchema,
    response: wireguardQrResponseSchema,
  },
});

/**
 * The Update-data key its events publish (spec/000 §4 has no WireGuard key): `servers`, since a
 * client's change may also set the server's `wireguard_port`.
 */
export const WIREGUARD_UPDATE_KEY = wireguardSection.updateKey;

/** Event types (`events.type`) and the model they are about (the client's row). */
export const WIREGUARD_EVENT_PREFIX = 'wireguard_';
export const WIREGUARD_EVENT_TYPES = {
  create: 'wireguard_client_create',
  enable: 'wireguard_client_enable',
  disable: 'wireguard_client_disable',
  delete: 'wireguard_client_delete',
} as const;
export const WIREGUARD_MODEL_TYPE = 'wireguard_client';

export const WIREGUARD_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createWireguardClient: 'Create the WireGuard client {name} ({address})',
  enableWireguardClient: 'Enable the WireGuard client {name}',
  disableWireguardClient: 'Disable the WireGuard client {name}',
  deleteWireguardClient: 'Delete the WireGuard client {name}',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    wireguard: typeof WIREGUARD_EVENT_DESCRIPTIONS;
  }
}
