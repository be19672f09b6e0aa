import { createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVENT_STATUS } from '@hostdeck/contracts';
import {
  WIREGUARD_EVENT_TYPES,
  WIREGUARD_KEY_PATTERN,
  WIREGUARD_MODEL_TYPE,
} from '@hostdeck/contracts/wireguard';
import type { WireguardInventory } from '@hostdeck/recipes/wireguard';
import type { EventRow } from '../events/events.repository.js';
import type { FinishedEventHandler } from '../jobs/event-hooks.js';
import {
  generateWireguardKeyPair,
  generateWireguardPresharedKey,
  renderClientConfig,
} from './wireguard-config.js';
import { presentWireguard } from './wireguard-presenter.js';
import { registerWireguardEventHandlers } from './wireguard.events.js';
import type { WireguardClientRow } from './wireguard.repository.js';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors.js';
import { createWireguardService, nextFreeAddress, usedAddresses } from './wireguard.service.js';

const KEY_B = 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=';

const emptyInventory = (): WireguardInventory => ({
  installed: true,
  configured: true,
  up: true,
  port: 51820,
  publicKey: KEY_B,
  peers: [],
  saved: [],
});

const row = (overrides: Partial<WireguardClientRow>): WireguardClientRow => ({
  id: 1,
  serverId: 7,
  name: 'laptop',
  address: '10.8.0.2',
  publicKey: 'yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=',
  sealedPrivateKey: 'v1:secret',
  sealedPresharedKey: 'v1:psk',
  enabled: true,
  status: 'active',
  createdAt: new Date('2026-11-29T05:00:00Z'),
  ...overrides,
});

describe('WireGuard keys made by the panel', () => {
  it('are X25519 pairs in wg encoding: the public key is the private key’s', () => {
    const pair = generateWireguardKeyPair();
    expect(pair.privateKey).toMatch(WIREGUARD_KEY_PATTERN);
    expect(pair.publicKey).toMatch(WIREGUARD_KEY_PATTERN);
    expect(Buffer.from(pair.privateKey, 'base64')).toHaveLength(32);
    // The public half is the one X25519 derives from the private half (as `wg pubkey` does).
    const pkcs8 = Buffer.concat([
      Buffer.from('302e020100300506032b656e04220420', 'hex'),
      Buffer.from(pair.privateKey, 'base64'),
    ]);
    const derived = createPublicKey(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }))
      .export({ format: 'der', type: 'spki' })
      .subarray(-32)
      .toString('base64');
    expect(derived).toBe(pair.publicKey);
    expect(generateWireguardKeyPair().publicKey).not.toBe(pair.publicKey);
    expect(generateWireguardPresharedKey()).toMatch(WIREGUARD_KEY_PATTERN);
  });
});

describe('the client config', () => {
  const input = {
    privateKey: 'PRIVATE',
    presharedKey: 'PSK',
    address: '10.8.0.3',
    serverPublicKey: KEY_B,
    host: '203.0.113.5',
    port: 51820,
    route: 'all' as const,
  };

  it('routes everything through the tunnel, or only the WireGuard network', () => {
    expect(renderClientConfig(input)).toBe(
      [
        '[Interface]',
        'PrivateKey = PRIVATE',
        'Address = 10.8.0.3/32',
        '',
        '[Peer]',
        `PublicKey = ${KEY_B}`,
        'PresharedKey = PSK',
        'AllowedIPs = 0.0.0.0/0, ::/0',
        'Endpoint = 203.0.113.5:51820',
        'PersistentKeepalive = 25',
        '',
      ].join('\n'),
    );
    expect(renderClientConfig({ ...input, route: 'network' })).toContain('AllowedIPs = 10.8.0.0/24\n');
  });

  it('brackets an IPv6 endpoint', () => {
    expect(renderClientConfig({ ...input, host: '2001:db8::5' })).toContain('Endpoint = [2001:db8::5]:51820');
  });
});

describe('addresses', () => {
  it('takes the lowest one no client and no peer on the server holds', () => {
    const inventory = emptyInventory();
    inventory.peers.push({
      publicKey: KEY_B,
      endpoint: null,
      allowedIps: ['10.8.0.3/32', '10.9.0.0/24'],
      latestHandshake: 0,
      transferRx: 0,
      transferTx: 0,
    });
    inventory.saved.push({ publicKey: KEY_B, allowedIps: ['10.8.0.5/32'] });
    const used = usedAddresses([row({ address: '10.8.0.2' }), row({ address: '10.8.0.4' })], inventory);
    expect(nextFreeAddress(used)).toBe('10.8.0.6');
  });

  it('answers null when .2 to .254 are all taken', () => {
    const used = new Set(Array.from({ length: 253 }, (_, index) => `10.8.0.${index + 2}`));
    expect(nextFreeAddress(used)).toBeNull();
  });
});

describe('the list', () => {
  it('shows the panel’s clients with what wg0 says, then the peers made by hand', () => {
    const inventory = emptyInventory();
    inventory.peers.push(
      {
        publicKey: row({}).publicKey,
        endpoint: '192.0.2.9:40000',
        allowedIps: ['10.8.0.2/32'],
        latestHandshake: 1_795_928_400,
        transferRx: 10,
        transferTx: 20,
      },
      {
        publicKey: KEY_B,
        endpoint: null,
        allowedIps: ['10.8.0.200/32'],
        latestHandshake: 0,
        transferRx: 0,
        transferTx: 0,
      },
    );
    inventory.saved.push({ publicKey: KEY_B, allowedIps: ['10.8.0.200/32'] });
    const list = presentWireguard([row({})], inventory, 51820);
    expect(list.data).toHaveLength(2);
    expect(list.data[0]).toMatchObject({
      id: 1,
      name: 'laptop',
      managed: true,
      connected_peer: true,
      last_handshake: '2026-11-29T05:00:00.000Z',
      transfer_rx: 10,
    });
    expect(list.data[1]).toMatchObject({
      id: null,
      managed: false,
      address: '10.8.0.200',
      last_handshake: null,
    });
    // Never a private or preshared key.
    expect(JSON.stringify(list)).not.toContain('v1:');
  });
});

describe('the finished-event handler', () => {
  function setup(client: WireguardClientRow) {
    let handler: FinishedEventHandler | undefined;
    const rows = new Map([[client.id, { ...client }]]);
    registerWireguardEventHandlers(
      { onFinished: (_prefix: string, registered: FinishedEventHandler) => (handler = registered) } as never,
      {
        findOnServer: async (_server, id) => rows.get(id),
        update: async (id, values) => void rows.set(id, { ...rows.get(id)!, ...values }),
        remove: async (id) => void rows.delete(id),
      },
    );
    const finish = (type: string, status: string) =>
      handler!({
        type,
        status,
        modelType: WIREGUARD_MODEL_TYPE,
        modelId: client.id,
        serverId: client.serverId,
      } as EventRow);
    return { rows, finish };
  }

  it.each([
    ['create', EVENT_STATUS.finished, 'creating', { status: 'active' }],
    ['create', EVENT_STATUS.error, 'creating', null],
    ['create', EVENT_STATUS.cancelled, 'creating', null],
    ['delete', EVENT_STATUS.finished, 'deleting', null],
    ['delete', EVENT_STATUS.error, 'deleting', { status: 'active' }],
    ['disable', EVENT_STATUS.finished, 'active', { enabled: false }],
    ['disable', EVENT_STATUS.error, 'active', { enabled: true }],
  ] as const)('%s ended %s: settled', async (type, status, before, after) => {
    const { rows, finish } = setup(row({ status: before }));
    const keys = await finish(WIREGUARD_EVENT_TYPES[type], status);
    expect(keys).toEqual(['servers']);
    if (after === null) expect(rows.has(1)).toBe(false);
    else expect(rows.get(1)).toMatchObject(after);
  });
});

describe('the service', () => {
  function setup(rows: WireguardClientRow[] = []) {
    const abilities: string[] = [];
    const started: { recipeId: string; input: Record<string, unknown> }[] = [];
    const removed: number[] = [];
    const sealed = (value: string, purpose: string) => `sealed:${purpose}:${value}`;
    const service = createWireguardService({
      policy: {
        authorizeServer: async (_caller, _server, ability) => {
          abilities.push(ability);
          if (ability === 'manage' && _caller.id !== 1) throw new NotFoundError();
          return {} as never;
        },
      },
      servers: {
        findRow: async () =>
          ({
            id: 7,
            ip: '203.0.113.5',
            wireguardPort: null,
            sealedPassword: 'x',
            sealedPrivateKey: null,
          }) as never,
      },
      repository: {
        listForServer: async () => rows,
        findOnServer: async (_server: number, id: number) => rows.find((candidate) => candidate.id === id),
        insert: async (values: Partial<WireguardClientRow>) => row({ ...values, id: 9, status: 'creating' }),
        update: async () => {},
        remove: async (id: number) => void removed.push(id),
        setPort: async () => {},
      } as never,
      events: {
        startRecipe: async (request) => {
          started.push({ recipeId: request.recipeId, input: request.input as Record<string, unknown> });
          return { id: 42 } as never;
        },
      },
      inventory: { read: async () => emptyInventory() as never },
      secretBox: { seal: sealed, open: (value) => value.split(':').at(-1)! },
    });
    return { service, abilities, started, removed };
  }
  const owner = { id: 1 } as never;
  const viewer = { id: 2 } as never;

  it('lists with view, downloads and shows the QR with manage only', async () => {
    const { service, abilities } = setup([row({ sealedPrivateKey: 'sealed:k:PRIVATE' })]);
    await service.list(viewer, 7);
    expect(abilities).toEqual(['view']);
    await expect(service.download(viewer, 7, 1, 'all')).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.qr(viewer, 7, 1, 'all')).rejects.toBeInstanceOf(NotFoundError);
    const { config } = await service.download(owner, 7, 1, 'all');
    expect(config).toContain('PrivateKey = PRIVATE');
    expect(config).toContain('Endpoint = 203.0.113.5:51820');
  });

  it('creates with the next free address and the preshared key as the recipe’s input', async () => {
    const { service, started } = setup([row({})]);
    expect(await service.create(owner, 7, { name: 'phone' })).toEqual({ data: { id: 42 } });
    expect(started[0]).toMatchObject({
      recipeId: 'wireguard-peer-add',
      input: { port: 51820, name: 'phone', address: '10.8.0.3' },
    });
    expect(started[0]!.input.preshared_key).toMatch(WIREGUARD_KEY_PATTERN);
    await expect(service.create(owner, 7, { name: 'laptop' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('refuses a second action on a client whose event still runs', async () => {
    const { service } = setup([row({ status: 'deleting' })]);
    await expect(service.remove(owner, 7, 1)).rejects.toBeInstanceOf(ConflictError);
    await expect(service.setEnabled(owner, 7, 1, false)).rejects.toBeInstanceOf(ConflictError);
  });
});
