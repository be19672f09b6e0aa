import { describe, expect, it } from 'vitest';
import {
  createPrivateNetworkBodySchema,
  privateNetworkAddress,
  privateNetworkCidr,
  privateNetworkInterface,
  privateNetworkNameSchema,
  privateNetworkPort,
} from '@hostdeck/contracts/private-networks';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import {
  parsePrivateNetworkPublicKey,
  privateNetworkJoin,
  privateNetworkLeave,
  privateNetworkPeers,
} from './index.js';

const KEY = 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=';
const frame = (stdin: Buffer) => stdin.toString('utf8');

describe('private network names', () => {
  it('accepts short lowercase names', () => {
    for (const name of ['db', 'db-net', 'a', 'x1', 'a'.repeat(32)])
      expect(privateNetworkNameSchema.safeParse(name).success, name).toBe(true);
  });

  it('refuses injection, options, control characters, white space and over-long names', () => {
    for (const name of [
      ...SHELL_INJECTION_PAYLOADS,
      '-db',
      '--help',
      'db-',
      'DB',
      'db net',
      ' db',
      'db\n',
      'db\tnet',
      'db\u0000',
      'db\u007f',
      'db\u2028',
      'db;id',
      'db$(id)',
      '../db',
      'a'.repeat(33),
      '',
    ])
      expect(privateNetworkNameSchema.safeParse(name).success, JSON.stringify(name)).toBe(false);
  });

  it('needs 2 to 50 different servers', () => {
    const body = (servers: unknown[]) => createPrivateNetworkBodySchema.safeParse({ name: 'db', servers });
    expect(body([1, 2]).success).toBe(true);
    expect(body([1]).success).toBe(false);
    expect(body([1, 1]).success).toBe(false);
    expect(body([1, '2; id']).success).toBe(false);
    expect(body([1, -2]).success).toBe(false);
    expect(body(Array.from({ length: 51 }, (_, index) => index + 1)).success).toBe(false);
  });
});

describe('private network ranges', () => {
  it('gives each network its own interface, /24 and port', () => {
    expect(privateNetworkInterface(7)).toBe('hdnet7');
    expect(privateNetworkCidr(1)).toBe('10.77.1.0/24');
    expect(privateNetworkCidr(255)).toBe('10.77.255.0/24');
    expect(privateNetworkCidr(256)).toBe('10.78.0.0/24');
    expect(privateNetworkAddress('10.77.3.0/24', 2)).toBe('10.77.3.2');
    expect(privateNetworkPort(1)).toBe(51821);
    expect(privateNetworkPort(10_001)).toBe(51821);
  });
});

describe('private network recipes', () => {
  it('pass their values in the environment only', () => {
    const join = frame(buildStepInvocation(privateNetworkJoin, 'join', privateNetworkJoin.example).stdin);
    expect(join).toContain('HD_INTERFACE=hdnet1\0');
    expect(join).toContain('HD_ADDRESS=10.77.1.1\0');
    expect(join).toContain('HD_PORT=51821\0');
    const peers = frame(buildStepInvocation(privateNetworkPeers, 'peers', privateNetworkPeers.example).stdin);
    expect(peers).toContain(`HD_PEERS=${KEY} 192.0.2.10 10.77.1.2\0`);
    expect(peers).toContain('HD_UFW_COMMENT=hostdeck-network:hdnet1\0');
  });

  it('refuse hostile values in every field before anything runs', () => {
    const cases: [
      typeof privateNetworkJoin | typeof privateNetworkPeers | typeof privateNetworkLeave,
      string,
      (value: string) => unknown,
    ][] = [
      [privateNetworkJoin, 'join', (value) => ({ ...privateNetworkJoin.example, interface: value })],
      [privateNetworkJoin, 'join', (value) => ({ ...privateNetworkJoin.example, address: value })],
      [privateNetworkLeave, 'leave', (value) => ({ interface: value })],
      [
        privateNetworkPeers,
        'peers',
        (value) => ({
          ...privateNetworkPeers.example,
          peers: [{ public_key: value, endpoint: '192.0.2.1', address: '10.77.1.2' }],
        }),
      ],
      [
        privateNetworkPeers,
        'peers',
        (value) => ({
          ...privateNetworkPeers.example,
          peers: [{ public_key: KEY, endpoint: value, address: '10.77.1.2' }],
        }),
      ],
      [
        privateNetworkPeers,
        'peers',
        (value) => ({
          ...privateNetworkPeers.example,
          peers: [{ public_key: KEY, endpoint: '192.0.2.1', address: value }],
        }),
      ],
    ];
    for (const [recipe, step, input] of cases) {
      for (const payload of [
        ...SHELL_INJECTION_PAYLOADS,
        'wg0',
        'hdnet0',
        'hdnet1 ',
        `${KEY}\n${KEY}`,
        '-hdnet1',
      ]) {
        expect(
          () => buildStepInvocation(recipe, step, input(payload)),
          `${recipe.id} ${JSON.stringify(payload)}`,
        ).toThrow(RecipeInputError);
      }
    }
    for (const port of [0, 80, 65536, 1.5, '51821; id', '-1'])
      expect(() =>
        buildStepInvocation(privateNetworkJoin, 'join', { ...privateNetworkJoin.example, port }),
      ).toThrow(RecipeInputError);
  });

  it('reads the public key the join step printed, and nothing else', () => {
    expect(parsePrivateNetworkPublicKey(`::hostdeck::info::x\nhostdeck-private-network-key ${KEY}\n`)).toBe(
      KEY,
    );
    expect(parsePrivateNetworkPublicKey(`hostdeck-private-network-key ${KEY}x\n`)).toBeNull();
    expect(parsePrivateNetworkPublicKey('hostdeck-private-network-key $(id)\n')).toBeNull();
    expect(parsePrivateNetworkPublicKey('')).toBeNull();
  });
});
