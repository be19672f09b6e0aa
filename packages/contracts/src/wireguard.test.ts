import { describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS, describeInjectionPayload } from './testing/injection-payloads.js';
import {
  createWireguardClientBodySchema,
  isWireguardClientAddress,
  WIREGUARD_KEY_PATTERN,
  wireguardClientNameSchema,
} from './wireguard.js';

describe('WireGuard client names', () => {
  it.each(['laptop', 'Phone_2', 'a', 'home.router-1', 'x'.repeat(32)])('accepts %s', (name) => {
    expect(wireguardClientNameSchema.safeParse(name).success).toBe(true);
  });

  it.each(SHELL_INJECTION_PAYLOADS.map((payload) => [describeInjectionPayload(payload), payload]))(
    'refuses %s',
    (_label, payload) => {
      expect(createWireguardClientBodySchema.safeParse({ name: payload }).success).toBe(false);
    },
  );

  it.each([
    ['empty', ''],
    ['option injection', '-oProxyCommand=id'],
    ['a leading dot', '.hidden'],
    ['dot-dot', 'a..b'],
    ['a newline (a second config line)', 'laptop\nPostUp = id'],
    ['a carriage return', 'laptop\r'],
    ['a tab', 'lap\ttop'],
    ['a space', 'my laptop'],
    ['a trailing space', 'laptop '],
    ['NUL', 'lap\0top'],
    ['DEL', 'lap\u007ftop'],
    ['a C1 control', 'lap\u0085top'],
    ['U+2028', 'lap\u2028top'],
    ['a non-ASCII letter', 'điện-thoại'],
    ['a slash', '../etc'],
    ['a quote', 'lap"top'],
    ['33 characters', 'x'.repeat(33)],
  ])('refuses %s', (_label, name) => {
    expect(wireguardClientNameSchema.safeParse(name).success).toBe(false);
  });

  it('takes no other field', () => {
    expect(createWireguardClientBodySchema.safeParse({ name: 'laptop', address: '10.8.0.9' }).success).toBe(
      false,
    );
  });
});

describe('WireGuard keys and addresses', () => {
  it('matches the base64 of 32 bytes only', () => {
    expect(WIREGUARD_KEY_PATTERN.test(Buffer.alloc(32, 1).toString('base64'))).toBe(true);
    expect(WIREGUARD_KEY_PATTERN.test(Buffer.alloc(31, 1).toString('base64'))).toBe(false);
    expect(WIREGUARD_KEY_PATTERN.test(`${Buffer.alloc(32, 1).toString('base64')}\n`)).toBe(false);
  });

  it.each([
    ['10.8.0.2', true],
    ['10.8.0.254', true],
    ['10.8.0.1', false],
    ['10.8.0.255', false],
    ['10.8.0.0', false],
    ['10.8.0.02', false],
    ['10.8.1.2', false],
  ] as const)('%s is a client address: %s', (address, expected) => {
    expect(isWireguardClientAddress(address)).toBe(expected);
  });
});
