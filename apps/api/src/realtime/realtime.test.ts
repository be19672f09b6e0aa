import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_PATH, realtimeMessageSchema, type RealtimeMessage } from '@hostdeck/contracts';
import type { DatabaseConnection } from '../database/database.js';
import type { Panel } from '../panel.js';
import { createPostgresScheduler } from '../testing/postgres-scheduler.js';
import { createServerRecord, createSignedInUser } from '../testing/fixtures.js';
import { startPanelProcess } from '../testing/panel-process.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

const databases = await availableTestDatabases();

/** Opens the realtime socket; resolves with the HTTP status when the upgrade is refused. */
function connect(url: string, headers: Record<string, string>) {
  return new Promise<{ socket: WebSocket; messages: RealtimeMessage[] } | { refused: number }>(
    (resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      const messages: RealtimeMessage[] = [];
      socket.on('message', (data) => {
        const parsed = realtimeMessageSchema.safeParse(JSON.parse(String(data)));
        if (parsed.success) messages.push(parsed.data);
      });
      socket.once('open', () => resolve({ socket, messages }));
      socket.once('unexpected-response', (request, response) => {
        request.destroy();
        resolve({ refused: response.statusCode ?? 0 });
      });
      socket.once('error', reject);
    },
  );
}

describe('realtime websocket', () => {
  let test: TestApp;
  let url: string;
  beforeAll(async () => {
    test = await createTestApp(databases[0]!);
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(test.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
  });
  afterAll(async () => test.close());

  it('refuses another site’s origin, even with a valid session', async () => {
    const { cookie } = await createSignedInUser(test.database.db);
    for (const origin of ['http://evil.example', `${test.config.allowedOrigins[0]}.evil.example`, 'null']) {
      expect(await connect(url, { cookie, origin })).toEqual({ refused: 403 });
    }
    expect(await connect(url, { cookie })).toEqual({ refused: 403 });
  });

  it('refuses a visitor without a session', async () => {
    expect(await connect(url, { origin: test.config.allowedOrigins[0]! })).toEqual({ refused: 401 });
    expect(
      await connect(url, { origin: test.config.allowedOrigins[0]!, cookie: 'hostdeck_session=forged' }),
    ).toEqual({
      refused: 401,
    });
  });

  it('delivers the user’s own channel only', async () => {
    const alice = await createSignedInUser(test.database.db, 'Alice');
    const bob = await createSignedInUser(test.database.db, 'Bob');
    const origin = test.config.allowedOrigins[0]!;
    const aliceSocket = await connect(url, { cookie: alice.cookie, origin });
    const bobSocket = await connect(url, { cookie: bob.cookie, origin });
    if ('refused' in aliceSocket || 'refused' in bobSocket) throw new Error('refused');
    test.panel.bus.publish(alice.user.id, { type: 'Update-data', keys: ['servers'] });
    await waitFor(() => aliceSocket.messages.length > 0, { what: 'Alice’s message' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(aliceSocket.messages).toEqual([{ type: 'Update-data', keys: ['servers'] }]);
    expect(bobSocket.messages).toEqual([]);
    aliceSocket.socket.close();
    bobSocket.socket.close();
  });
});

const postgres = databases.find((database) => database.name === 'postgres');

describe.runIf(postgres)('realtime across two panel processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let scheduling: Awaited<ReturnType<typeof createPostgresScheduler>>;
  let connection: DatabaseConnection;
  let scheduler: Panel;
  let env: Record<string, string>;

  beforeAll(async () => {
    scheduling = await createPostgresScheduler(postgres!);
    ({ connection, panel: scheduler, env } = scheduling);
  });
  afterAll(async () => scheduling?.close());

  it('a message raised in one process reaches a browser connected to the other', async () => {
    const other = await startPanelProcess({ ...env, APP_URL: 'http://localhost:18999' });
    try {
      const { user, cookie } = await createSignedInUser(connection.db);
      const browser = await connect(`ws://127.0.0.1:${other.port}${REALTIME_PATH}`, {
        cookie,
        origin: 'http://localhost:18999',
      });
      if ('refused' in browser) throw new Error(`refused ${browser.refused}`);
      scheduler.bus.publish(user.id, { type: 'Update-data', keys: ['servers', 'uireload'] });
      const longOutput = 'x'.repeat(5000);
      scheduler.bus.publish(user.id, {
        type: 'Stream_content',
        content: longOutput,
        serverId: 1,
        eventId: 1,
      });
      // An event started in this process: its Event-status reaches the other process's browser.
      const server = await createServerRecord(connection.db, scheduler.secretBox, {
        userId: user.id,
        ip: '192.0.2.1',
        port: 22,
        password: 'unused',
      });
      const event = await scheduler.events.startRecipe({
        userId: user.id,
        serverId: server.id,
        recipeId: 'nginx-install',
        input: {},
        type: 'install_nginx',
        description: { id: 'installApplication', values: { application: 'nginx' } },
      });
      await scheduler.events.cancel(event.id, user.id);
      await waitFor(
        () =>
          browser.messages.some(
            (message) =>
              message.type === 'Event-status' && message.event.id === event.id && message.event.is_finished,
          ),
        { what: 'the cancelled event status from the other process' },
      );
      expect(browser.messages[0]).toEqual({ type: 'Update-data', keys: ['servers', 'uireload'] });
      const streamed = browser.messages
        .filter((message) => message.type === 'Stream_content')
        .map((message) => (message.type === 'Stream_content' ? message.content : ''))
        .join('');
      expect(streamed).toBe(longOutput);
      browser.socket.close();
    } finally {
      await other.kill();
    }
  });
});
