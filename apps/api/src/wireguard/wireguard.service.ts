import { ERROR_IDS } from '@hostdeck/contracts';
import {
  WIREGUARD_EVENT_TYPES,
  WIREGUARD_FIRST_HOST,
  WIREGUARD_DEFAULT_PORT,
  WIREGUARD_LAST_HOST,
  WIREGUARD_MESSAGES,
  WIREGUARD_MODEL_TYPE,
  WIREGUARD_NETWORK_PREFIX,
  WIREGUARD_SERVER_ADDRESS,
  type CreateWireguardClientBody,
  type WireguardList,
  type WireguardRoute,
} from '@hostdeck/contracts/wireguard';
import {
  parseWireguardInventory,
  wireguardInventory,
  wireguardPeerAdd,
  wireguardPeerRemove,
  type WireguardInventory,
} from '@hostdeck/recipes/wireguard';
import type { SecretBox } from '../crypto/secret-box.js';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import {
  generateWireguardKeyPair,
  generateWireguardPresharedKey,
  renderClientConfig,
  renderConfigQr,
} from './wireguard-config.js';
import { presentWireguard } from './wireguard-presenter.js';
import type { WireguardClientRow, WireguardRepository } from './wireguard.repository.js';

/** Purposes the client's keys are sealed for (secret box). */
export const WIREGUARD_PRIVATE_KEY_PURPOSE = 'wireguard_clients.private_key';
export const WIREGUARD_PRESHARED_KEY_PURPOSE = 'wireguard_clients.preshared_key';

/** A request the server cannot serve as it is (422, shown as the message). */
export class WireguardError extends DomainError {
  readonly status = 422;
  readonly id = ERROR_IDS.validation;
}

export interface WireguardDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  servers: Pick<ServersRepository, 'findRow'>;
  repository: WireguardRepository;
  events: Pick<EventsService, 'startRecipe'>;
  inventory: Pick<InventoryReader, 'read'>;
  secretBox: Pick<SecretBox, 'seal' | 'open'>;
}

/** The addresses of 10.8.0.0/24 that a row or a peer (live or saved) already holds. */
export function usedAddresses(
  rows: readonly { address: string }[],
  inventory: WireguardInventory,
): Set<string> {
  const used = new Set<string>([WIREGUARD_SERVER_ADDRESS, ...rows.map((row) => row.address)]);
  for (const peer of [...inventory.peers, ...inventory.saved]) {
    for (const allowed of peer.allowedIps) {
      if (allowed.endsWith('/32')) used.add(allowed.slice(0, -3));
    }
  }
  return used;
}

/** The lowest free client address (.2-.254), or null when every one is taken. */
export function nextFreeAddress(used: ReadonlySet<string>): string | null {
  for (let host = WIREGUARD_FIRST_HOST; host <= WIREGUARD_LAST_HOST; host += 1) {
    const address = `${WIREGUARD_NETWORK_PREFIX}${host}`;
    if (!used.has(address)) return address;
  }
  return null;
}

/**
 * WireGuard clients of a server (issue 18): reads live from the server while the request waits
 * (`view`), changes as `wireguard-peer-*` recipe events (`manage`) whose end settles the rows
 * (wireguard.events.ts). The client's `.conf` and QR code hold its private key: `manage` only.
 * Another user's server, and a client of another server, answer 404.
 */
export function createWireguardService(dependencies: WireguardDependencies) {
  const { policy, servers, repository, events, inventory, secretBox } = dependencies;

  async function connectedServer(caller: Caller, serverId: number, ability: 'view' | 'manage') {
    await policy.authorizeServer(caller, serverId, ability);
    const server = await servers.findRow(serverId);
    if (!server) throw new NotFoundError();
    if (!(server.sealedPrivateKey ?? server.sealedPassword))
      throw new ServerError(SERVER_MESSAGES.notConnected);
    return server;
  }

  const readInventory = (serverId: number) =>
    inventory.read(serverId, wireguardInventory, {}, parseWireguardInventory);

  async function findClient(serverId: number, clientId: number) {
    const client = await repository.findOnServer(serverId, clientId);
    if (!client) throw new NotFoundError();
    return client;
  }

  function requireSettled(client: WireguardClientRow) {
    if (client.status !== 'active') throw new ConflictError(WIREGUARD_MESSAGES.busy);
  }

  function peerAddInput(client: WireguardClientRow, port: number) {
    if (!client.sealedPresharedKey) throw new WireguardError(WIREGUARD_MESSAGES.invalid);
    return {
      port,
      name: client.name,
      public_key: client.publicKey,
      preshared_key: secretBox.open(client.sealedPresharedKey, WIREGUARD_PRESHARED_KEY_PURPOSE),
      address: client.address,
    };
  }

  async function clientConfig(caller: Caller, serverId: number, clientId: number, route: WireguardRoute) {
    const server = await connectedServer(caller, serverId, 'manage');
    const client = await findClient(serverId, clientId);
    const state = await readInventory(serverId);
    const port = state.port ?? server.wireguardPort;
    if (!state.publicKey || !port) throw new WireguardError(WIREGUARD_MESSAGES.notReady);
    const config = renderClientConfig({
      privateKey: secretBox.open(client.sealedPrivateKey, WIREGUARD_PRIVATE_KEY_PURPOSE),
      presharedKey: client.sealedPresharedKey
        ? secretBox.open(client.sealedPresharedKey, WIREGUARD_PRESHARED_KEY_PURPOSE)
        : null,
      address: client.address,
      serverPublicKey: state.publicKey,
      host: server.ip,
      port,
      route,
    });
    return { name: client.name, config };
  }

  return {
    /** GET api/servers/{server}/wireguard: the panel's clients and the peers found on wg0. */
    async list(caller: Caller, serverId: number): Promise<WireguardList> {
      const server = await connectedServer(caller, serverId, 'view');
      const state = await readInventory(serverId);
      return presentWireguard(await repository.listForServer(serverId), state, server.wireguardPort);
    },

    /**
     * POST api/servers/{server}/wireguard: keys made here (X25519, sealed), the next free address
     * (rows and the peers on the server), then the peer added by an event. wg0 is made by that
     * event the first time, on `wireguard_port` (51820 when the server has none yet).
     */
    async create(caller: Caller, serverId: number, body: CreateWireguardClientBody) {
      const server = await connectedServer(caller, serverId, 'manage');
      const state = await readInventory(serverId);
      if (!state.installed) throw new WireguardError(WIREGUARD_MESSAGES.notInstalled);
      const rows = await repository.listForServer(serverId);
      if (rows.some((row) => row.name === body.name)) {
        throw new ValidationError({ name: [WIREGUARD_MESSAGES.nameTaken] });
      }
      const address = nextFreeAddress(usedAddresses(rows, state));
      if (!address) throw new WireguardError(WIREGUARD_MESSAGES.full);
      const port = server.wireguardPort ?? state.port ?? WIREGUARD_DEFAULT_PORT;
      if (server.wireguardPort === null) await repository.setPort(serverId, port);

      const keys = generateWireguardKeyPair();
      const presharedKey = generateWireguardPresharedKey();
      const client = await repository.insert({
        serverId,
        name: body.name,
        address,
        publicKey: keys.publicKey,
        sealedPrivateKey: secretBox.seal(keys.privateKey, WIREGUARD_PRIVATE_KEY_PURPOSE),
        sealedPresharedKey: secretBox.seal(presharedKey, WIREGUARD_PRESHARED_KEY_PURPOSE),
      });
      // Another request took the name or the address between the read and the insert.
      if (!client) throw new ValidationError({ name: [WIREGUARD_MESSAGES.nameTaken] });
      try {
        const event = await events.startRecipe({
          userId: caller.id,
          serverId,
          server,
          recipeId: wireguardPeerAdd.id,
          input: peerAddInput(client, port),
          type: WIREGUARD_EVENT_TYPES.create,
          description: { id: 'createWireguardClient', values: { name: client.name, address } },
          modelId: client.id,
          modelType: WIREGUARD_MODEL_TYPE,
        });
        return { data: { id: event.id } };
      } catch (error) {
        await repository.remove(client.id);
        throw error;
      }
    },

    /** POST …/{client}/enable and /disable: the peer added or removed live; the row stays. */
    async setEnabled(caller: Caller, serverId: number, clientId: number, enabled: boolean) {
      const server = await connectedServer(caller, serverId, 'manage');
      const client = await findClient(serverId, clientId);
      requireSettled(client);
      const port = server.wireguardPort ?? WIREGUARD_DEFAULT_PORT;
      const event = await events.startRecipe({
        userId: caller.id,
        serverId,
        server,
        ...(enabled
          ? {
              recipeId: wireguardPeerAdd.id,
              input: peerAddInput(client, port),
              type: WIREGUARD_EVENT_TYPES.enable,
              description: { id: 'enableWireguardClient' as const, values: { name: client.name } },
            }
          : {
              recipeId: wireguardPeerRemove.id,
              input: { public_key: client.publicKey },
              type: WIREGUARD_EVENT_TYPES.disable,
              description: { id: 'disableWireguardClient' as const, values: { name: client.name } },
            }),
        modelId: client.id,
        modelType: WIREGUARD_MODEL_TYPE,
      });
      return { data: { id: event.id } };
    },

    /** DELETE …/{client}: `deleting` until its event ends; the row goes when the peer did. */
    async remove(caller: Caller, serverId: number, clientId: number) {
      const server = await connectedServer(caller, serverId, 'manage');
      const client = await findClient(serverId, clientId);
      requireSettled(client);
      await repository.update(client.id, { status: 'deleting' });
      try {
        const event = await events.startRecipe({
          userId: caller.id,
          serverId,
          server,
          recipeId: wireguardPeerRemove.id,
          input: { public_key: client.publicKey },
          type: WIREGUARD_EVENT_TYPES.delete,
          description: { id: 'deleteWireguardClient', values: { name: client.name } },
          modelId: client.id,
          modelType: WIREGUARD_MODEL_TYPE,
        });
        return { data: { id: event.id } };
      } catch (error) {
        await repository.update(client.id, { status: 'active' });
        throw error;
      }
    },

    /** GET …/{client}/download: the `.conf` (with its private key), `manage` only. */
    download: clientConfig,

    /** GET …/{client}/qr: the same `.conf` as a QR code (PNG data URL) and as text. */
    async qr(caller: Caller, serverId: number, clientId: number, route: WireguardRoute) {
      const { name, config } = await clientConfig(caller, serverId, clientId, route);
      return { data: { name, config, qr: await renderConfigQr(config) } };
    },
  };
}
export type WireguardService = ReturnType<typeof createWireguardService>;
