import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedEventResponseSchema } from '@hostdeck/contracts';
import { containerRoutes } from '@hostdeck/contracts/docker-containers';
import { buildDockerImageTarball } from '../../../../../tools/testing/docker-image-tarball.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../../tools/test-server/web-test-server.js';
import { events } from '../../database/schema.js';
import { signIn, type ApiClient } from '../../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../../testing/connected-test-server.js';
import { eq } from '../../testing/sql.js';
import type { TestApp } from '../../testing/test-app.js';
import { availableTestDatabases } from '../../testing/test-databases.js';
import { waitFor } from '../../testing/wait-for.js';

/**
 * Containers on a booted test server (the `web` image: docker.io, daemon started here). Containers
 * cannot start there (read-only cgroups), so the test `docker create`s one from an image it made
 * and loaded, then lists, inspects, reads the (empty) log of, renames and deletes it through the
 * API and the queue, checking `docker ps -a` on the server. A start is tried too: the event fails
 * with the Engine's own words. Start/stop/pause/logs/stats on running containers:
 * containers.engine.test.ts (recorded Engine answers).
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'dca';

describe('docker containers on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let cookie: string;
  let base: string;
  let containerId: string;

  const image = buildDockerImageTarball({ tags: ['hostdeck-containers:1'], cmd: ['/hello'] });

  const onServer = async (script: string, input?: Buffer) =>
    (await runOnTestServer(testServer, ['bash', '-c', script], input ? { input } : {})).stdout.trim();
  const psNames = async () =>
    (await onServer('docker ps -a --format "{{.Names}}"')).split('\n').filter(Boolean).sort();

  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const { id } = startedEventResponseSchema.parse(response.json()).data;
    return waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  };

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    let serverId: number;
    ({ test, api, cookie, serverId } = await createConnectedTestApp(pglite!, testServer, { workers: true }));
    base = `/api/servers/${serverId}/docker/containers`;
    await onServer('systemctl start docker.service');
    await onServer(
      'cat > /tmp/image.tar && docker load -i /tmp/image.tar && rm /tmp/image.tar',
      image.tarball,
    );
    containerId = await onServer(
      'docker rm -f shop-web renamed-web >/dev/null 2>&1; docker create --name shop-web -p 8080:80 -l com.docker.compose.project=shop hostdeck-containers:1',
    );
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  it('lists the created container with its state, image, ports, created time and compose project', async () => {
    const response = await api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = containerRoutes.list.response.parse(response.json());
    const item = data.find((container) => container.id === containerId);
    expect(item).toMatchObject({
      name: 'shop-web',
      image: 'hostdeck-containers:1',
      image_id: image.imageId,
      state: 'created',
      compose_project: 'shop',
    });
    expect(Date.now() - Date.parse(item!.created_at)).toBeLessThan(30 * 60_000);
    expect(await psNames()).toContain('shop-web');
  });

  it('inspects it by name and by short id, and answers 404 for a missing one or a stranger', async () => {
    const byName = containerRoutes.show.response.parse((await api.get(`${base}/shop-web`)).json());
    expect(byName.data.Id).toBe(containerId);
    const byId = containerRoutes.show.response.parse(
      (await api.get(`${base}/${containerId.slice(0, 12)}`)).json(),
    );
    expect(
      (byId.data.Config as { Labels: Record<string, string> }).Labels['com.docker.compose.project'],
    ).toBe('shop');
    expect((await api.get(`${base}/nothing-here`)).statusCode).toBe(404);
    const strangerApi = (await signIn(test, 'Stranger')).api;
    expect((await strangerApi.get(base)).statusCode).toBe(404);
    expect((await strangerApi.post(`${base}/shop-web/stop`)).statusCode).toBe(404);
  });

  it('streams the (empty) log of a container that never ran, then ends', async () => {
    const response = await api.get(`${base}/shop-web/logs?follow=false&tail=10`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.body).toContain('event: end\ndata: {"reason":"finished"}');
    // Never compressed (a compressor would hold lines back until its buffer fills).
    const compressed = await test.app.inject({
      method: 'GET',
      url: `${base}/shop-web/logs?follow=false`,
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBeUndefined();
  });

  it('fails a start with the Engine’s words where containers cannot run, leaving it created', async () => {
    const event = await runEvent(api.post(`${base}/shop-web/start`));
    expect(event.status).toBe('ERROR');
    expect(event.output).toContain('Start container shop-web');
    // The Engine's own words (the OCI runtime's refusal), not dockerode's "(HTTP code 500)".
    expect(event.errorReason).toBeTruthy();
    expect(event.errorReason).not.toMatch(/HTTP code/);
    expect(await onServer('docker inspect -f "{{.State.Status}}" shop-web')).toBe('created');
  });

  it('renames it through an event', async () => {
    const event = await runEvent(api.put(`${base}/shop-web/name`, { name: 'renamed-web' }));
    expect(event.status, event.output).toBe('FINISHED');
    expect(event.output).toContain('Name: renamed-web');
    expect(await psNames()).toContain('renamed-web');
    expect(await psNames()).not.toContain('shop-web');
  });

  it('refuses an injected new name before anything runs', async () => {
    for (const name of ['-x', 'a;reboot', 'a b', 'a\nb', '$(id)']) {
      const response = await api.put(`${base}/renamed-web/name`, { name });
      expect(response.statusCode, name).toBe(422);
    }
    expect(await psNames()).toContain('renamed-web');
  });

  it('deletes it through an event', async () => {
    const event = await runEvent(api.deleteWith(`${base}/renamed-web`, { force: false, volumes: true }));
    expect(event.status, event.output).toBe('FINISHED');
    expect(await psNames()).not.toContain('renamed-web');
    expect(await onServer(`docker ps -a -q --no-trunc | grep -c ${containerId} || true`)).toBe('0');
  });
});
