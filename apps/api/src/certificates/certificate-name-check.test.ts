import { describe, expect, it } from 'vitest';
import { ValidationError } from '../domain/errors.js';
import {
  CERTIFICATE_NAME_MESSAGES,
  createNameCheck,
  defaultNameCheckMode,
  publicNameProblem,
  resolutionProblem,
  type AddressLookup,
} from './certificate-name-check.js';

/** A DNS view as a table: name → addresses, or an error code for a lookup that failed. */
const lookupFrom =
  (table: Record<string, string[] | { error: string; addresses?: string[] }>): AddressLookup =>
  async (domain) => {
    const entry = table[domain];
    if (!entry) return { addresses: [], error: null };
    return Array.isArray(entry)
      ? { addresses: entry, error: null }
      : { addresses: entry.addresses ?? [], error: entry.error };
  };

describe('names a public CA can issue for', () => {
  it('refuses reserved and private suffixes, naming the suffix', () => {
    const cases: [string, string][] = [
      ['shop.local', 'local'],
      ['app.localhost', 'localhost'],
      ['ssl.test', 'test'],
      ['site.example', 'example'],
      ['x.invalid', 'invalid'],
      ['svc.internal', 'internal'],
      ['nas.lan', 'lan'],
      ['router.home.arpa', 'home.arpa'],
      ['1.0.168.192.in-addr.arpa', 'arpa'],
      ['files.corp', 'corp'],
      ['abc.onion', 'onion'],
      ['shop.example.com', 'example.com'],
      ['example.org', 'example.org'],
      ['SHOP.LOCAL', 'local'],
    ];
    for (const [domain, suffix] of cases) {
      expect(publicNameProblem(domain), domain).toEqual({
        message: CERTIFICATE_NAME_MESSAGES.reserved,
        parameters: { domain, suffix },
      });
    }
  });

  it('refuses single labels and IP literals as not public names', () => {
    for (const domain of ['localhost', 'intranet', '192.168.1.10', '203.0.113.7', '::1', '[2001:db8::1]']) {
      expect(publicNameProblem(domain), domain).toEqual({
        message: CERTIFICATE_NAME_MESSAGES.notPublic,
        parameters: { domain },
      });
    }
  });

  it('accepts public names, including ones that merely contain a reserved word', () => {
    for (const domain of [
      'shop.vn',
      'www.hostdeck.io',
      'myexample.com',
      'test.example.co.uk',
      'local.news',
    ]) {
      expect(publicNameProblem(domain), domain).toBeNull();
    }
  });
});

describe('the default check for an ACME directory', () => {
  it('is public for a CA on a public name or address, off for one on a private address or name', () => {
    expect(defaultNameCheckMode('https://acme-v02.api.letsencrypt.org/directory')).toBe('public');
    expect(defaultNameCheckMode('https://acme.zerossl.com/v2/DV90')).toBe('public');
    expect(defaultNameCheckMode('https://8.8.4.4/dir')).toBe('public');
    expect(defaultNameCheckMode('https://127.0.0.1:14000/dir')).toBe('off');
    expect(defaultNameCheckMode('https://10.1.2.3/dir')).toBe('off');
    expect(defaultNameCheckMode('https://172.20.0.5/dir')).toBe('off');
    expect(defaultNameCheckMode('https://192.168.0.2:9000/acme/dir')).toBe('off');
    expect(defaultNameCheckMode('https://[::1]:14000/dir')).toBe('off');
    expect(defaultNameCheckMode('https://[fd12:3456::1]/dir')).toBe('off');
    expect(defaultNameCheckMode('https://localhost:14000/dir')).toBe('off');
    expect(defaultNameCheckMode('https://ca.internal/acme/acme/directory')).toBe('off');
  });
});

describe('a name that resolves to the server', () => {
  const serverIp = '203.0.113.40';

  it('passes when one of its A or AAAA records is the server, in any IPv6 spelling', async () => {
    const lookup = lookupFrom({
      'shop.vn': ['198.51.100.1', '203.0.113.40'],
      'v6.shop.vn': ['2001:DB8:0:0::7'],
      'half.shop.vn': { error: 'ETIMEOUT', addresses: ['203.0.113.40'] },
    });
    expect(await resolutionProblem('shop.vn', serverIp, lookup)).toBeNull();
    expect(await resolutionProblem('v6.shop.vn', '2001:db8::7', lookup)).toBeNull();
    expect(await resolutionProblem('half.shop.vn', serverIp, lookup)).toBeNull();
  });

  it('says where it points instead, that it does not resolve, or that DNS could not be asked', async () => {
    const lookup = lookupFrom({
      'old.shop.vn': ['198.51.100.1', '2001:db8::1', '198.51.100.1'],
      'broken.shop.vn': { error: 'ESERVFAIL' },
    });
    expect(await resolutionProblem('old.shop.vn', serverIp, lookup)).toEqual({
      message: CERTIFICATE_NAME_MESSAGES.elsewhere,
      parameters: { domain: 'old.shop.vn', ip: serverIp, addresses: '198.51.100.1, 2001:db8::1' },
    });
    expect(await resolutionProblem('new.shop.vn', serverIp, lookup)).toEqual({
      message: CERTIFICATE_NAME_MESSAGES.unresolved,
      parameters: { domain: 'new.shop.vn', ip: serverIp },
    });
    expect(await resolutionProblem('broken.shop.vn', serverIp, lookup)).toEqual({
      message: CERTIFICATE_NAME_MESSAGES.lookupFailed,
      parameters: { domain: 'broken.shop.vn', error: 'ESERVFAIL' },
    });
  });
});

describe('the check before an ACME order', () => {
  const serverIp = '203.0.113.40';
  const asked: string[] = [];
  const lookup: AddressLookup = async (domain) => {
    asked.push(domain);
    return { addresses: domain.endsWith('.shop.vn') || domain === 'shop.vn' ? [serverIp] : [], error: null };
  };
  const refusal = async (check: Promise<void>) => {
    const error = await check.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ValidationError);
    const validation = error as ValidationError;
    return { fields: validation.fieldErrors, parameters: validation.parameters };
  };

  it('in public mode refuses a reserved name without asking DNS, then each name that does not resolve', async () => {
    asked.length = 0;
    const check = createNameCheck({ mode: 'public', lookup });
    expect(await refusal(check(['shop.vn', 'shop.local'], serverIp))).toEqual({
      fields: { domains: [CERTIFICATE_NAME_MESSAGES.reserved] },
      parameters: { domain: 'shop.local', suffix: 'local' },
    });
    expect(asked).toEqual(['shop.vn']);
    expect(await refusal(check(['shop.vn', 'blog.example.net.vn'], serverIp))).toEqual({
      fields: { domains: [CERTIFICATE_NAME_MESSAGES.unresolved] },
      parameters: { domain: 'blog.example.net.vn', ip: serverIp },
    });
    await expect(check(['shop.vn', 'www.shop.vn'], serverIp)).resolves.toBeUndefined();
  });

  it('in resolve mode lets a private name through when it resolves to the server; off asks nothing', async () => {
    const resolve = createNameCheck({ mode: 'resolve', lookup: lookupFrom({ 'ssl.test': [serverIp] }) });
    await expect(resolve(['ssl.test'], serverIp)).resolves.toBeUndefined();
    expect((await refusal(resolve(['fail.test'], serverIp))).fields).toEqual({
      domains: [CERTIFICATE_NAME_MESSAGES.unresolved],
    });
    asked.length = 0;
    await expect(createNameCheck({ mode: 'off', lookup })(['shop.local'], serverIp)).resolves.toBeUndefined();
    expect(asked).toEqual([]);
  });
});
