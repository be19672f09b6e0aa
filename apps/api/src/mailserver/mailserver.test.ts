import { describe, expect, it } from 'vitest';
import { dnsRecordInputSchema } from '@hostdeck/contracts/dns-records';
import { parseMailserverInventory } from '@hostdeck/recipes/mailserver';
import { checkNeededRecords, checkReputation, type MailResolver } from './mailserver-dns.js';

const KEY = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAuH3kPDKw75Ulz';
const DKIM = `v=DKIM1; k=rsa; p=${KEY}`;

const absent = () => Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
const unreachable = () => Promise.reject(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));

/** A resolver answering from a table (name → records), "not found" for anything else. */
function tableResolver(table: {
  mx?: Record<string, { exchange: string; priority: number }[]>;
  txt?: Record<string, string[][]>;
  a?: Record<string, string[]>;
  ptr?: Record<string, string[]>;
}): MailResolver {
  const from = <T>(records: Record<string, T> | undefined, name: string) =>
    records?.[name] !== undefined ? Promise.resolve(records[name]!) : absent();
  return {
    resolveMx: (name) => from(table.mx, name),
    resolveTxt: (name) => from(table.txt, name),
    resolve4: (name) => from(table.a, name),
    reverse: (ip) => from(table.ptr, ip),
  };
}

const domain = { domain: 'example.com', hostname: 'mail.example.com', ip: '203.0.113.7', dkimRecord: DKIM };

describe('the records a mail domain needs', () => {
  it('are valid DNS records, relative to the zone, with their state', async () => {
    const resolver = tableResolver({
      mx: { 'example.com': [{ exchange: 'mail.example.com', priority: 10 }] },
      txt: {
        'example.com': [['v=spf1 ip4:203.0.113.7 -all'], ['google-site-verification=x']],
        'hostdeck._domainkey.example.com': [[DKIM.slice(0, 30), DKIM.slice(30)]],
      },
    });
    const records = await checkNeededRecords(resolver, domain);
    expect(records.map((record) => [record.purpose, record.record.name, record.state])).toEqual([
      ['mx', '@', 'ok'],
      ['spf', '@', 'ok'],
      ['dkim', 'hostdeck._domainkey', 'ok'],
      ['dmarc', '_dmarc', 'missing'],
    ]);
    for (const record of records) expect(dnsRecordInputSchema.safeParse(record.record).success).toBe(true);
  });

  it('says `different` for other values and `unknown` when the DNS cannot be asked', async () => {
    const other = tableResolver({
      mx: { 'example.com': [{ exchange: 'mx.elsewhere.net.', priority: 5 }] },
      txt: { 'hostdeck._domainkey.example.com': [['v=DKIM1; k=rsa; p=OTHER']] },
    });
    const records = await checkNeededRecords(other, domain);
    expect(records[0]).toMatchObject({ state: 'different', found: ['5 mx.elsewhere.net'] });
    expect(records[2]).toMatchObject({ state: 'different' });
    const down: MailResolver = {
      resolveMx: unreachable,
      resolveTxt: unreachable,
      resolve4: unreachable,
      reverse: unreachable,
    };
    const unknown = await checkNeededRecords(down, domain);
    expect(unknown.map((record) => record.state)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
    expect(unknown[0]!.detail).toBe('DNS ECONNREFUSED');
  });
});

describe('deliverability from the panel', () => {
  it('checks reverse DNS both ways and the blocklist', async () => {
    const resolver = tableResolver({
      ptr: { '203.0.113.7': ['mail.example.com'] },
      a: { 'mail.example.com': ['203.0.113.7'], '2.0.0.127.zen.spamhaus.org': ['127.0.0.2'] },
    });
    const checks = await checkReputation(resolver, '203.0.113.7', 'mail.example.com');
    expect(checks.map((check) => [check.check, check.state])).toEqual([
      ['rdns', 'ok'],
      ['blocklist', 'ok'],
    ]);
    const listed = tableResolver({
      a: { '2.0.0.127.zen.spamhaus.org': ['127.0.0.2'], '7.113.0.203.zen.spamhaus.org': ['127.0.0.4'] },
    });
    expect(
      (await checkReputation(listed, '203.0.113.7', 'mail.example.com')).map((check) => check.state),
    ).toEqual(['problem', 'problem']);
  });

  it('says "cannot be checked" without a DNS answer or for a private address, never "clean"', async () => {
    const nothing = tableResolver({});
    const checks = await checkReputation(nothing, '203.0.113.7', 'mail.example.com');
    // The blocklist's test entry did not answer: the list cannot be asked from here.
    expect(checks[1]).toMatchObject({ check: 'blocklist', state: 'unknown' });
    const down: MailResolver = {
      resolveMx: unreachable,
      resolveTxt: unreachable,
      resolve4: unreachable,
      reverse: unreachable,
    };
    expect((await checkReputation(down, '203.0.113.7', 'x')).map((check) => check.state)).toEqual([
      'unknown',
      'unknown',
    ]);
    const privateOnes = await checkReputation(down, '10.213.0.6', 'x');
    expect(privateOnes.map((check) => [check.state, check.values.ip])).toEqual([
      ['unknown', '10.213.0.6'],
      ['unknown', '10.213.0.6'],
    ]);
  });
});

describe('the mail inventory', () => {
  it('reads domains, accounts, forwards and settings', () => {
    const output = [
      'installed\tyes',
      'service\tpostfix\tactive',
      'service\tdovecot\tactive',
      'service\topendkim\tfailed',
      'setting\tmessage_size_limit\t0',
      'setting\trelayhost\t[10.0.0.2]:25',
      'setting\tmyhostname\tmail.example.com',
      'setting\tmyorigin\texample.com',
      'ssl\t12',
      'ssl-names\tmail.example.com,example.com',
      'ssl-expires\tNov 26 09:01:33 2036 GMT',
      'domain\texample.com',
      `dkim\texample.com\t${DKIM}`,
      'account\tinfo@example.com\t100\t4096',
      'alias\tinfo@example.com\tinfo@example.com,boss@example.org',
      'alias\tsales@example.com\tinfo@example.com',
      '',
    ].join('\n');
    const state = parseMailserverInventory(output);
    expect(state.settings).toEqual({
      message_size_limit_mb: 0,
      relay_host: '[10.0.0.2]:25',
      hostname: 'mail.example.com',
    });
    expect(state.ssl).toEqual({
      source: 'site',
      site_id: 12,
      names: ['mail.example.com', 'example.com'],
      expires_at: '2036-11-26T09:01:33.000Z',
    });
    expect(state.domains).toEqual([
      { name: 'example.com', is_default: true, dkim: true, dkim_record: DKIM, accounts: 1, aliases: 2 },
    ]);
    expect(state.aliases).toEqual([
      {
        source: 'info@example.com',
        domain: 'example.com',
        destinations: ['boss@example.org'],
        kind: 'forward',
        keep_copy: true,
      },
      {
        source: 'sales@example.com',
        domain: 'example.com',
        destinations: ['info@example.com'],
        kind: 'alias',
        keep_copy: false,
      },
    ]);
    expect(state.services.opendkim).toBe('failed');
  });

  it('refuses output it does not know', () => {
    expect(() => parseMailserverInventory('installed\tyes\naccount\tX; rm@x\t0\t0\n')).toThrow();
    expect(() => parseMailserverInventory('something else\n')).toThrow();
    expect(parseMailserverInventory('installed\tno\n').installed).toBe(false);
  });
});
