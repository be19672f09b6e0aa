import { SHELL_INJECTION_PAYLOADS, describeInjectionPayload } from '@hostdeck/contracts/testing';
import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { InventoryFormatError } from '../inventory.js';
import { RecipeInputError } from '../recipe.js';
import { parseWireguardInventory, wireguardPeerAdd, wireguardPeerRemove } from './index.js';

const KEY_A = 'yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=';
const KEY_B = 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=';
const PSK = 'FpCyhws9cxwWoV4xELtfJvjJN+zQVRPISllRWgeopVE=';

const OUTPUT = [
  'hostdeck-wireguard 1',
  'installed\tyes',
  'configured\tyes',
  'up\tyes',
  'port\t51820',
  `public\t${KEY_A}`,
  `peer\t${KEY_B}\t192.0.2.7:40000\t10.8.0.2/32\t1764390000\t1234\t5678`,
  `peer\t${KEY_A}\t(none)\t10.8.0.9/32,10.9.0.0/24\t0\t0\t0`,
  `saved\t${KEY_B}\t10.8.0.2/32`,
].join('\n');

describe('WireGuard inventory', () => {
  it('reads the interface, its live peers and the saved ones', () => {
    const inventory = parseWireguardInventory(OUTPUT);
    expect(inventory).toMatchObject({ installed: true, configured: true, up: true, port: 51820 });
    expect(inventory.publicKey).toBe(KEY_A);
    expect(inventory.peers).toEqual([
      {
        publicKey: KEY_B,
        endpoint: '192.0.2.7:40000',
        allowedIps: ['10.8.0.2/32'],
        latestHandshake: 1764390000,
        transferRx: 1234,
        transferTx: 5678,
      },
      {
        publicKey: KEY_A,
        endpoint: null,
        allowedIps: ['10.8.0.9/32', '10.9.0.0/24'],
        latestHandshake: 0,
        transferRx: 0,
        transferTx: 0,
      },
    ]);
    expect(inventory.saved).toEqual([{ publicKey: KEY_B, allowedIps: ['10.8.0.2/32'] }]);
  });

  it('reads a server without WireGuard', () => {
    expect(parseWireguardInventory('hostdeck-wireguard 1\ninstalled\tno\nconfigured\tno\nup\tno\n')).toEqual({
      installed: false,
      configured: false,
      up: false,
      port: null,
      publicKey: null,
      peers: [],
      saved: [],
    });
  });

  it.each([
    ['no header', 'installed\tyes'],
    ['a foreign line', 'hostdeck-wireguard 1\nsomething\telse'],
    ['a bad key', 'hostdeck-wireguard 1\npublic\tnot-a-key'],
    ['a short peer line', `hostdeck-wireguard 1\npeer\t${KEY_B}\t(none)`],
    ['a bad number', `hostdeck-wireguard 1\npeer\t${KEY_B}\t(none)\t(none)\tx\t0\t0`],
  ])('refuses %s', (_label, output) => {
    expect(() => parseWireguardInventory(output)).toThrow(InventoryFormatError);
  });
});

describe('WireGuard recipes', () => {
  const input = { port: 51820, name: 'phone', public_key: KEY_B, preshared_key: PSK, address: '10.8.0.2' };

  it('passes values in the environment and the preshared key on stdin only', () => {
    const invocation = buildStepInvocation(wireguardPeerAdd, 'peer', input);
    const frame = invocation.stdin.toString('utf8');
    expect(frame).toContain(`HD_PUBLIC_KEY=${KEY_B}\0`);
    expect(frame).toContain('HD_ADDRESS=10.8.0.2\0');
    expect(frame).not.toContain(`HD_PRESHARED`);
    expect(frame.endsWith(`\0${PSK}`)).toBe(true);
  });

  const refused = (field: string, value: unknown) => {
    let caught: unknown;
    try {
      buildStepInvocation(wireguardPeerAdd, 'peer', { ...input, [field]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RecipeInputError);
  };

  it.each(SHELL_INJECTION_PAYLOADS.map((payload) => [describeInjectionPayload(payload), payload]))(
    'refuses %s in the name, keys and address',
    (_label, payload) => {
      for (const field of ['name', 'public_key', 'preshared_key', 'address']) refused(field, payload);
      expect(() => buildStepInvocation(wireguardPeerRemove, 'peer', { public_key: payload })).toThrow(
        RecipeInputError,
      );
    },
  );

  it.each([
    ['option injection', '-phone'],
    ['a newline', 'phone\nPostUp = id'],
    ['a carriage return', 'phone\r'],
    ['a tab', 'pho\tne'],
    ['a space', 'my phone'],
    ['a NUL', 'phone\0'],
    ['DEL', 'phone\u007f'],
    ['a line separator', 'phone\u2028'],
    ['dots', 'a..b'],
    ['a slash', 'a/b'],
    ['33 characters', 'a'.repeat(33)],
  ])('refuses %s in the name', (_label, name) => refused('name', name));

  it.each([
    ['the server address', '10.8.0.1'],
    ['a broadcast', '10.8.0.255'],
    ['another network', '10.9.0.2'],
    ['a prefix', '10.8.0.2/32'],
    ['a leading zero', '10.8.0.02'],
  ])('refuses %s as an address', (_label, address) => refused('address', address));

  it('refuses a key of the wrong length or alphabet', () => {
    refused('public_key', KEY_B.slice(1));
    refused('public_key', `${KEY_B.slice(0, 42)}B=`);
    refused('preshared_key', `-${KEY_B.slice(1)}`);
    refused('preshared_key', `${KEY_B.slice(0, 43)}\n`);
  });
});
