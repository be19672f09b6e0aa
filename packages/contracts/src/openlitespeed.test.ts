import { describe, expect, it } from 'vitest';
import {
  olsAdminPasswordRequestSchema,
  olsPhpIniRequestSchema,
  OLS_PHP_INI_MAX_BYTES,
} from './openlitespeed.js';
import { SHELL_INJECTION_PAYLOADS } from './testing/injection-payloads.js';

describe('OpenLiteSpeed requests', () => {
  it('take a user name, a password and a php.ini', () => {
    expect(
      olsAdminPasswordRequestSchema.safeParse({ username: 'admin', password: 'p@ss w0rd!' }).success,
    ).toBe(true);
    expect(
      olsPhpIniRequestSchema.safeParse({ version: '8.3', content: '[PHP]\r\n\tmemory_limit = 1G\n' }).success,
    ).toBe(true);
  });

  it.each(SHELL_INJECTION_PAYLOADS.map((payload, index) => [index, payload] as const))(
    'refuse injection payload %i as a user name or a version',
    (_index, payload) => {
      expect(
        olsAdminPasswordRequestSchema.safeParse({ username: payload, password: 'long enough' }).success,
      ).toBe(false);
      expect(olsPhpIniRequestSchema.safeParse({ version: payload, content: 'a = 1\n' }).success).toBe(false);
    },
  );

  it.each([
    'short',
    'two\nlines here',
    ' leading space',
    'bell\u0007char!',
    'line\u2028sep here',
    'x'.repeat(129),
  ])('refuse the password %j', (password) => {
    expect(olsAdminPasswordRequestSchema.safeParse({ username: 'admin', password }).success).toBe(false);
  });

  it('refuse a php.ini with control characters or over 512 KiB, and unknown fields', () => {
    for (const content of ['a\u0000', '\u001b[31m', 'é'.repeat(OLS_PHP_INI_MAX_BYTES / 2 + 1)]) {
      expect(olsPhpIniRequestSchema.safeParse({ version: '8.3', content }).success).toBe(false);
    }
    expect(olsPhpIniRequestSchema.safeParse({ version: '8.3', content: '', extra: 1 }).success).toBe(false);
  });
});
