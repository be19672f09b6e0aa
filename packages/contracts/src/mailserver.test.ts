import { describe, expect, it } from 'vitest';
import {
  createMailAccountBodySchema,
  isMailAddress,
  isRelayHost,
  mailAliasBodySchema,
  mailSettingsBodySchema,
  mailserverRoutes,
} from './mailserver.js';
import { SHELL_INJECTION_PAYLOADS } from './testing/injection-payloads.js';

describe('mail server grammars', () => {
  it('accepts plain lowercase addresses only', () => {
    for (const value of ['info@example.com', 'first.last+tag@mail.example.org', 'a_b-c@x.io']) {
      expect(isMailAddress(value), value).toBe(true);
    }
    for (const value of [
      'Info@example.com',
      'a..b@example.com',
      '.a@example.com',
      'a@b@example.com',
      '-a@example.com',
      'a@example',
      'a @example.com',
      'a@example.com\n',
      'a\r\n@example.com',
      'a,b@example.com',
      'a;b@example.com',
      'a:b@example.com',
    ]) {
      expect(isMailAddress(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('reads relay hosts as Postfix writes them', () => {
    for (const value of [
      'smtp.example.com',
      'smtp.example.com:587',
      '[smtp.example.com]:587',
      '[192.0.2.1]',
      '192.0.2.1:25',
    ]) {
      expect(isRelayHost(value), value).toBe(true);
    }
    for (const value of [
      '[1.2.3.4]:99999',
      'smtp.example.com:0',
      'smtp',
      'a b',
      'x\nrelayhost=evil',
      '-oX',
      '[x',
    ]) {
      expect(isRelayHost(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('refuses every injection payload in every field', () => {
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      if (typeof payload !== 'string') continue;
      expect(
        createMailAccountBodySchema.safeParse({ address: payload, password: 'long enough 1' }).success,
      ).toBe(false);
      expect(
        mailAliasBodySchema.safeParse({ source: payload, destinations: ['a@example.com'] }).success,
      ).toBe(false);
      expect(
        mailAliasBodySchema.safeParse({ source: 'a@example.com', destinations: [payload] }).success,
      ).toBe(false);
      expect(
        mailSettingsBodySchema.safeParse({ hostname: payload, relay_host: '', message_size_limit_mb: 1 })
          .success,
      ).toBe(false);
      if (payload !== '') {
        expect(
          mailSettingsBodySchema.safeParse({
            hostname: 'mail.example.com',
            relay_host: payload,
            message_size_limit_mb: 1,
          }).success,
        ).toBe(false);
      }
    }
  });

  it('takes 0 as an unlimited size and quota, and refuses control characters in passwords', () => {
    expect(
      mailSettingsBodySchema.parse({
        hostname: 'mail.example.com',
        relay_host: '',
        message_size_limit_mb: 0,
      }),
    ).toMatchObject({ message_size_limit_mb: 0 });
    expect(
      createMailAccountBodySchema.parse({ address: 'a@example.com', password: 'long enough 1' }).quota_mb,
    ).toBe(0);
    for (const password of ['short', 'has\nnewline', 'has\ttab!!', 'x'.repeat(129)]) {
      expect(createMailAccountBodySchema.safeParse({ address: 'a@example.com', password }).success).toBe(
        false,
      );
    }
  });

  it('puts every route under /api/servers/:server/mail', () => {
    for (const route of Object.values(mailserverRoutes))
      expect(route.path).toMatch(/^\/api\/servers\/:server\/mail(\/|$)/);
  });
});
