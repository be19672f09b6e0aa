import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteResponseSchema, deploymentStartedSchema, EVENT_STATUS } from '@hostdeck/contracts';
import { alertRoutes, type AlertChannel } from '@hostdeck/contracts/alerts';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { alertNotices, deployments, events, sites } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp, markProvisioned } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import {
  startTelegramFake,
  startWebhookReceiver,
  type LocalReceiver,
  type TelegramFake,
} from './testing/alert-receivers.js';

/**
 * Issue 23's check for notifications: a deployment that fails on a booted test server posts once
 * to a webhook receiver started here, with a valid signature, and once to a fake Telegram Bot API
 * started here (the chat linked through api/webhooks/telegram as Telegram calls it). The
 * deployment fails for real: the site's repository is on a host the server cannot reach.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'alert1';
const SITE = 'alerts.example.test';
const TELEGRAM_SECRET = 'alerts-server-test-secret';

describe('a failed deployment alerts its owner', () => {
  let testServer: TestServer;
  let receiver: LocalReceiver;
  let telegram: TelegramFake;
  let test: TestApp;
  let api: ApiClient;
  let siteId: number;
  let serverId: number;

  const waitForEvent = (id: number) =>
    waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 250, what: `event ${id} to finish` },
    );

  beforeAll(async () => {
    [testServer, receiver, telegram] = await Promise.all([
      bootWebTestServer(SERVER),
      startWebhookReceiver(),
      startTelegramFake(),
    ]);
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, {
      workers: true,
      env: {
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
        TELEGRAM_API_URL: telegram.apiUrl,
        // The cron failure check reads the jobs' last runs this often (schedules/schedule-failures.ts).
        ALERTS_CRON_CHECK_SECONDS: '10',
      },
    }));
    await markProvisioned(test, testServer, serverId);
    const created = await api.post('/api/sites', { name: SITE, server_id: serverId });
    expect(created.statusCode, created.body).toBe(201);
    const site = createSiteResponseSchema.parse(created.json());
    siteId = site.id;
    const event = await waitForEvent(site.event_id);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await receiver?.close();
    await telegram?.close();
    await stopTestServer(SERVER);
  });

  it('posts once to the signed webhook and once to Telegram', async () => {
    const hook = await api.post(alertRoutes.create.path, {
      type: 'webhook',
      name: 'Receiver',
      url: receiver.url,
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { secret } = hook.json<{ secret: string }>();
    const chat = await api.post(alertRoutes.create.path, { type: 'telegram', name: 'Chat' });
    expect(chat.statusCode, chat.body).toBe(201);
    const channelId = chat.json<{ data: AlertChannel }>().data.id;
    const link = await api.post(alertRoutes.telegramLink.path.replace(':channel', String(channelId)));
    const { code } = link.json<{ data: { code: string } }>().data;
    const linked = await test.app.inject({
      method: 'POST',
      url: alertRoutes.telegramWebhook.path,
      headers: { 'x-telegram-bot-api-secret-token': TELEGRAM_SECRET },
      payload: { update_id: 7, message: { message_id: 1, chat: { id: 777 }, text: `/start ${code}` } },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const afterLink = telegram.messages().length;

    // A repository on a host nobody answers for: git fails on the server, the deployment fails.
    await test.database.db
      .update(sites)
      .set({ repository: 'git@git.invalid:nobody/nothing.git', branch: 'main' })
      .where(eq(sites.id, siteId));
    const started = await api.post(`/api/sites/${siteId}/deploys/now`);
    expect(started.statusCode, started.body).toBe(201);
    const { event, deployment } = deploymentStartedSchema.parse(started.json());
    const finished = await waitForEvent(event.id);
    expect(finished.status).toBe(EVENT_STATUS.error);
    await waitFor(
      async () => {
        const [row] = await test.database.db
          .select()
          .from(deployments)
          .where(eq(deployments.id, deployment.id));
        return (
          row?.status === 'failed' && receiver.received.length > 0 && telegram.messages().length > afterLink
        );
      },
      { timeoutMs: 30_000, what: 'the alerts of the failed deployment' },
    );

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const timestamp = String(request!.headers['x-hostdeck-timestamp']);
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${request!.body}`).digest('hex')}`;
    const given = String(request!.headers['x-hostdeck-signature']);
    expect(
      given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected)),
    ).toBe(true);
    expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
    expect(JSON.parse(request!.body)).toMatchObject({
      event: 'deployment.failed',
      text: expect.stringContaining(`Deployment of ${SITE} on test-server failed`),
    });

    const sent = telegram.messages().slice(afterLink);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ chat_id: '777', text: expect.stringContaining(`Deployment of ${SITE}`) });
  }, 600_000);

  it('alerts a cron job whose run failed on the server, once', async () => {
    const [site] = await test.database.db.select().from(sites).where(eq(sites.id, siteId));
    const created = await api.post(`/api/servers/${serverId}/schedules`, {
      user: site!.linuxUser,
      command: 'echo broken; exit 3',
      expression: '0 3 * * *',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { data } = created.json<{ data: { id: number; schedule: number } }>();
    const event = await waitForEvent(data.id);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    // What cron runs at 03:00, run now: the wrapper records the run and its exit status.
    const run = await runOnTestServer(testServer, [
      '/usr/local/lib/hostdeck/cron-run',
      String(data.schedule),
      'cron',
    ]);
    expect(run.code).toBe(3);

    const cronAlerts = () =>
      receiver.received.filter(
        (request) => (JSON.parse(request.body) as { event: string }).event === 'cron.failed',
      );
    await waitFor(() => cronAlerts().length > 0, { timeoutMs: 60_000, what: 'the cron.failed alert' });
    expect(JSON.parse(cronAlerts()[0]!.body)).toMatchObject({
      text: expect.stringContaining('Cron job echo broken; exit 3 on test-server failed'),
      facts: { exit_code: 3 },
    });
    // The run is recorded as alerted (alert_notices): the checks that find it again send nothing.
    const notices = await test.database.db.select().from(alertNotices);
    expect(notices.filter((notice) => notice.key.startsWith(`cron:${data.schedule}:`))).toHaveLength(1);
    expect(cronAlerts()).toHaveLength(1);
  }, 300_000);
});
