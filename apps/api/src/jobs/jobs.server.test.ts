import type { AddressInfo } from 'node:net';
import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  REALTIME_PATH,
  eventSchema,
  paginatedSchema,
  realtimeMessageSchema,
  type RealtimeMessage,
} from '@hostdeck/contracts';
import { INJECTION_CANARY_PATH, SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { listRecipeInputs } from '@hostdeck/recipes';
import {
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import { events, servers } from '../database/schema.js';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import type { TestApp } from '../testing/test-app.js';
import { bootCleanTestServer, createConnectedTestApp } from '../testing/connected-test-server.js';
import { createServerRecord, createSignedInUser } from '../testing/fixtures.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * The whole job path on a real server: a recipe queued through the events service, run over SSH
 * by the worker, its output streamed over the realtime websocket and stored, the server checked
 * afterwards.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'jobs1';

describe('events and jobs on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let userId: number;
  let serverId: number;
  let ownerCookie: string;
  let socket: WebSocket;
  const messages: { at: number; message: RealtimeMessage }[] = [];

  beforeAll(async () => {
    testServer = await bootCleanTestServer(SERVER);
    const connected = await createConnectedTestApp(pglite!, testServer, { workers: true });
    ({ test, cookie: ownerCookie, serverId } = connected);
    userId = connected.user.id;
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (test.app.server.address() as AddressInfo).port;
    socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, {
      headers: { cookie: ownerCookie, origin: test.config.allowedOrigins[0]! },
    });
    socket.on('message', (data) => {
      const parsed = realtimeMessageSchema.safeParse(JSON.parse(String(data)));
      if (parsed.success) messages.push({ at: Date.now(), message: parsed.data });
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  });

  afterAll(async () => {
    socket?.close();
    await test?.close();
    await stopTestServer(SERVER);
  });

  const readEvent = async (id: number) =>
    (await test.database.db.select().from(events).where(eq(events.id, id)))[0]!;
  const waitForFinished = (id: number, timeoutMs = 300_000) =>
    waitFor(
      async () => {
        const row = await readEvent(id);
        return row.isFinished ? row : undefined;
      },
      { timeoutMs, what: `event ${id} to finish` },
    );
  const startNginx = (input: Record<string, unknown> = {}, onServer = serverId) =>
    test.panel.events.startRecipe({
      userId,
      serverId: onServer,
      recipeId: 'nginx-install',
      input,
      type: 'install_nginx',
      description: { id: 'installApplication', values: { application: 'nginx' } },
    });

  const runNginxRecipe = async () => {
    const event = await startNginx();
    const finished = await waitFor(
      () =>
        messages.find(
          ({ message }) =>
            message.type === 'Event-status' && message.event.id === event.id && message.event.is_finished,
        ),
      { timeoutMs: 300_000, what: `event ${event.id} to finish` },
    );
    return { event, finished, row: await readEvent(event.id) };
  };

  const serverSnapshot = async () => {
    const result = await runOnTestServer(testServer, [
      'bash',
      '-c',
      'dpkg-query -W nginx; find /etc/nginx -type f -newer /etc/hostname -exec sha256sum {} + | sort; systemctl is-active nginx; systemctl is-enabled nginx',
    ]);
    return result.stdout;
  };

  it('installs nginx through the queue, streaming output live, and nginx answers', async () => {
    const { event, finished, row } = await runNginxRecipe();
    expect(row.status, row.output).toBe('FINISHED');
    expect(row.isFinished).toBe(true);
    expect(row.output).toContain('==> Install nginx');
    expect(row.output).toContain('==> Check nginx answers');

    const streamed = messages.filter(
      ({ message }) => message.type === 'Stream_content' && message.eventId === event.id,
    );
    expect(streamed.length).toBeGreaterThan(3);
    // Live: output reached the browser before the event finished, not in one piece at the end.
    expect(streamed[0]!.at).toBeLessThan(finished.at);
    const streamedText = streamed
      .map(({ message }) => (message.type === 'Stream_content' ? message.content : ''))
      .join('');
    expect(streamedText).toBe(row.output);

    const [server] = await test.database.db.select().from(servers).where(eq(servers.id, serverId));
    expect(server!.hostKeyFingerprint).toMatch(/^SHA256:/);

    const response = await fetch(`http://${testServer.address}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('server')).toMatch(/nginx/);
    expect((await runOnTestServer(testServer, ['systemctl', 'is-active', 'nginx'])).stdout.trim()).toBe(
      'active',
    );
  });

  it('running the recipe again leaves the same server', async () => {
    const before = await serverSnapshot();
    const { row } = await runNginxRecipe();
    expect(row.status, row.output).toBe('FINISHED');
    expect(await serverSnapshot()).toBe(before);
  });

  it('lists the caller’s events, newest first, in the paginated shape, and nobody else’s', async () => {
    const owner = await test.app.inject({
      method: 'GET',
      url: '/api/events?page=1&itemsPerPage=10',
      headers: { cookie: ownerCookie },
    });
    expect(owner.statusCode).toBe(200);
    const list = paginatedSchema(eventSchema).parse(owner.json());
    expect(list.meta.total).toBe(2);
    expect(list.meta.per_page).toBe(10);
    expect(list.data.map((event) => event.status)).toEqual(['FINISHED', 'FINISHED']);
    expect(list.data[0]!.id).toBeGreaterThan(list.data[1]!.id);
    expect(JSON.stringify(list)).not.toContain(testServer.password);

    const stranger = await createSignedInUser(test.database.db, 'Stranger');
    const strangerList = await test.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { cookie: stranger.cookie },
    });
    expect(strangerList.json().data).toEqual([]);
    // Another user's server answers like a missing one, and nothing is queued on it.
    await expect(
      test.panel.events.startRecipe({
        userId: stranger.user.id,
        serverId,
        recipeId: 'nginx-install',
        input: {},
        type: 'install_nginx',
        description: { id: 'installApplication', values: { application: 'nginx' } },
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect((await test.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(401);
  });

  it('rejects every injection payload in every recipe input before anything is queued', async () => {
    const countEvents = async () => (await test.database.db.select({ id: events.id }).from(events)).length;
    const before = await countEvents();
    let attempts = 0;
    for (const { recipe, field } of listRecipeInputs()) {
      for (const payload of SHELL_INJECTION_PAYLOADS) {
        attempts += 1;
        await expect(
          test.panel.events.startRecipe({
            userId,
            serverId,
            recipeId: recipe.id,
            input: { ...(recipe.example ?? {}), [field]: payload },
            type: 'injection',
            description: { id: 'installApplication', values: { application: 'nginx' } },
          }),
          `${recipe.id}.${field} = ${JSON.stringify(payload)}`,
        ).rejects.toBeInstanceOf(ValidationError);
      }
    }
    expect(listRecipeInputs().length).toBeGreaterThan(0);
    expect(attempts).toBe(listRecipeInputs().length * SHELL_INJECTION_PAYLOADS.length);
    expect(await countEvents()).toBe(before);
    const canary = await runOnTestServer(testServer, ['test', '-e', INJECTION_CANARY_PATH]);
    expect(canary.code).not.toBe(0);
  });

  it('fails with a clear message when the host key changed, and does not run anything', async () => {
    const [server] = await test.database.db.select().from(servers).where(eq(servers.id, serverId));
    await test.database.db
      .update(servers)
      .set({ hostKeyFingerprint: 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })
      .where(eq(servers.id, serverId));
    try {
      const { row } = await runNginxRecipe();
      expect(row.status).toBe('ERROR');
      expect(row.errorReason).toMatch(/host key has changed/i);
      // Stored as an id and values: each reader sees it in their language (issue 26).
      expect(row.errorId).toBe('hostKeyChanged');
      expect(row.output).not.toContain('==> Install nginx');
    } finally {
      await test.database.db
        .update(servers)
        .set({ hostKeyFingerprint: server!.hostKeyFingerprint })
        .where(eq(servers.id, serverId));
    }
  });

  it('fails with a clear message on a wrong password and on a closed port', async () => {
    for (const [values, pattern, errorId] of [
      [
        { port: testServer.port, password: 'wrong-password' },
        /authentication failed/i,
        'authenticationFailed',
      ],
      [{ port: 2, password: testServer.password }, /could not connect/i, 'connectFailed'],
    ] as const) {
      const other = await createServerRecord(test.database.db, test.panel.secretBox, {
        userId,
        ip: testServer.address,
        ...values,
      });
      const event = await startNginx({}, other.id);
      const row = await waitForFinished(event.id, 60_000);
      expect(row.status).toBe('ERROR');
      expect(row.errorReason).toMatch(pattern);
      expect(row.errorReason).not.toContain(testServer.password);
      expect(row.errorId).toBe(errorId);
    }
  });

  it('cancels a pending event at once, and a running one before its next step', async () => {
    testServer = await resetTestServer(SERVER);
    const running = await startNginx();
    const queued = await startNginx();

    // The browser's call: session cookie plus the CSRF pair.
    const { cookie } = await createSignedInUser(test.database.db, 'Other');
    const owner = await test.app.inject({ method: 'GET', url: '/api/health' });
    const csrf = owner.cookies.find((candidate) => candidate.name === 'XSRF-TOKEN')!.value;
    const serverRow = (await test.database.db.select().from(servers).where(eq(servers.id, serverId)))[0]!;
    expect(serverRow.userId).toBe(userId);
    const stranger = await test.app.inject({
      method: 'POST',
      url: `/api/events/${queued.id}/cancel`,
      headers: { cookie: `${cookie}; XSRF-TOKEN=${csrf}`, 'x-xsrf-token': csrf },
    });
    // Another user's event answers 404, and stays queued.
    expect(stranger.statusCode).toBe(404);
    expect((await readEvent(queued.id)).status).toBe('PENDING');

    const cancelledQueued = await test.panel.events.cancel(queued.id, userId);
    expect(cancelledQueued.status).toBe('CANCELLED');
    expect(cancelledQueued.isFinished).toBe(true);
    expect(cancelledQueued.errorId).toBe('cancelledBeforeStart');

    await waitFor(async () => (await readEvent(running.id)).output.includes('==> Install nginx'), {
      timeoutMs: 60_000,
      what: 'the first step to start',
    });
    await test.panel.events.cancel(running.id, userId);
    const finished = await waitForFinished(running.id);
    expect(finished.status).toBe('CANCELLED');
    expect(finished.output).toContain('Cancelled before step "Write the default server"');
    expect(finished).toMatchObject({
      errorId: 'cancelledBeforeStep',
      errorValues: { recipe: 'nginx-install', step: 'default-site', title: 'Write the default server' },
    });
    // The step in progress was not interrupted: nginx is installed, the next steps never ran.
    expect((await runOnTestServer(testServer, ['dpkg-query', '-W', 'nginx'])).code).toBe(0);
    expect((await readEvent(queued.id)).output).toBe('');
  });

  it('refuses a config that fails nginx -t, keeps the previous one live, and shows nginx -t output', async () => {
    await runNginxRecipe();
    const site = ['sha256sum', '/etc/nginx/sites-available/default'];
    const before = (await runOnTestServer(testServer, site)).stdout;
    await runOnTestServer(testServer, [
      'bash',
      '-c',
      'echo "this is not nginx;" > /etc/nginx/conf.d/broken.conf',
    ]);
    try {
      const event = await startNginx({ server_name: 'changed.example.com' });
      const row = await waitForFinished(event.id, 120_000);
      expect(row.status).toBe('ERROR');
      expect(row.errorId).toBe('stepFailed');
      expect(row.errorValues).toMatchObject({ recipe: 'nginx-install' });
      expect(row.output).toMatch(/\[emerg\].*broken\.conf/);
      expect(row.output).toContain('the previous version was restored');
      expect((await runOnTestServer(testServer, site)).stdout).toBe(before);
      expect((await runOnTestServer(testServer, ['systemctl', 'is-active', 'nginx'])).stdout.trim()).toBe(
        'active',
      );
      expect((await fetch(`http://${testServer.address}/`)).status).toBe(200);
    } finally {
      await runOnTestServer(testServer, ['rm', '-f', '/etc/nginx/conf.d/broken.conf']);
    }
  });

  it('retries an idempotent step after the SSH connection is lost', async () => {
    testServer = await resetTestServer(SERVER);
    const event = await test.panel.events.startRecipe({
      userId,
      serverId,
      recipeId: 'nginx-install',
      input: {},
      type: 'install_nginx',
      description: { id: 'installApplication', values: { application: 'nginx' } },
    });
    const readEvent = async () =>
      (await test.database.db.select().from(events).where(eq(events.id, event.id)))[0]!;
    await waitFor(async () => (await readEvent()).output.includes('==> Install nginx'), {
      timeoutMs: 60_000,
      what: 'the first step to start',
    });
    // Cut the panel's SSH session on the server side (the listener stays).
    await runOnTestServer(testServer, ['pkill', '-f', '^sshd: root@']);
    const row = await waitForFinished(event.id);
    expect(row.output).toContain('[connection lost:');
    expect(row.status, row.output).toBe('FINISHED');
    expect((await fetch(`http://${testServer.address}/`)).status).toBe(200);
  });
});
