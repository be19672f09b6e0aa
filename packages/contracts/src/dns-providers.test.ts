import { describe, expect, it } from 'vitest';
import { dnsRecordInputSchema } from './dns-records.js';
import {
  createDnsCredentialBodySchema,
  dnsProviderRoutes,
  updateDnsCredentialBodySchema,
} from './dns-providers.js';
import { SHELL_INJECTION_PAYLOADS } from './testing/injection-payloads.js';

const TOKEN = 'Zx9_abcdefghijklmnopqrstuvwxyz0123456789AB';

describe('DNS provider contracts', () => {
  it('takes a credential with its provider fields and trims them', () => {
    expect(
      createDnsCredentialBodySchema.parse({ provider: 'cloudflare', name: ' Main ', token: ` ${TOKEN}\n` }),
    ).toEqual({ provider: 'cloudflare', name: 'Main', token: TOKEN });
    expect(updateDnsCredentialBodySchema.parse({})).toEqual({});
    expect(
      createDnsCredentialBodySchema.safeParse({ provider: 'cloudflare', name: 'x', extra: 1 }).success,
    ).toBe(false);
  });

  it('refuses control characters, spaces and injection in the name, token, account and provider', () => {
    for (const token of [`${TOKEN}\r\nX-Evil: 1`, `a b`, 'tok\u0000en', 'x'.repeat(513)]) {
      expect(
        createDnsCredentialBodySchema.safeParse({ provider: 'cloudflare', name: 'A', token }).success,
        token,
      ).toBe(false);
    }
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      if (/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(payload.trim())) continue;
      expect(
        createDnsCredentialBodySchema.safeParse({ provider: 'cloudflare', name: payload }).success,
        payload,
      ).toBe(false);
      expect(
        createDnsCredentialBodySchema.safeParse({ provider: payload, name: 'A', token: TOKEN }).success,
        payload,
      ).toBe(false);
      if (!/^[A-Za-z0-9_][A-Za-z0-9_-]*$/.test(payload.trim()))
        expect(
          createDnsCredentialBodySchema.safeParse({ provider: 'cloudflare', name: 'A', account: payload })
            .success,
          payload,
        ).toBe(false);
    }
  });

  it('holds zone and record path parameters to their grammar', () => {
    const params = dnsProviderRoutes.updateRecord.params;
    expect(
      params.safeParse({ credential: '1', zone: '023e105f4ecef8ad9ca31a8372d0c353', record: '372e' }).success,
    ).toBe(true);
    expect(params.safeParse({ credential: '1', zone: 'example.com', record: '12345' }).success).toBe(true);
    for (const bad of ['../x', 'a/b', 'a\nb', '', 'a b', 'x'.repeat(254)]) {
      expect(params.safeParse({ credential: '1', zone: bad, record: '1' }).success, bad).toBe(false);
    }
  });

  it('a record value cannot carry a second record', () => {
    expect(
      dnsRecordInputSchema.safeParse({ type: 'TXT', name: 'x', ttl: 1, content: 'a"\nb IN A 192.0.2.1' })
        .success,
    ).toBe(false);
    expect(
      dnsRecordInputSchema.safeParse({
        type: 'MX',
        name: '@',
        ttl: 1,
        priority: 10,
        content: 'mx.example.com',
        proxied: true,
      }).success,
    ).toBe(false);
  });
});
