import { describe, expect, it } from 'vitest';
import {
  makeMtproxySecret,
  mtproxyDomainSchema,
  mtproxyDownloadUrlSchema,
  mtproxyLink,
  mtproxyPortSchema,
  mtproxyRoutes,
  mtproxySecretDomain,
  mtproxySecretSchema,
  mtproxySettingsRequestSchema,
} from './mtproxy.js';

const BYTES = Uint8Array.from({ length: 16 }, (_, index) => index);
const SECRET = makeMtproxySecret(BYTES, 'www.cloudflare.com');

/** Injection, option-injection and control-character payloads every grammar must refuse. */
const HOSTILE = [
  '',
  ' ',
  '-oProxyCommand=touch /tmp/pwned',
  '--help',
  'a;reboot',
  'a && reboot',
  'a|id',
  '$(id)',
  '`id`',
  "a'b",
  'a"b',
  'a\nb',
  'a\rb',
  'a\tb',
  'a\0b',
  'a\u0085b',
  'a\u2028b',
  '../../etc/passwd',
  'a b',
  ' example.org',
  'example.org ',
];

describe('MTProxy grammars', () => {
  it('makes a FakeTLS secret: ee, 16 bytes, the domain, lowercase hex', () => {
    expect(SECRET).toBe('ee000102030405060708090a0b0c0d0e0f7777772e636c6f7564666c6172652e636f6d');
    expect(mtproxySecretDomain(SECRET)).toBe('www.cloudflare.com');
    expect(mtproxySecretSchema.parse(SECRET)).toBe(SECRET);
    expect(() => makeMtproxySecret(new Uint8Array(15), 'example.org')).toThrow();
  });

  it('refuses hostile and malformed secrets', () => {
    for (const value of [
      ...HOSTILE,
      SECRET.toUpperCase(),
      `dd${SECRET.slice(2)}`,
      SECRET.slice(0, 34),
      `${SECRET}0`,
      `${SECRET}\n`,
      `-${SECRET}`,
      // ee + 16 bytes + hex of "a;b.com": the domain part must be a domain too.
      makeMtproxySecret(BYTES, 'a;b.com'),
      makeMtproxySecret(BYTES, 'x\ny.com'),
    ]) {
      expect(mtproxySecretSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
    expect(mtproxySecretSchema.safeParse(42).success).toBe(false);
  });

  it('accepts DNS names only as the FakeTLS domain', () => {
    for (const value of ['example.org', 'www.cloudflare.com', 'xn--bcher-kva.example', 'a-b.c0.io']) {
      expect(mtproxyDomainSchema.parse(value)).toBe(value);
    }
    for (const value of [
      ...HOSTILE,
      'localhost',
      'Example.org',
      'example.org.',
      '-example.org',
      'example-.org',
      'exa_mple.org',
      '1.2.3.4',
      `${'a'.repeat(64)}.org`,
      `${'abcdefghi.'.repeat(26)}org`,
      'example.org\n',
    ]) {
      expect(mtproxyDomainSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('accepts ports 1-65535 only', () => {
    expect(mtproxyPortSchema.parse(443)).toBe(443);
    expect(mtproxyPortSchema.parse('8443')).toBe(8443);
    for (const value of [
      0,
      65536,
      -1,
      1.5,
      '443 ',
      ' 443',
      '0443',
      '-1',
      '443;reboot',
      '443\n',
      '1e3',
      '0x1bb',
      null,
    ]) {
      expect(mtproxyPortSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('accepts http(s) download URLs with a plain path and {arch} only', () => {
    for (const value of [
      'https://github.com/9seconds/mtg/releases/download/v2.1.7/mtg-2.1.7-linux-{arch}.tar.gz',
      'http://10.0.0.1:8080/mtg-2.1.7-linux-{arch}.tar.gz',
    ]) {
      expect(mtproxyDownloadUrlSchema.parse(value)).toBe(value);
    }
    for (const value of [
      ...HOSTILE,
      'file:///etc/passwd',
      'ftp://example.org/mtg.tar.gz',
      '-https://example.org/x',
      'https://user:pass@example.org/x',
      'https://example.org/x?y=$(id)',
      'https://example.org/{os}.tar.gz',
      'https://example.org/a b',
      'https://example.org/x\n',
      "https://example.org/x'",
    ]) {
      expect(mtproxyDownloadUrlSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('settings are strict (no secret from the browser) and the service action is a closed set', () => {
    expect(mtproxySettingsRequestSchema.safeParse({ secret: SECRET }).success).toBe(false);
    expect(mtproxySettingsRequestSchema.parse({})).toEqual({});
    const action = mtproxyRoutes.service.params.shape.action;
    expect(action.safeParse('restart').success).toBe(true);
    for (const value of ['reload', 'start;reboot', '-start', 'START']) {
      expect(action.safeParse(value).success).toBe(false);
    }
  });

  it('builds the tg://proxy link', () => {
    expect(mtproxyLink('203.0.113.5', 443, SECRET)).toBe(
      `tg://proxy?server=203.0.113.5&port=443&secret=${SECRET}`,
    );
  });
});
