import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedEventResponseSchema } from '@hostdeck/contracts';
import {
  bind9RecordsResponseSchema,
  bind9StatusSchema,
  bind9ZoneExportSchema,
} from '@hostdeck/contracts/bind9';
import type { DnsRecord } from '@hostdeck/contracts/dns-records';
import { SHELL_INJECTION_PAYLOADS, INJECTION_CANARY_PATH } from '@hostdeck/contracts/testing';
import { hasControlCharacters } from '@hostdeck/contracts/grammars';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { and, desc, eq, gt } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { createSshExecutor } from '../remote/remote-executor.js';
import { createServerConnections } from '../servers/server-connection.js';
import { createBind9ZoneStore, Bind9StoreError } from './bind9-zone-store.js';

/**
 * bind9 on a booted Debian 12 test server (`web` image + bind9): zones and records through the
 * API and the queue (the production path), each change checked on the server itself with `dig`
 * from this host: the answers, a refused change that leaves the old zone answering, DNSSEC
 * signatures, an import exported back the same, a zone made by hand listed and kept.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'dnsa1';
const ZONE = 'example.test';
const run = promisify(execFile);

describe('bind9 zones on a booted test server', () => {
  let server: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let base: string;
  let serverId: number;

  beforeAll(async () => {
    server = await bootWebTestServer(SERVER, ['bind9', 'bind9-utils', 'bind9-dnsutils']);
    const connected = await createConnectedTestApp(pglite!, server, { workers: true });
    ({ test, api, serverId } = connected);
    base = `/api/servers/${serverId}/bind9/zones`;
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  const on = async (script: string) => {
    const result = await runOnTestServer(server, ['bash', '-c', script]);
    return { ...result, stdout: result.stdout.trim() };
  };
  /** `dig @server` from this host (the test server answers on its address). */
  const dig = async (...args: string[]) =>
    (await run('dig', ['+norec', '+time=3', '+tries=2', `@${server.address}`, ...args])).stdout;
  const digShort = async (name: string, type: string) =>
    (await dig('+short', name, type)).trim().split('\n').filter(Boolean).sort();

  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const { id } = startedEventResponseSchema.parse(response.json()).data;
    return waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  };
  const records = async (zone = ZONE) => {
    const response = await api.get(`${base}/${zone}/records`);
    expect(response.statusCode, response.body).toBe(200);
    return bind9RecordsResponseSchema.parse(response.json());
  };
  const find = (list: DnsRecord[], type: string, name: string) =>
    list.find((record) => record.type === type && record.name === name);

  it('creates a zone and records of every type; dig @server answers them', async () => {
    const before = bind9StatusSchema.parse((await api.get(base)).json().data);
    expect(before).toMatchObject({ installed: true, running: true, zones: [] });

    const created = await runEvent(api.post(base, { name: ZONE }));
    expect(created.status, created.output).toBe('FINISHED');
    expect(await digShort(ZONE, 'NS')).toEqual([`ns1.${ZONE}.`]);
    expect(await digShort(`ns1.${ZONE}`, 'A')).toEqual([server.address]);

    const add = [
      { type: 'A', name: 'www', ttl: 300, content: '192.0.2.10' },
      { type: 'AAAA', name: 'www', ttl: 1, content: '2001:db8::10' },
      { type: 'CNAME', name: 'blog', ttl: 600, content: `www.${ZONE}` },
      { type: 'MX', name: '@', ttl: 3600, priority: 10, content: `mail.${ZONE}` },
      { type: 'TXT', name: '@', ttl: 300, content: `v=spf1 mx -all ${'x'.repeat(300)}` },
      {
        type: 'SRV',
        name: '_sip._tcp',
        ttl: 300,
        priority: 10,
        weight: 5,
        port: 5060,
        content: `sip.${ZONE}`,
      },
      { type: 'CAA', name: '@', ttl: 300, flags: 0, tag: 'issue', content: 'letsencrypt.org' },
      { type: 'HTTPS', name: '@', ttl: 300, priority: 1, content: '.', params: 'alpn=h2,h3' },
      { type: 'NS', name: 'sub', ttl: 3600, content: 'ns.elsewhere.test' },
      { type: 'PTR', name: '10', ttl: 300, content: `www.${ZONE}` },
    ];
    for (const record of add) {
      const event = await runEvent(api.post(`${base}/${ZONE}/records`, record));
      expect(event.status, event.output).toBe('FINISHED');
    }
    expect(await digShort(`www.${ZONE}`, 'A')).toEqual(['192.0.2.10']);
    expect(await digShort(`www.${ZONE}`, 'AAAA')).toEqual(['2001:db8::10']);
    expect(await digShort(`blog.${ZONE}`, 'CNAME')).toEqual([`www.${ZONE}.`]);
    expect(await digShort(ZONE, 'MX')).toEqual([`10 mail.${ZONE}.`]);
    expect((await digShort(ZONE, 'TXT'))[0]).toMatch(/^"v=spf1 mx -all x+" "x+"$/);
    expect(await digShort(`_sip._tcp.${ZONE}`, 'SRV')).toEqual([`10 5 5060 sip.${ZONE}.`]);
    expect(await digShort(ZONE, 'CAA')).toEqual(['0 issue "letsencrypt.org"']);
    expect(await digShort(ZONE, 'HTTPS')).toEqual(['1 . alpn="h2,h3"']);
    expect(await digShort(`10.${ZONE}`, 'PTR')).toEqual([`www.${ZONE}.`]);

    const { data, meta, zone } = await records();
    expect(meta).toEqual({ types: expect.arrayContaining(['A', 'TXT', 'HTTPS']), hasProxy: false });
    expect(zone).toMatchObject({ name: ZONE, managed: true, dnssec: false });
    expect(zone.serial).toBeGreaterThan(2026000000);
    expect(find(data, 'TXT', '@')).toMatchObject({ content: `v=spf1 mx -all ${'x'.repeat(300)}` });
    expect(find(data, 'SRV', '_sip._tcp')).toMatchObject({ priority: 10, weight: 5, port: 5060 });
    expect(find(data, 'AAAA', 'www')).toMatchObject({ ttl: 3600 });
  }, 600_000);

  it('bumps the serial on each change; update and delete by id', async () => {
    const before = await records();
    const www = find(before.data, 'A', 'www')!;
    const updated = await runEvent(
      api.put(`${base}/${ZONE}/records/${www.id}`, {
        type: 'A',
        name: 'www',
        ttl: 300,
        content: '192.0.2.20',
      }),
    );
    expect(updated.status, updated.output).toBe('FINISHED');
    expect(await digShort(`www.${ZONE}`, 'A')).toEqual(['192.0.2.20']);
    const after = await records();
    expect(after.zone.serial).toBe(before.zone.serial! + 1);
    const soa = (await digShort(ZONE, 'SOA'))[0]!.split(' ');
    expect(Number(soa[2])).toBe(after.zone.serial);

    const blog = find(after.data, 'CNAME', 'blog')!;
    const deleted = await runEvent(api.delete(`${base}/${ZONE}/records/${blog.id}`));
    expect(deleted.status, deleted.output).toBe('FINISHED');
    expect(await digShort(`blog.${ZONE}`, 'CNAME')).toEqual([]);
    // A record id that is not there: 404 before anything runs.
    expect((await api.delete(`${base}/${ZONE}/records/${blog.id}`)).statusCode).toBe(404);
  }, 300_000);

  it("refuses a record that breaks the zone with named-checkzone's message; the old zone still answers", async () => {
    const serial = (await records()).zone.serial;
    const file = (await on(`cat /var/lib/bind/hostdeck/zones/${ZONE}.db`)).stdout;
    const broken = await runEvent(
      api.post(`${base}/${ZONE}/records`, {
        type: 'CNAME',
        name: 'www',
        ttl: 300,
        content: 'other.example.net',
      }),
    );
    expect(broken.status).toBe('ERROR');
    expect(broken.output).toContain('CNAME and other data');
    expect(broken.output).toContain('named-checkzone refused the zone');
    expect((await on(`cat /var/lib/bind/hostdeck/zones/${ZONE}.db`)).stdout).toBe(file);
    expect((await records()).zone.serial).toBe(serial);
    expect(await digShort(`www.${ZONE}`, 'A')).toEqual(['192.0.2.20']);
    expect(await digShort(`www.${ZONE}`, 'CNAME')).toEqual([]);
  }, 300_000);

  it('turns DNSSEC on: dig +dnssec returns signatures, and the DS record is given; off again', async () => {
    const on1 = await runEvent(api.put(`${base}/${ZONE}`, { dnssec: true }));
    expect(on1.status, on1.output).toBe('FINISHED');
    await waitFor(
      async () => (/\bRRSIG\b/.test(await dig('+dnssec', `www.${ZONE}`, 'A')) ? true : undefined),
      {
        timeoutMs: 30_000,
        intervalMs: 500,
        what: 'RRSIG in the answer',
      },
    );
    const { zone } = await records();
    expect(zone.dnssec).toBe(true);
    expect(zone.ds[0]).toMatch(new RegExp(`^${ZONE.replace('.', '\\.')}\\. IN DS [0-9]+ 13 2 [0-9A-F]{64}$`));
    // A change while signed is signed too.
    const added = await runEvent(
      api.post(`${base}/${ZONE}/records`, { type: 'A', name: 'signed', ttl: 300, content: '192.0.2.30' }),
    );
    expect(added.status, added.output).toBe('FINISHED');
    await waitFor(
      async () => (/\bRRSIG\b/.test(await dig('+dnssec', `signed.${ZONE}`, 'A')) ? true : undefined),
      {
        timeoutMs: 30_000,
        intervalMs: 500,
        what: 'RRSIG of the new record',
      },
    );

    const off = await runEvent(api.put(`${base}/${ZONE}`, { dnssec: false }));
    expect(off.status, off.output).toBe('FINISHED');
    await waitFor(
      async () => (/\bRRSIG\b/.test(await dig('+dnssec', `www.${ZONE}`, 'A')) ? undefined : true),
      {
        timeoutMs: 30_000,
        intervalMs: 500,
        what: 'no RRSIG once off',
      },
    );
    expect(await digShort(`signed.${ZONE}`, 'A')).toEqual(['192.0.2.30']);
  }, 300_000);

  it('imports a zone file and exports it back unchanged in meaning; download gives the file', async () => {
    const source = [
      '$ORIGIN imported.test.',
      '$TTL 1h',
      '@ IN SOA ns1 hostmaster ( 2020010101 2h 1h 2w 1h )',
      '  IN NS ns1',
      '  IN MX 5 mail',
      'ns1 IN A 192.0.2.1',
      'mail 300 IN A 192.0.2.2',
      'txt IN TXT "hello world" "second string"',
      'sshfp IN SSHFP 1 1 123456789abcdef67890123456789abcdef67890',
      '',
    ].join('\n');
    const imported = await runEvent(api.post(`${base}/import`, { name: 'imported.test', content: source }));
    expect(imported.status, imported.output).toBe('FINISHED');
    expect(await digShort('mail.imported.test', 'A')).toEqual(['192.0.2.2']);

    const exported = bind9ZoneExportSchema.parse((await api.get(`${base}/imported.test/export`)).json().data);
    const meaning = (text: string) =>
      text
        .split('\n')
        .filter((line) => line && !/\sSOA\s/.test(line))
        .map((line) => line.trim().split(/\s+/).join(' ').toLowerCase())
        .sort();
    // The source's meaning, as named-checkzone reads it on this host's own terms: compare record sets.
    expect(meaning(exported.content)).toEqual(
      [
        'imported.test. 3600 in ns ns1.imported.test.',
        'imported.test. 3600 in mx 5 mail.imported.test.',
        'ns1.imported.test. 3600 in a 192.0.2.1',
        'mail.imported.test. 300 in a 192.0.2.2',
        'txt.imported.test. 3600 in txt "hello world" "second string"',
        'sshfp.imported.test. 3600 in sshfp 1 1 123456789abcdef67890123456789abcdef67890',
      ].sort(),
    );
    // Imported again as it was exported: the same records.
    const again = await runEvent(
      api.post(`${base}/import`, { name: 'imported.test', content: exported.content }),
    );
    expect(again.status, again.output).toBe('FINISHED');
    const second = bind9ZoneExportSchema.parse((await api.get(`${base}/imported.test/export`)).json().data);
    expect(meaning(second.content)).toEqual(meaning(exported.content));

    const download = await api.get(`${base}/imported.test/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="imported.test.zone"');
    expect(meaning(download.body)).toEqual(meaning(second.content));

    // A file named-checkzone refuses: its message, nothing written.
    const bad = await runEvent(
      api.post(`${base}/import`, { name: 'bad.test', content: '$TTL 1h\n@ IN A 192.0.2.1\n' }),
    );
    expect(bad.status).toBe('ERROR');
    expect(bad.output).toMatch(/named-checkzone refused the zone: .*(SOA|not loaded)/);
    expect((await on('ls /var/lib/bind/hostdeck/zones/bad.test.db 2>&1')).code).not.toBe(0);
  }, 300_000);

  it('lists a zone made by hand read-only and keeps it', async () => {
    const handMade = await on(
      [
        "printf '$TTL 1h\\n@ IN SOA ns1.hand.test. h.hand.test. 1 2h 1h 2w 1h\\n@ IN NS ns1.hand.test.\\nns1 IN A 192.0.2.99\\n' > /etc/bind/db.hand.test",
        'printf \'zone "hand.test" { type primary; file "/etc/bind/db.hand.test"; };\\n\' >> /etc/bind/named.conf.local',
        'rndc reconfig',
      ].join(' && '),
    );
    expect(handMade.code, handMade.stderr).toBe(0);
    const { zones } = bind9StatusSchema.parse((await api.get(base)).json().data);
    expect(zones.find((zone) => zone.name === 'hand.test')).toMatchObject({
      managed: false,
      type: 'primary',
    });
    expect(zones.find((zone) => zone.name === ZONE)).toMatchObject({ managed: true });

    expect((await api.delete(`${base}/hand.test`)).statusCode).toBe(422);
    expect(
      (await api.post(`${base}/hand.test/records`, { type: 'A', name: 'x', ttl: 1, content: '192.0.2.1' }))
        .statusCode,
    ).toBe(422);
    // Import over it: refused on the server; the hand-made file and its answer stay.
    const over = await runEvent(
      api.post(`${base}/import`, {
        name: 'hand.test',
        content: '$TTL 1h\n@ IN SOA a.hand.test. b.hand.test. 1 2 3 4 5\n@ IN NS a.hand.test.\n',
      }),
    );
    expect(over.status).toBe('ERROR');
    expect(over.output).toContain('made by hand');
    expect(await digShort('ns1.hand.test', 'A')).toEqual(['192.0.2.99']);

    // Another panel change rewrites only the panel's include: the hand-made zone still answers.
    const change = await runEvent(api.post(base, { name: 'second.test' }));
    expect(change.status, change.output).toBe('FINISHED');
    expect(await digShort('ns1.hand.test', 'A')).toEqual(['192.0.2.99']);
    expect((await on('grep -c hand.test /etc/bind/named.conf.local')).stdout).toBe('1');
  }, 300_000);

  it('the zone store (for free subdomains) lists, creates, updates and deletes records directly', async () => {
    const store = createBind9ZoneStore({
      executor: createSshExecutor(),
      connections: createServerConnections(test.database.db, test.panel.secretBox),
    });
    expect(await store.listZones(serverId)).toEqual(
      expect.arrayContaining([
        { name: ZONE, managed: true },
        { name: 'hand.test', managed: false },
      ]),
    );
    const created = await store.createRecord(serverId, ZONE, {
      type: 'A',
      name: 'free1',
      ttl: 300,
      content: '192.0.2.40',
    });
    expect(created).toMatchObject({ type: 'A', name: 'free1', content: '192.0.2.40' });
    expect(await digShort(`free1.${ZONE}`, 'A')).toEqual(['192.0.2.40']);
    const updated = await store.updateRecord(serverId, ZONE, created.id, {
      type: 'A',
      name: 'free1',
      ttl: 300,
      content: '192.0.2.41',
    });
    expect(await digShort(`free1.${ZONE}`, 'A')).toEqual(['192.0.2.41']);
    expect((await store.listRecords(serverId, ZONE)).some((record) => record.id === updated.id)).toBe(true);
    await store.deleteRecord(serverId, ZONE, updated.id);
    expect(await digShort(`free1.${ZONE}`, 'A')).toEqual([]);
    await expect(
      store.createRecord(serverId, ZONE, { type: 'CNAME', name: 'www', ttl: 300, content: 'x.example.net' }),
    ).rejects.toThrow(Bind9StoreError);
  }, 300_000);

  it('refuses injection in every field before anything runs; a value cannot add a record', async () => {
    // The newest event before the payloads: the events after it are the payloads' (by id, not by
    // row order, which updates change).
    const [newest] = await test.database.db
      .select({ id: events.id })
      .from(events)
      .orderBy(desc(events.id))
      .limit(1);
    const before = newest?.id ?? 0;
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      const bodies: [string, string, unknown][] = [
        ['post', base, { name: payload }],
        ['post', `${base}/import`, { name: payload, content: '$TTL 1h\n' }],
        ['post', `${base}/${ZONE}/records`, { type: 'A', name: payload, ttl: 1, content: '192.0.2.1' }],
        ['post', `${base}/${ZONE}/records`, { type: 'A', name: 'x', ttl: 1, content: payload }],
        ['post', `${base}/${ZONE}/records`, { type: 'TXT', name: 'x', ttl: 1, content: payload }],
        ['post', `${base}/${ZONE}/records`, { type: 'MX', name: 'x', ttl: 1, priority: 1, content: payload }],
        [
          'post',
          `${base}/${ZONE}/records`,
          { type: 'CAA', name: 'x', ttl: 1, flags: 0, tag: 'issue', content: payload },
        ],
        [
          'post',
          `${base}/${ZONE}/records`,
          { type: 'HTTPS', name: 'x', ttl: 1, priority: 1, content: '.', params: payload },
        ],
        [
          'post',
          `${base}/${ZONE}/records`,
          { type: 'SRV', name: 'x', ttl: 1, priority: 1, weight: 1, port: 1, content: payload },
        ],
      ];
      for (const [method, path, body] of bodies) {
        const response = method === 'post' ? await api.post(path, body) : await api.put(path, body);
        // TXT and CAA values are quoted strings of the zone file: they take printable text (`;`,
        // `$(…)` are plain characters there), never a control character, a quote or a backslash;
        // every other field refuses every payload.
        if (response.statusCode === 201) {
          const type = (body as { type?: string }).type;
          // `*` is a wildcard record's name, and no SvcParams at all are empty HTTPS params:
          // valid values, not injections.
          if (payload === '*' || (type === 'HTTPS' && payload === '')) continue;
          expect(['TXT', 'CAA'], `${path} ${JSON.stringify(body)}`).toContain(type);
          expect(hasControlCharacters(payload) || /["\\]/.test(payload)).toBe(false);
        } else {
          expect([404, 422], `${path} ${JSON.stringify(body)}`).toContain(response.statusCode);
        }
      }
      expect([404, 414, 422]).toContain(
        (await api.get(`${base}/${encodeURIComponent(payload)}/records`)).statusCode,
      );
    }
    // Only the harmless TXT and CAA texts started events; wait for them, then nothing ran anything.
    // They run one after another on the one server: the deadline grows with their number.
    const started = await test.database.db
      .select({ id: events.id })
      .from(events)
      .where(gt(events.id, before));
    await waitFor(
      async () => {
        const open = await test.database.db
          .select({ id: events.id })
          .from(events)
          .where(and(gt(events.id, before), eq(events.isFinished, false)));
        return open.length === 0;
      },
      { timeoutMs: 120_000 + started.length * 15_000, intervalMs: 500, what: `${started.length} events` },
    );
    expect((await on(`test -e ${INJECTION_CANARY_PATH} && echo yes || echo no`)).stdout).toBe('no');
    // A TXT with a newline, quote or a `"; x IN A` never adds a record.
    for (const content of ['a"\nevil IN A 192.0.2.66', 'a" evil', 'a\\', 'x\nevil 1 IN A 192.0.2.66']) {
      const response = await api.post(`${base}/${ZONE}/records`, {
        type: 'TXT',
        name: 'inj',
        ttl: 1,
        content,
      });
      expect(response.statusCode).toBe(422);
    }
    // (`evil` may still match the wildcard `*` the payload loop made: only the injected address counts.)
    expect(await digShort(`evil.${ZONE}`, 'A')).not.toContain('192.0.2.66');
  }, 900_000);

  it('deletes a panel zone: gone from named, its files removed', async () => {
    const deleted = await runEvent(api.delete(`${base}/imported.test`));
    expect(deleted.status, deleted.output).toBe('FINISHED');
    expect(await digShort('imported.test', 'SOA')).toEqual([]);
    expect((await on('ls /var/lib/bind/hostdeck/zones/')).stdout).not.toContain('imported.test');
    expect(
      bind9StatusSchema.parse((await api.get(base)).json().data).zones.map((zone) => zone.name),
    ).not.toContain('imported.test');
  }, 300_000);
});
