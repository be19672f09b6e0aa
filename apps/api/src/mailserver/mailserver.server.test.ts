import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { startedEventResponseSchema } from '@hostdeck/contracts';
import { dnsRecordInputSchema } from '@hostdeck/contracts/dns-records';
import {
  mailDeliverabilitySchema,
  mailDomainCheckSchema,
  mailOverviewResponseSchema,
  type MailOverview,
} from '@hostdeck/contracts/mailserver';
import {
  linkTestServers,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { createServerRecord } from '../testing/fixtures.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { imapSession, smtpSession } from './testing/mail-clients.js';

/**
 * The mail server on two booted Debian 12 test servers linked by a cable, through the API and the
 * queue (the production path): `mla1` (a.test) relays to `mlb1` (b.test). Installed from
 * Applications; every change checked on the servers themselves; the mail really travels:
 * alice@a.test signs in to A's submission port, Postfix and OpenDKIM sign and relay it to B, whose
 * Dovecot puts it in bob's Maildir, where its DKIM signature verifies against A's key.
 */
const [pglite] = await availableTestDatabases();
const A = 'mla1';
const B = 'mlb1';
const ALICE_PASSWORD = 'alice secret 123';
const BOB_PASSWORD = 'bob secret 456';

describe('the mail server on two booted test servers', () => {
  let a: TestServer;
  let b: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let baseA: string;
  let baseB: string;
  let serverA: number;
  let serverB: number;

  beforeAll(async () => {
    [a, b] = await Promise.all([bootWebTestServer(A), bootWebTestServer(B)]);
    await linkTestServers(A, B);
    const connected = await createConnectedTestApp(pglite!, a, { workers: true });
    ({ test, api } = connected);
    serverA = connected.serverId;
    const record = await createServerRecord(test.database.db, test.panel.secretBox, {
      userId: connected.user.id,
      ip: b.address,
      port: b.port,
      password: b.password,
      name: 'mail-b',
    });
    serverB = record.id;
    baseA = `/api/servers/${serverA}/mail`;
    baseB = `/api/servers/${serverB}/mail`;
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await Promise.all([stopTestServer(A), stopTestServer(B)]);
  });

  const on = async (target: TestServer, script: string) => {
    const result = await runOnTestServer(target, ['bash', '-c', script]);
    return { ...result, stdout: result.stdout.trim() };
  };

  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const { id } = startedEventResponseSchema.parse(response.json()).data;
    return waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 900_000, intervalMs: 500, what: `event ${id} to finish` },
    );
  };
  const passes = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const event = await runEvent(call);
    expect(event.status, event.output ?? '').toBe('FINISHED');
    return event;
  };

  const overview = async (base: string): Promise<MailOverview> => {
    const response = await api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    return mailOverviewResponseSchema.parse(response.json()).data;
  };

  const eventCount = async () => (await test.database.db.select({ id: events.id }).from(events)).length;

  it('installs the mail server from Applications on both servers', async () => {
    const before = await overview(baseA);
    expect(before.installed).toBe(false);
    await Promise.all(
      [serverA, serverB].map((id) =>
        passes(api.post(`/api/servers/${id}/applications`, { name: 'mailserver' })),
      ),
    );
    for (const server of [a, b]) {
      expect((await on(server, 'systemctl is-active postfix dovecot opendkim')).stdout).toBe(
        'active\nactive\nactive',
      );
      expect((await on(server, 'ss -ltn4 | grep -cE ":(25|587|465|993|8891) "')).stdout).toBe('5');
    }
    const after = await overview(baseA);
    expect(after).toMatchObject({
      installed: true,
      services: { postfix: 'active', dovecot: 'active', opendkim: 'active' },
      domains: [],
      ssl: { source: 'self-signed', site_id: null },
    });
  }, 1_200_000);

  it('applies the settings: host name, relay host, message size limit (0 = unlimited)', async () => {
    await passes(
      api.put(`${baseA}/settings`, {
        hostname: 'mail.a.test',
        relay_host: `[${b.address}]:25`,
        message_size_limit_mb: 0,
      }),
    );
    await passes(
      api.put(`${baseB}/settings`, { hostname: 'mail.b.test', relay_host: '', message_size_limit_mb: 1 }),
    );
    expect((await on(a, 'postconf -h message_size_limit relayhost myhostname')).stdout).toBe(
      `0\n[${b.address}]:25\nmail.a.test`,
    );
    expect((await on(b, 'postconf -h message_size_limit')).stdout).toBe(String(1024 * 1024));
    expect((await overview(baseA)).settings).toEqual({
      hostname: 'mail.a.test',
      relay_host: `[${b.address}]:25`,
      message_size_limit_mb: 0,
    });
  }, 300_000);

  it('adds domains with a DKIM key, accounts with hashed passwords and a quota, and an alias', async () => {
    await passes(api.post(`${baseA}/domains`, { name: 'a.test' }));
    await passes(api.post(`${baseB}/domains`, { name: 'b.test' }));
    await passes(api.post(`${baseA}/domains/a.test/default`));
    // The same domain twice is a field error, before any event.
    const again = await api.post(`${baseA}/domains`, { name: 'a.test' });
    expect(again.statusCode, again.body).toBe(422);

    await passes(
      api.post(`${baseA}/accounts`, { address: 'alice@a.test', password: ALICE_PASSWORD, quota_mb: 100 }),
    );
    await passes(api.post(`${baseB}/accounts`, { address: 'bob@b.test', password: 'first password 1' }));
    await passes(api.put(`${baseB}/accounts/bob@b.test/password`, { password: BOB_PASSWORD }));
    await passes(api.put(`${baseB}/aliases`, { source: 'sales@b.test', destinations: ['bob@b.test'] }));
    // An address of a domain the server does not have.
    const foreign = await api.post(`${baseA}/accounts`, { address: 'x@c.test', password: ALICE_PASSWORD });
    expect(foreign.statusCode, foreign.body).toBe(422);

    const stateA = await overview(baseA);
    expect(stateA.domains).toMatchObject([{ name: 'a.test', is_default: true, dkim: true, accounts: 1 }]);
    expect(stateA.domains[0]!.dkim_record).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
    expect(stateA.accounts).toMatchObject([{ address: 'alice@a.test', domain: 'a.test', quota_mb: 100 }]);
    const stateB = await overview(baseB);
    expect(stateB.aliases).toEqual([
      {
        source: 'sales@b.test',
        domain: 'b.test',
        destinations: ['bob@b.test'],
        kind: 'alias',
        keep_copy: false,
      },
    ]);

    // On the servers: a SHA512-CRYPT hash, never the password; the quota is Dovecot's.
    const passwd = (await on(a, 'cat /etc/dovecot/hostdeck/passwd')).stdout;
    expect(passwd).toMatch(/^alice@a\.test:\{SHA512-CRYPT\}\$6\$/m);
    for (const [server, secret] of [
      [a, ALICE_PASSWORD],
      [b, BOB_PASSWORD],
    ] as const) {
      const found = await runOnTestServer(server, [
        'grep',
        '-rFl',
        '--',
        secret,
        '/etc',
        '/var/log',
        '/var/lib/hostdeck',
        '/root',
        '/tmp',
      ]);
      expect(found.stdout, 'the password is nowhere on the server').toBe('');
    }
    const outputs = (await test.database.db.select({ output: events.output }).from(events))
      .map((row) => row.output ?? '')
      .join('\n');
    expect(outputs).not.toContain(ALICE_PASSWORD);
    expect((await on(a, "doveadm quota get -u alice@a.test | awk '/STORAGE/ { print $5 }'")).stdout).toBe(
      '102400',
    );
    await passes(api.put(`${baseA}/accounts/alice@a.test/quota`, { quota_mb: 200 }));
    expect((await on(a, "doveadm quota get -u alice@a.test | awk '/STORAGE/ { print $5 }'")).stdout).toBe(
      '204800',
    );
  }, 600_000);

  it('sends from alice@a.test (submission, A) to bob@b.test (B): in the Maildir, DKIM verifies; IMAP signs in', async () => {
    const session = await smtpSession(a.address, 587, {
      starttls: true,
      auth: { user: 'alice@a.test', password: ALICE_PASSWORD },
    });
    expect((await session.command('MAIL FROM:<alice@a.test>')).code).toBe(250);
    expect((await session.command('RCPT TO:<bob@b.test>')).code).toBe(250);
    expect((await session.command('RCPT TO:<sales@b.test>')).code).toBe(250);
    const sent = await session.data(
      [
        'From: Alice <alice@a.test>',
        'To: Bob <bob@b.test>',
        'Subject: Hello from A',
        `Date: ${new Date().toUTCString()}`,
        'Message-ID: <hello-1@a.test>',
        '',
        'Hi Bob,',
        '.a line starting with a dot',
        'Alice',
        '',
      ].join('\r\n'),
    );
    expect(sent.code, sent.text).toBe(250);
    session.close();

    const maildir = '/var/mail/vhosts/b.test/bob/Maildir/new';
    const file = await waitFor(
      async () => {
        const listed = (await on(b, `ls -1 ${maildir} 2>/dev/null | head -n 1`)).stdout;
        return listed || undefined;
      },
      { timeoutMs: 60_000, intervalMs: 1000, what: 'the message in bob\u2019s Maildir' },
    );
    const message = (await runOnTestServer(b, ['cat', `${maildir}/${file}`])).stdout;
    expect(message).toContain('Subject: Hello from A');
    expect(message).toMatch(/^DKIM-Signature: .*d=a\.test/m);
    expect(message).toMatch(/s=hostdeck/);

    const dkimRecord = (await overview(baseA)).domains[0]!.dkim_record!;
    const resolver = async (name: string, type: string) => {
      if (type === 'TXT' && name === 'hostdeck._domainkey.a.test') return [[dkimRecord]];
      throw Object.assign(new Error(`no ${type} ${name}`), { code: 'ENOTFOUND' });
    };
    const verified = await dkimVerify(Buffer.from(message.replace(/\r?\n/g, '\r\n')), { resolver });
    expect(verified.results.map((result: { status: { result: string } }) => result.status.result)).toEqual([
      'pass',
    ]);

    // sales@b.test is an alias of bob: a second copy in the same Maildir (one delivery per recipient address).
    await waitFor(async () => Number((await on(b, `ls -1 ${maildir} | wc -l`)).stdout) >= 1 || undefined, {
      timeoutMs: 30_000,
      intervalMs: 1000,
      what: 'the alias copy',
    });

    const imap = await imapSession(b.address);
    expect((await imap.login('bob@b.test', 'wrong password 1')).status).toBe('NO');
    expect((await imap.login('bob@b.test', 'first password 1')).status).toBe('NO');
    expect((await imap.login('bob@b.test', BOB_PASSWORD)).status).toBe('OK');
    const select = await imap.command('SELECT INBOX');
    expect(select.status).toBe('OK');
    expect(select.text).toMatch(/\* [1-9]\d* EXISTS/);
    imap.close();
  }, 300_000);

  it('refuses a message over B\u2019s size limit (1 MB), takes it once the limit is 0 (unlimited)', async () => {
    const big = 'x'.repeat(76) + '\r\n';
    const body = big.repeat(Math.ceil((1.5 * 1024 * 1024) / big.length));
    const session = await smtpSession(b.address, 25);
    const announced = await session.command(`MAIL FROM:<alice@a.test> SIZE=${body.length + 200}`);
    expect(announced.code, announced.text).toBe(552);
    expect((await session.command('RSET')).code).toBe(250);
    expect((await session.command('MAIL FROM:<alice@a.test>')).code).toBe(250);
    expect((await session.command('RCPT TO:<bob@b.test>')).code).toBe(250);
    const refused = await session.data(`From: alice@a.test\r\nTo: bob@b.test\r\nSubject: big\r\n\r\n${body}`);
    expect(refused.code, refused.text).toBe(552);
    session.close();

    await passes(
      api.put(`${baseB}/settings`, { hostname: 'mail.b.test', relay_host: '', message_size_limit_mb: 0 }),
    );
    expect((await on(b, 'postconf -h message_size_limit')).stdout).toBe('0');
    const again = await smtpSession(b.address, 25);
    expect((await again.command(`MAIL FROM:<alice@a.test> SIZE=${body.length + 200}`)).code).toBe(250);
    again.close();
  }, 300_000);

  it('shows the records a domain needs, and deliverability, saying what cannot be checked', async () => {
    const check = await api.get(`${baseA}/domains/a.test/check`);
    expect(check.statusCode, check.body).toBe(200);
    const { records } = mailDomainCheckSchema.parse(check.json().data);
    expect(records.map((record) => record.purpose)).toEqual(['mx', 'spf', 'dkim', 'dmarc']);
    for (const record of records) {
      expect(dnsRecordInputSchema.safeParse(record.record).success).toBe(true);
      // Test servers have no internet and a.test is in no DNS: never "ok".
      expect(['missing', 'unknown']).toContain(record.state);
    }
    expect(records[0]!.record).toMatchObject({ type: 'MX', name: '@', priority: 10, content: 'mail.a.test' });

    const deliverability = await api.get(`${baseA}/deliverability`);
    expect(deliverability.statusCode, deliverability.body).toBe(200);
    const answer = mailDeliverabilitySchema.parse(deliverability.json().data);
    expect(answer.checks.map((item) => [item.check, item.state])).toEqual([
      ['port25', 'unknown'],
      ['rdns', 'unknown'],
      ['blocklist', 'unknown'],
    ]);
  }, 120_000);

  it('refuses injection, option injection, CRLF and control characters in every field, before anything runs', async () => {
    const before = await eventCount();
    const attempts: [string, string, unknown][] = [
      ['POST', `${baseA}/domains`, { name: 'a.test\nrelayhost=evil' }],
      ['POST', `${baseA}/domains`, { name: '-oevil.test' }],
      ['POST', `${baseA}/domains`, { name: 'a.test; rm -rf /' }],
      ['POST', `${baseA}/accounts`, { address: 'x@a.test\r\nDATA', password: ALICE_PASSWORD }],
      ['POST', `${baseA}/accounts`, { address: 'x$(id)@a.test', password: ALICE_PASSWORD }],
      ['POST', `${baseA}/accounts`, { address: 'x@a.test', password: 'line one\nline two' }],
      ['POST', `${baseA}/accounts`, { address: 'x@a.test', password: 'tab\there ok?' }],
      ['POST', `${baseA}/accounts`, { address: 'x@a.test', password: ALICE_PASSWORD, quota_mb: -1 }],
      ['PUT', `${baseA}/accounts/alice@a.test/quota`, { quota_mb: '1; reboot' }],
      ['PUT', `${baseA}/aliases`, { source: 'x@a.test', destinations: ['y@a.test\r\nz@evil.test'] }],
      ['PUT', `${baseA}/aliases`, { source: 'x@a.test', destinations: ['y@a.test,z@evil.test'] }],
      ['PUT', `${baseA}/aliases`, { source: 'x@a.test extra', destinations: ['y@a.test'] }],
      [
        'PUT',
        `${baseA}/settings`,
        { hostname: 'mail.a.test', relay_host: 'x\nrelayhost=evil', message_size_limit_mb: 1 },
      ],
      ['PUT', `${baseA}/settings`, { hostname: '-omail.a.test', relay_host: '', message_size_limit_mb: 1 }],
      ['PUT', `${baseA}/settings`, { hostname: 'mail.a.test', relay_host: '', message_size_limit_mb: 1.5 }],
      [
        'PUT',
        `${baseA}/settings`,
        { hostname: 'mail.a.test', relay_host: '[1.2.3.4]:99999', message_size_limit_mb: 1 },
      ],
      ['PUT', `${baseA}/ssl`, { site_id: '1 --evil' }],
    ];
    for (const [method, url, body] of attempts) {
      const response = method === 'POST' ? await api.post(url, body) : await api.put(url, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${response.body}`).toBe(422);
    }
    for (const url of [
      `${baseA}/accounts/x%0a@a.test`,
      `${baseA}/aliases/x%0d%0a@a.test`,
      `${baseA}/domains/a.test%0a`,
    ]) {
      const response = await api.delete(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(422);
    }
    expect(await eventCount()).toBe(before);
    expect((await on(a, 'postconf -h relayhost')).stdout).toBe(`[${b.address}]:25`);
  }, 120_000);

  it('deletes: the domain is refused while it has accounts; alias, account, then domain go', async () => {
    const refused = await api.delete(`${baseB}/domains/b.test`);
    expect(refused.statusCode, refused.body).toBe(422);
    await passes(api.delete(`${baseB}/aliases/sales@b.test`));
    await passes(api.delete(`${baseB}/accounts/bob@b.test`));
    await passes(api.delete(`${baseB}/domains/b.test`));
    const state = await overview(baseB);
    expect(state).toMatchObject({ domains: [], accounts: [], aliases: [] });
    expect((await on(b, 'postmap -q b.test hash:/etc/postfix/hostdeck/domains || echo none')).stdout).toBe(
      'none',
    );
    expect((await on(b, 'ls /etc/opendkim/hostdeck/keys')).stdout).toBe('');
    // The mailbox is kept aside, never deleted.
    expect((await on(b, 'ls -a /var/mail/vhosts/b.test | grep -c "^.deleted-bob-"')).stdout).toBe('1');
  }, 300_000);
});
