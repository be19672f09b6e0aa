import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STATUS } from '@hostdeck/contracts';
import { alertRoutes, type AlertChannel } from '@hostdeck/contracts/alerts';
import { TestBrowser } from '../accounts/testing/test-browser.js';
import { SESSION_COOKIE } from '../auth/sessions.repository.js';
import { createSecretBox } from '../crypto/secret-box.js';
import { alertBackupRun } from '../backups/backup-events.js';
import { createBackupsRepository } from '../backups/backups.repository.js';
import { CERTIFICATE_EVENT_TYPES, CERTIFICATE_MODEL_TYPE } from '../certificates/certificate-events.js';
import { registerCertificateFinishedHandler } from '../certificates/certificate-renewal.js';
import { createCertificatesRepository } from '../certificates/certificates.repository.js';
import { alertIncidents, certificates, servers, sites, users } from '../database/schema.js';
import type { EventRow } from '../events/events.repository.js';
import { createEventHooks } from '../jobs/event-hooks.js';
import { PASSWORD } from '../accounts/testing/accounts.js';
import { createServerRecord, createSignedInUser } from '../testing/fixtures.js';
import { eq } from '../testing/sql.js';
import { createTestApp, TEST_APP_KEY, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { createAlertSenders, signWebhook } from './alert-senders.js';
import { createAlertsRepository } from './alerts.repository.js';
import { checkExpiringCertificates } from './certificate-expiry.js';
import { createAlertsService, type AlertsService } from './alerts.service.js';
import {
  startTelegramFake,
  startWebhookReceiver,
  type LocalReceiver,
  type TelegramFake,
} from './testing/alert-receivers.js';

const TELEGRAM_SECRET = 'telegram-webhook-secret-123';
const channelPath = (path: string, id: number) => path.replace(':channel', String(id));

/** What a receiver does with a HostDeck webhook (docs/alerts.md): signature, then timestamp window. */
function verifyWebhook(secret: string, headers: Record<string, unknown>, body: string, nowSeconds: number) {
  const timestamp = Number(headers['x-hostdeck-timestamp']);
  const given = Buffer.from(String(headers['x-hostdeck-signature'] ?? ''));
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  );
  const genuine = given.length === expected.length && timingSafeEqual(given, expected);
  return genuine && Math.abs(nowSeconds - timestamp) <= 300;
}

/**
 * The alerts area through its routes and its service, on a real database, with a real webhook
 * receiver and a fake Telegram Bot API on 127.0.0.1 (allowed by OUTBOUND_ALLOW_HOSTS here only).
 */
describe('alerts', () => {
  let test: TestApp;
  let strict: TestApp;
  let receiver: LocalReceiver;
  let telegram: TelegramFake;
  let alerts: AlertsService;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    telegram = await startTelegramFake();
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, {
      env: {
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
        TELEGRAM_API_URL: telegram.apiUrl,
        TELEGRAM_BOT_USERNAME: 'hostdeck_test_bot',
      },
    });
    // The same panel's configuration without the allowlist: what production runs.
    strict = await createTestApp(pglite!);
    const db = test.database.db;
    alerts = createAlertsService({
      repository: createAlertsRepository(db),
      senders: createAlertSenders({
        mailer: { send: async () => undefined, close: () => undefined },
        telegram: { token: telegram.token, apiUrl: telegram.apiUrl },
        outbound: { allowHosts: ['127.0.0.1'] },
      }),
      secretBox: createSecretBox(Buffer.from(TEST_APP_KEY.slice('base64:'.length), 'base64')),
      brand: 'HostDeck',
      log: { warn: () => undefined },
    });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await strict?.close();
    await receiver?.close();
    await telegram?.close();
  });

  const restartedAlerts = () =>
    createAlertsService({
      repository: createAlertsRepository(test.database.db),
      senders: createAlertSenders({
        mailer: { send: async () => undefined, close: () => undefined },
        telegram: null,
        outbound: { allowHosts: ['127.0.0.1'] },
      }),
      secretBox: createSecretBox(Buffer.from(TEST_APP_KEY.slice('base64:'.length), 'base64')),
      brand: 'HostDeck',
      log: { warn: () => undefined },
    });

  async function signedIn(app: TestApp, locale = 'en') {
    const account = await createSignedInUser(app.database.db);
    if (locale !== 'en')
      await app.database.db.update(users).set({ locale }).where(eq(users.id, account.user.id));
    const browser = new TestBrowser(app.app, { headers: { origin: app.config.allowedOrigins[0]! } });
    browser.setCookie(SESSION_COOKIE, account.cookie.slice(`${SESSION_COOKIE}=`.length));
    return { ...account, browser };
  }

  async function webhookChannel(browser: TestBrowser, path = '/hook') {
    const response = await browser.post(alertRoutes.create.path, {
      type: 'webhook',
      name: 'Ops hook',
      url: `${receiver.url.replace('/hook', path)}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: AlertChannel; secret: string }>();
  }

  const receivedAt = (path: string) => receiver.received.filter((request) => request.path === path);

  it('creates a signed webhook channel, never shows its URL or secret again, and tests it', async () => {
    const { browser } = await signedIn(test);
    const { data, secret } = await webhookChannel(browser, '/created');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(data).toMatchObject({ type: 'webhook', target: expect.stringContaining('127.0.0.1') });
    expect(data.alert_types).toContain('deployment.failed');
    expect(data.alert_types).not.toContain('deployment.finished');
    const list = await browser.get(alertRoutes.list.path);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain('/created');
    // Sealed at rest: neither the URL nor the secret is readable in the row.
    const row = (await createAlertsRepository(test.database.db).findChannel(data.id))!;
    expect(row.sealedConfig).not.toContain('/created');
    expect(row.sealedConfig).not.toContain(secret);

    const sent = await browser.post(channelPath(alertRoutes.test.path, data.id));
    expect(sent.statusCode, sent.body).toBe(204);
    const [request] = receivedAt('/created');
    expect(receivedAt('/created')).toHaveLength(1);
    expect(verifyWebhook(secret, request!.headers, request!.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(JSON.parse(request!.body)).toMatchObject({
      event: 'test',
      text: expect.stringContaining('this channel works'),
    });
    // A receiver refuses a replay outside its window and a body changed in transit.
    expect(verifyWebhook(secret, request!.headers, request!.body, Math.floor(Date.now() / 1000) + 3600)).toBe(
      false,
    );
    expect(verifyWebhook(secret, request!.headers, `${request!.body} `, Math.floor(Date.now() / 1000))).toBe(
      false,
    );
  });

  it('signs `<timestamp>.<body>` with HMAC-SHA256', () => {
    expect(signWebhook('secret', 1700000000, '{"a":1}')).toBe(
      `sha256=${createHmac('sha256', 'secret').update('1700000000.{"a":1}').digest('hex')}`,
    );
  });

  it('refuses loopback, private and metadata URLs at save without the allowlist', async () => {
    const { browser } = await signedIn(strict);
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost/hook',
      'http://10.0.0.5/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fd00:ec2::254]/hook',
      'http://100.100.100.200/hook',
    ]) {
      const response = await browser.post(alertRoutes.create.path, { type: 'slack', name: 'x', url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors.url![0]).toMatch(/not allowed/);
    }
    const file = await browser.post(alertRoutes.create.path, {
      type: 'discord',
      name: 'x',
      url: 'file:///etc/passwd',
    });
    expect(file.statusCode).toBe(422);
  });

  it('refuses a loopback URL at send time too (a channel saved while it was allowed)', async () => {
    const { browser } = await signedIn(test);
    const { data } = await webhookChannel(browser, '/later');
    const strictAlerts = createAlertsService({
      repository: createAlertsRepository(test.database.db),
      senders: createAlertSenders({
        mailer: { send: async () => undefined, close: () => undefined },
        telegram: null,
        outbound: {},
      }),
      secretBox: createSecretBox(Buffer.from(TEST_APP_KEY.slice('base64:'.length), 'base64')),
      brand: 'HostDeck',
      log: { warn: () => undefined },
    });
    const channel = (await createAlertsRepository(test.database.db).findChannel(data.id))!;
    await expect(
      strictAlerts.sendToChannel(channel, { email: 'a@example.test', locale: 'en' }, 'test', 'x', {}),
    ).rejects.toThrow(/loopback, private/);
    expect(receivedAt('/later')).toHaveLength(0);
  });

  it('opens an incident once, resolves it once, in the recipient language', async () => {
    const { browser, user } = await signedIn(test, 'vi');
    await webhookChannel(browser, '/incident');
    const server = await createServerRecord(test.database.db, test.panel.secretBox, {
      userId: user.id,
      ip: '192.0.2.10',
      port: 22,
      password: 'x',
      name: 'web-vi',
    });
    const key = `server:${server.id}:unreachable`;
    const input = { key, type: 'server.unreachable' as const, subject: { serverId: server.id }, facts: {} };
    await alerts.open(input);
    await alerts.open(input);
    // A restarted panel (a new service over the same tables) does not alert the open incident again.
    await restartedAlerts().open(input);
    expect(receivedAt('/incident')).toHaveLength(1);
    expect(JSON.parse(receivedAt('/incident')[0]!.body).text).toBe('Không kết nối được tới máy chủ web-vi');
    await alerts.resolve({ key, facts: {} });
    await alerts.resolve({ key, facts: {} });
    expect(receivedAt('/incident')).toHaveLength(2);
    expect(JSON.parse(receivedAt('/incident')[1]!.body)).toMatchObject({
      event: 'resolved:server.unreachable',
      text: 'Máy chủ web-vi đã kết nối lại được',
    });
    // A new outage after the resolution is a new incident.
    await alerts.open(input);
    expect(receivedAt('/incident')).toHaveLength(3);
    // A deleted server takes its incidents with it: none stays open for a machine that is gone.
    await test.database.db.delete(servers).where(eq(servers.id, server.id));
    expect(await test.database.db.select().from(alertIncidents).where(eq(alertIncidents.key, key))).toEqual(
      [],
    );
  });

  it('follows the matrix: a type switched off is not sent', async () => {
    const { browser, user } = await signedIn(test);
    const { data } = await webhookChannel(browser, '/matrix');
    const server = await createServerRecord(test.database.db, test.panel.secretBox, {
      userId: user.id,
      ip: '192.0.2.11',
      port: 22,
      password: 'x',
    });
    const subject = { serverId: server.id };
    await alerts.notify({ type: 'deployment.finished', subject, facts: {} });
    expect(receivedAt('/matrix')).toHaveLength(0);
    await alerts.notify({ type: 'backup.failed', subject, facts: { backup: 'nightly' } });
    expect(receivedAt('/matrix')).toHaveLength(1);
    const update = await browser.request('PUT', channelPath(alertRoutes.update.path, data.id), {
      payload: { alert_types: ['deployment.finished'] },
    });
    expect(update.statusCode, update.body).toBe(200);
    await alerts.notify({ type: 'backup.failed', subject, facts: { backup: 'nightly' } });
    await alerts.notify({ type: 'deployment.finished', subject, facts: {} });
    expect(receivedAt('/matrix').map((request) => JSON.parse(request.body).event)).toEqual([
      'backup.failed',
      'deployment.finished',
    ]);
  });

  it('checks Telegram’s secret header, links a chat by its one-time code, and honours the site toggle', async () => {
    const { browser, user } = await signedIn(test);
    const created = await browser.post(alertRoutes.create.path, { type: 'telegram', name: 'My phone' });
    expect(created.statusCode, created.body).toBe(201);
    const channel = created.json<{ data: AlertChannel }>().data;
    expect(channel.linked).toBe(false);
    const link = await browser.post(channelPath(alertRoutes.telegramLink.path, channel.id));
    const { code, url } = link.json<{ data: { code: string; url: string } }>().data;
    expect(url).toBe(`https://t.me/hostdeck_test_bot?start=${code}`);

    const update = { update_id: 1, message: { message_id: 1, chat: { id: 4242 }, text: `/start ${code}` } };
    const anonymous = new TestBrowser(test.app);
    const path = alertRoutes.telegramWebhook.path;
    expect((await anonymous.request('POST', path, { payload: update })).statusCode).toBe(401);
    expect(
      (
        await anonymous.request('POST', path, {
          payload: update,
          headers: { 'x-telegram-bot-api-secret-token': 'wrong-secret-value' },
        })
      ).statusCode,
    ).toBe(401);
    const linked = await anonymous.request('POST', path, {
      payload: update,
      headers: { 'x-telegram-bot-api-secret-token': TELEGRAM_SECRET },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await waitFor(() => telegram.messages().some((message) => message.chat_id === '4242'));
    const list = await browser.get(alertRoutes.list.path);
    expect(list.json<{ data: AlertChannel[] }>().data.find((row) => row.id === channel.id)?.linked).toBe(
      true,
    );
    // The code is single use.
    const before = telegram.messages().length;
    await anonymous.request('POST', path, {
      payload: update,
      headers: { 'x-telegram-bot-api-secret-token': TELEGRAM_SECRET },
    });
    const list2 = await browser.get(alertRoutes.list.path);
    expect(list2.json<{ data: AlertChannel[] }>().data.find((row) => row.id === channel.id)?.linked).toBe(
      true,
    );
    expect(telegram.messages().length).toBe(before + 1);

    const server = await createServerRecord(test.database.db, test.panel.secretBox, {
      userId: user.id,
      ip: '192.0.2.12',
      port: 22,
      password: 'x',
      name: 'tg-server',
    });
    const [site] = await test.database.db
      .insert(sites)
      .values({ serverId: server.id, userId: user.id, name: 'quiet.example.test', linuxUser: 'quiet' })
      .returning();
    const count = () => telegram.messages().filter((message) => message.chat_id === '4242').length;
    const linkedCount = count();
    await alerts.notify({ type: 'deployment.failed', subject: { siteId: site!.id }, facts: {} });
    expect(count()).toBe(linkedCount + 1);
    expect(telegram.messages().at(-1)!.text).toContain(
      'Deployment of quiet.example.test on tg-server failed',
    );
    await test.database.db.update(sites).set({ telegramNotification: false }).where(eq(sites.id, site!.id));
    await alerts.notify({ type: 'deployment.failed', subject: { siteId: site!.id }, facts: {} });
    expect(count()).toBe(linkedCount + 1);
  });

  it('answers 404 for another user’s channel and a team the caller does not own', async () => {
    const owner = await signedIn(test);
    const other = await signedIn(test);
    const { data } = await webhookChannel(owner.browser, '/mine');
    for (const response of [
      await other.browser.post(channelPath(alertRoutes.test.path, data.id)),
      await other.browser.request('PUT', channelPath(alertRoutes.update.path, data.id), {
        payload: { name: 'x' },
      }),
      await other.browser.delete(channelPath(alertRoutes.remove.path, data.id)),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const foreignTeam = await other.browser.post(alertRoutes.create.path, {
      type: 'email',
      name: 'team',
      team_id: owner.team.id,
    });
    expect(foreignTeam.statusCode).toBe(404);
    const ownTeam = await owner.browser.post(alertRoutes.create.path, {
      type: 'email',
      name: 'team',
      team_id: owner.team.id,
    });
    expect(ownTeam.statusCode, ownTeam.body).toBe(201);
    expect(ownTeam.json<{ data: AlertChannel }>().data.team_id).toBe(owner.team.id);
  });

  it('alerts a sign-in from a new address, not the first one nor a known one', async () => {
    const account = await createSignedInUser(test.database.db, 'Login Watcher', { password: PASSWORD });
    const owner = new TestBrowser(test.app, { headers: { origin: test.config.allowedOrigins[0]! } });
    owner.setCookie(SESSION_COOKIE, account.cookie.slice(`${SESSION_COOKIE}=`.length));
    await webhookChannel(owner, '/login');
    const login = async (remoteAddress: string) => {
      const browser = new TestBrowser(test.app, {
        headers: { origin: test.config.allowedOrigins[0]! },
        remoteAddress,
      });
      const response = await browser.post('/api/login', { email: account.user.email, password: PASSWORD });
      expect(response.statusCode, response.body).toBe(200);
    };
    const seen = async (count: number) =>
      waitFor(
        async () =>
          (await createAlertsRepository(test.database.db).countLoginAddresses(account.user.id)) === count,
        {
          what: `${count} remembered addresses`,
        },
      );
    await login('198.51.100.7');
    await seen(1);
    await login('198.51.100.7');
    await login('203.0.113.9');
    await seen(2);
    await waitFor(() => receivedAt('/login').length > 0, { what: 'the new address alert' });
    expect(receivedAt('/login')).toHaveLength(1);
    expect(JSON.parse(receivedAt('/login')[0]!.body)).toMatchObject({
      event: 'login.new_address',
      text: 'New sign-in to your account from 203.0.113.9',
    });
  });

  it('alerts an expiring certificate once per expiry date', async () => {
    const { browser, user } = await signedIn(test);
    await webhookChannel(browser, '/expiry');
    const server = await createServerRecord(test.database.db, test.panel.secretBox, {
      userId: user.id,
      ip: '192.0.2.13',
      port: 22,
      password: 'x',
      name: 'cert-server',
    });
    const [site] = await test.database.db
      .insert(sites)
      .values({ serverId: server.id, userId: user.id, name: 'expiring.example.test', linuxUser: 'expiring' })
      .returning();
    const expiresAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    await test.database.db.insert(certificates).values({
      siteId: site!.id,
      type: 'letsencrypt',
      status: 'issued',
      active: true,
      domains: ['expiring.example.test'],
      expiresAt,
    });
    const check = { repository: createAlertsRepository(test.database.db), alerts, days: 14 };
    await checkExpiringCertificates(check);
    await checkExpiringCertificates(check);
    expect(receivedAt('/expiry')).toHaveLength(1);
    expect(JSON.parse(receivedAt('/expiry')[0]!.body).text).toBe(
      `The certificate of expiring.example.test expires on ${expiresAt.toISOString().slice(0, 10)}`,
    );
  });

  it('alerts a failed or partial backup run, not a successful one', async () => {
    const { browser, user } = await signedIn(test);
    await webhookChannel(browser, '/backup');
    const server = await createServerRecord(test.database.db, test.panel.secretBox, {
      userId: user.id,
      ip: '192.0.2.14',
      port: 22,
      password: 'x',
      name: 'backup-server',
    });
    const dependencies = { repository: createBackupsRepository(test.database.db), alerts };
    await alertBackupRun(dependencies, server.id, null, { state: 'succeeded', error: null });
    await alertBackupRun(dependencies, server.id, null, { state: 'failed', error: 'disk full' });
    await alertBackupRun(dependencies, server.id, null, { state: 'partial', error: 'one database failed' });
    expect(
      receivedAt('/backup').map((request) => JSON.parse(request.body) as { event: string; text: string }),
    ).toEqual([
      expect.objectContaining({
        event: 'backup.failed',
        text: expect.stringContaining('Details: disk full'),
      }),
      expect.objectContaining({
        event: 'backup.partial',
        text: expect.stringContaining('finished with errors'),
      }),
    ]);
  });

  it('alerts a failed renewal of an issued certificate, not a failed first issuance', async () => {
    const { browser, user } = await signedIn(test);
    await webhookChannel(browser, '/renewal');
    const server = await createServerRecord(test.database.db, test.panel.secretBox, {
      userId: user.id,
      ip: '192.0.2.15',
      port: 22,
      password: 'x',
    });
    const [site] = await test.database.db
      .insert(sites)
      .values({ serverId: server.id, userId: user.id, name: 'renew.example.test', linuxUser: 'renew' })
      .returning();
    const [issued, pending] = await test.database.db
      .insert(certificates)
      .values([
        { siteId: site!.id, type: 'letsencrypt', status: 'issued', active: true, domains: [] },
        { siteId: site!.id, type: 'letsencrypt', status: 'pending', domains: [] },
      ])
      .returning();
    const hooks = createEventHooks();
    registerCertificateFinishedHandler({
      hooks,
      repository: createCertificatesRepository(test.database.db),
      publish: async () => undefined,
      alerts,
    });
    const failedEvent = (certificateId: number) =>
      ({
        id: certificateId,
        type: CERTIFICATE_EVENT_TYPES.issue,
        status: EVENT_STATUS.error,
        modelType: CERTIFICATE_MODEL_TYPE,
        modelId: certificateId,
        serverId: null,
        siteId: site!.id,
        errorReason: 'urn:ietf:params:acme:error:rateLimited',
      }) as unknown as EventRow;
    await hooks.finished(failedEvent(pending!.id));
    await hooks.finished(failedEvent(issued!.id));
    expect(
      receivedAt('/renewal').map((request) => JSON.parse(request.body) as { event: string; text: string }),
    ).toEqual([
      expect.objectContaining({
        event: 'certificate.renewal_failed',
        text: 'Renewing the certificate of renew.example.test failed\nDetails: urn:ietf:params:acme:error:rateLimited',
      }),
    ]);
  });
});
