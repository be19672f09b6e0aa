import { describe, expect, it } from 'vitest';
import { dnsRecordInputSchema, type DnsRecordInput } from '@hostdeck/contracts/dns-records';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import { parseBind9Zone, parseBind9Zones } from './bind9-inventory.js';
import { bind9RecordsEdit, bind9ZoneWrite } from './bind9-recipes.js';
import {
  bind9RecordId,
  parseBind9Line,
  quoteTxt,
  renderBind9NewZone,
  renderBind9Record,
} from './bind9-records.js';

const ZONE = 'example.com';

describe('renderBind9Record', () => {
  it.each<[DnsRecordInput, string]>([
    [{ type: 'A', name: 'www', ttl: 1, content: '192.0.2.1' }, 'www.example.com. 3600 IN A 192.0.2.1'],
    [{ type: 'AAAA', name: '@', ttl: 300, content: '2001:db8::1' }, 'example.com. 300 IN AAAA 2001:db8::1'],
    [
      { type: 'CNAME', name: 'blog', ttl: 60, content: 'www.example.com' },
      'blog.example.com. 60 IN CNAME www.example.com.',
    ],
    [
      { type: 'MX', name: '@', ttl: 300, priority: 10, content: 'mx.example.com' },
      'example.com. 300 IN MX 10 mx.example.com.',
    ],
    [
      { type: 'SRV', name: '_sip._tcp', ttl: 300, priority: 1, weight: 2, port: 5060, content: '.' },
      '_sip._tcp.example.com. 300 IN SRV 1 2 5060 .',
    ],
    [
      { type: 'CAA', name: '@', ttl: 300, flags: 128, tag: 'issue', content: 'letsencrypt.org' },
      'example.com. 300 IN CAA 128 issue "letsencrypt.org"',
    ],
    [
      { type: 'HTTPS', name: '@', ttl: 300, priority: 1, content: '.', params: 'alpn=h2,h3' },
      'example.com. 300 IN HTTPS 1 . alpn=h2,h3',
    ],
    [
      { type: 'TXT', name: '_dmarc', ttl: 300, content: 'v=DMARC1; p=none' },
      '_dmarc.example.com. 300 IN TXT "v=DMARC1; p=none"',
    ],
  ])('%j', (record, line) => {
    expect(renderBind9Record(ZONE, dnsRecordInputSchema.parse(record))).toBe(line);
  });

  it('splits TXT into strings of at most 255 bytes', () => {
    const text = 'é'.repeat(200);
    const quoted = quoteTxt(text);
    const parts = [...quoted.matchAll(/"([^"]*)"/g)].map((match) => match[1]!);
    expect(parts.join('')).toBe(text);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(255);
  });

  it('a value can never carry a second line, a quote out of its string or a directive', () => {
    for (const content of ['a"\nevil IN A 1.2.3.4', 'a\\', 'x\r\n$INCLUDE /etc/passwd', 'a" b']) {
      expect(dnsRecordInputSchema.safeParse({ type: 'TXT', name: 'x', ttl: 1, content }).success).toBe(false);
    }
    expect(
      dnsRecordInputSchema.safeParse({ type: 'A', name: '$INCLUDE', ttl: 1, content: '192.0.2.1' }).success,
    ).toBe(false);
    expect(
      dnsRecordInputSchema.safeParse({
        type: 'CAA',
        name: '@',
        ttl: 1,
        flags: 0,
        tag: 'issue',
        content: 'a b',
      }).success,
    ).toBe(false);
  });
});

describe('parseBind9Line', () => {
  it('reads canonical lines back into records', () => {
    const line = 'www.example.com.\t\t\t      3600 IN A\t\t192.0.2.10';
    expect(parseBind9Line(ZONE, line)).toEqual({
      id: bind9RecordId(line),
      type: 'A',
      name: 'www',
      ttl: 3600,
      content: '192.0.2.10',
    });
    expect(
      parseBind9Line(ZONE, 'example.com. 300 IN TXT "v=spf1 " "-all" "\\"q\\" \\195\\169"'),
    ).toMatchObject({
      name: '@',
      content: 'v=spf1 -all"q" é',
    });
    expect(parseBind9Line(ZONE, 'example.com. 300 IN HTTPS 1 . alpn="h2,h3" port=8443')).toMatchObject({
      content: '.',
      params: 'alpn=h2,h3 port=8443',
    });
    expect(parseBind9Line(ZONE, 'example.com. 300 IN CAA 0 issue "letsencrypt.org"')).toMatchObject({
      flags: 0,
      tag: 'issue',
      content: 'letsencrypt.org',
    });
    expect(
      parseBind9Line(ZONE, 'example.com. 3600 IN SOA ns1.example.com. h.example.com. 1 2 3 4 5'),
    ).toBeNull();
    expect(parseBind9Line(ZONE, 'x.example.com. 3600 IN SSHFP 1 1 abcd')).toBeNull();
  });

  it('round-trips every rendered type', () => {
    const records: DnsRecordInput[] = [
      { type: 'MX', name: '@', ttl: 300, priority: 10, content: 'mx.example.com' },
      {
        type: 'SRV',
        name: '_sip._tcp',
        ttl: 300,
        priority: 1,
        weight: 2,
        port: 5060,
        content: 'sip.example.com',
      },
      { type: 'TXT', name: 'long', ttl: 300, content: 'x'.repeat(600) },
      { type: 'NS', name: 'sub', ttl: 3600, content: 'ns.other.net' },
    ];
    for (const record of records) {
      const line = renderBind9Record(ZONE, record);
      const { id, ...parsed } = parseBind9Line(ZONE, line)!;
      expect(id).toBe(bind9RecordId(line));
      expect(parsed).toEqual(record);
    }
  });
});

describe('inventories', () => {
  it('lists zones without Debian defaults', () => {
    const zones = parseBind9Zones(
      'installed\t1\nrunning\t1\nzone\texample.com\tprimary\t1\t1\nzone\tlocalhost\tmaster\t0\t0\nzone\thand.test\tprimary\t0\t0\n',
    );
    expect(zones).toEqual({
      installed: true,
      running: true,
      zones: [
        { name: 'example.com', type: 'primary', managed: true, dnssec: true },
        { name: 'hand.test', type: 'primary', managed: false, dnssec: false },
      ],
    });
    expect(parseBind9Zones('installed\t0\n')).toMatchObject({ installed: false, zones: [] });
    expect(() => parseBind9Zones('garbage\n')).toThrow();
  });

  it('reads a zone with its serial, DS and records', () => {
    const zone = parseBind9Zone(
      ZONE,
      [
        'managed\t1',
        'dnssec\t1',
        'ds\texample.com. IN DS 1 13 2 ABCD',
        'rr\texample.com. 3600 IN SOA ns1.example.com. h.example.com. 2026112901 7200 3600 1209600 3600',
        'rr\twww.example.com. 3600 IN A 192.0.2.1',
        '',
      ].join('\n'),
    );
    expect(zone).toMatchObject({
      managed: true,
      dnssec: true,
      serial: 2026112901,
      ds: ['example.com. IN DS 1 13 2 ABCD'],
    });
    expect(zone.records).toHaveLength(1);
    expect(zone.lines).toHaveLength(2);
  });
});

describe('recipes', () => {
  it('a new zone has SOA, NS and the name server address', () => {
    expect(renderBind9NewZone(ZONE, '192.0.2.1', 2026010100)).toContain(
      'ns1.example.com. 3600 IN A 192.0.2.1',
    );
  });

  it('passes records as rendered lines in the environment, and a zone file only on stdin', () => {
    const edit = buildStepInvocation(bind9RecordsEdit, 'edit', {
      zone: ZONE,
      remove: ['0123456789abcdef'],
      add: [{ type: 'TXT', name: 'x', ttl: 1, content: '$(touch /tmp/pwned); `id`' }],
    });
    expect(edit.stdin.toString()).toContain('x.example.com. 3600 IN TXT "$(touch /tmp/pwned); `id`"');
    expect(() =>
      buildStepInvocation(bind9RecordsEdit, 'edit', { zone: ZONE, remove: ['; id'], add: [] }),
    ).toThrow(RecipeInputError);
    expect(() =>
      buildStepInvocation(bind9ZoneWrite, 'write', {
        zone: ZONE,
        mode: 'create',
        dnssec: false,
        zone_file: '$TTL 1h' as never,
      }),
    ).toThrow(RecipeInputError);
  });
});
