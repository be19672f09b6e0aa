import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { containerLogsQuerySchema } from '@hostdeck/contracts/docker-containers';
import { ForbiddenError, NotFoundError } from '../../domain/errors.js';
import { waitFor } from '../../testing/wait-for.js';
import { runContainerTask, type ContainerTaskInput } from './container-tasks.js';
import { createContainersService, MAX_STREAMS_PER_USER } from './containers.service.js';
import { DB_ID, logFrame, WEB_ID } from './testing/engine-recordings.js';
import { startFakeEngine, type FakeEngine } from './testing/fake-engine.js';

/**
 * The containers' code against recorded Docker 20.10 / API 1.41 answers served by a local fake
 * Engine (testing/fake-engine.ts), reached through `dockerOverStreams` as over SSH: start, stop,
 * restart, pause, unpause, rename and delete as the event task runs them, the list and inspect,
 * and the log and stats streams (framing, search, limits, closing). Containers cannot start on
 * the test servers, so these paths are tested here; containers.server.test.ts does the rest for real.
 */
const OWNER = { id: 1 };
const STRANGER = { id: 2 };
/** May view the server, not manage it. */
const VIEWER = { id: 3 };

const until = (check: () => boolean) => waitFor(check, { timeoutMs: 5_000, intervalMs: 10 });

let engine: FakeEngine;
let started: { task: string; input: unknown; type: string; description: unknown; serverId: number }[];
let authorized: { user: number; ability: string }[];

function service() {
  return createContainersService({
    policy: {
      authorizeServer: async (caller, _serverId, ability) => {
        authorized.push({ user: caller.id, ability });
        if (caller.id === VIEWER.id && ability === 'view') return undefined as never;
        if (caller.id === VIEWER.id) throw new ForbiddenError();
        if (caller.id !== OWNER.id) throw new NotFoundError();
        return undefined as never;
      },
    },
    events: {
      startTask: async (request) => {
        started.push(request as (typeof started)[number]);
        return { id: 77 } as never;
      },
    },
    engines: engine.engines,
  });
}

/** Reads SSE messages from a body until `until` says stop (or the body ends). */
async function readEvents(body: Readable, until: (events: { event: string; data: unknown }[]) => boolean) {
  const events: { event: string; data: unknown }[] = [];
  let buffered = '';
  for await (const chunk of body) {
    buffered += String(chunk);
    let end: number;
    while ((end = buffered.indexOf('\n\n')) !== -1) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
    if (until(events)) break;
  }
  return events;
}

beforeEach(async () => {
  engine = await startFakeEngine();
  started = [];
  authorized = [];
});
afterEach(async () => {
  await engine.close();
});

describe('reading containers', () => {
  it('lists every container with state, image, ports, created and compose project', async () => {
    const { data } = await service().list(OWNER, 1);
    expect(data.map((c) => c.name)).toEqual(['db', 'shop-web-1']);
    const web = data.find((c) => c.id === WEB_ID)!;
    expect(web).toMatchObject({
      image: 'nginx:1.25',
      state: 'running',
      status: 'Up 2 hours',
      created_at: '2023-11-14T22:13:20.000Z',
      compose_project: 'shop',
      compose_service: 'web',
    });
    expect(web.ports[0]).toEqual({ ip: '0.0.0.0', private_port: 80, public_port: 8080, type: 'tcp' });
    expect(data.find((c) => c.id === DB_ID)).toMatchObject({ compose_project: null, state: 'exited' });
    expect(data.find((c) => c.id === DB_ID)!.ports[0]).toEqual({
      ip: null,
      private_port: 5432,
      public_port: null,
      type: 'tcp',
    });
    expect(engine.requests.some((r) => r.url.startsWith('/containers/json?all=true'))).toBe(true);
    expect(engine.enginesClosed).toBe(1);
  });

  it('inspects by name or id, and answers 404 for a container that is not there', async () => {
    const { data } = await service().show(OWNER, 1, 'shop-web-1');
    expect(data.Id).toBe(WEB_ID);
    expect((data.Config as { Image: string }).Image).toBe('nginx:1.25');
    await expect(service().show(OWNER, 1, 'nope')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('shows environment values to managers only (names to viewers)', async () => {
    const env = async (caller: { id: number }) =>
      ((await service().show(caller, 1, 'shop-web-1')).data.Config as { Env: string[] }).Env;
    expect(await env(OWNER)).toContain('NGINX_VERSION=1.25.3');
    expect(await env(VIEWER)).toEqual(['PATH=(hidden)', 'NGINX_VERSION=(hidden)']);
    await expect(service().startAction(VIEWER, 1, 'db', 'start')).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('checks view before it reaches the Engine', async () => {
    await expect(service().list(STRANGER, 1)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      service().logs(STRANGER, 1, 'db', containerLogsQuerySchema.parse({})),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(engine.requests).toEqual([]);
    expect(authorized.every((entry) => entry.ability === 'view')).toBe(true);
  });
});

describe('actions as events', () => {
  it('starts a task with the container’s full id, after checking manage', async () => {
    const answer = await service().startAction(OWNER, 1, 'shop-web-1', 'rename', { name: 'shop-web-2' });
    expect(answer).toEqual({ data: { id: 77 } });
    expect(authorized).toEqual([{ user: 1, ability: 'manage' }]);
    expect(started[0]).toMatchObject({
      task: 'docker-container',
      type: 'docker_container_rename',
      input: { container: WEB_ID, name: 'shop-web-1', action: 'rename', new_name: 'shop-web-2' },
      description: { id: 'renameDockerContainer', values: { name: 'shop-web-1', new_name: 'shop-web-2' } },
    });
    await expect(service().startAction(OWNER, 1, 'ghost', 'stop')).rejects.toBeInstanceOf(NotFoundError);
    await expect(service().startAction(STRANGER, 1, 'db', 'stop')).rejects.toBeInstanceOf(NotFoundError);
    expect(started).toHaveLength(1);
  });

  async function run(input: Omit<ContainerTaskInput, 'name'> & { name?: string }) {
    let output = '';
    await runContainerTask({ input: { name: 'x', ...input }, write: (text) => void (output += text) }, () =>
      engine.docker(),
    );
    return output;
  }

  it('stops, starts, pauses, unpauses and restarts, and writes the state after', async () => {
    expect(await run({ container: WEB_ID, action: 'stop' })).toContain('State: exited');
    expect(engine.containers.get(WEB_ID)!.status).toBe('exited');
    expect(await run({ container: WEB_ID, action: 'stop' })).toContain('Nothing to do');
    expect(await run({ container: WEB_ID, action: 'start' })).toContain('State: running');
    expect(await run({ container: WEB_ID, action: 'pause' })).toContain('State: paused');
    expect(await run({ container: WEB_ID, action: 'unpause' })).toContain('State: running');
    expect(await run({ container: WEB_ID, action: 'restart' })).toContain('State: running');
    expect(engine.requests.filter((r) => r.method === 'POST').map((r) => r.url.split('?')[0])).toEqual([
      `/containers/${WEB_ID}/stop`,
      `/containers/${WEB_ID}/stop`,
      `/containers/${WEB_ID}/start`,
      `/containers/${WEB_ID}/pause`,
      `/containers/${WEB_ID}/unpause`,
      `/containers/${WEB_ID}/restart`,
    ]);
    expect(engine.requests.find((r) => r.url.includes('/stop'))!.url).toContain('t=10');
  });

  it('fails with the Engine’s own words when it refuses', async () => {
    await expect(run({ container: DB_ID, action: 'pause' })).rejects.toThrow(
      `Container ${DB_ID} is not running`,
    );
    await expect(run({ container: WEB_ID, action: 'delete', force: false })).rejects.toThrow(
      /You cannot remove a running container/,
    );
    await expect(run({ container: WEB_ID, action: 'rename', new_name: 'db' })).rejects.toThrow(
      /The container name "\/db" is already in use/,
    );
  });

  it('renames and deletes (force for a running one)', async () => {
    expect(await run({ container: WEB_ID, action: 'rename', new_name: 'shop-web-2' })).toContain(
      'Name: shop-web-2',
    );
    expect(engine.containers.get(WEB_ID)!.name).toBe('shop-web-2');
    await run({ container: WEB_ID, action: 'delete', force: true, volumes: true });
    expect(engine.containers.has(WEB_ID)).toBe(false);
    expect(engine.requests.at(-1)).toEqual({
      method: 'DELETE',
      url: `/containers/${WEB_ID}?force=true&v=true`,
    });
  });

  it('refuses a task input that is not a full id or a valid new name', async () => {
    await expect(run({ container: 'shop-web-1', action: 'stop' })).rejects.toThrow();
    await expect(run({ container: WEB_ID, action: 'rename', new_name: '-x' })).rejects.toThrow();
    expect(engine.requests).toEqual([]);
  });
});

describe('log streams', () => {
  it('demultiplexes stdout and stderr, keeps timestamps, and ends when not following', async () => {
    const body = await service().logs(
      OWNER,
      1,
      'shop-web-1',
      containerLogsQuerySchema.parse({ follow: 'false', tail: '50' }),
    );
    const events = await readEvents(body, () => false);
    const lines = events.filter((e) => e.event === 'line').map((e) => e.data);
    expect(lines).toEqual([
      {
        stream: 'stdout',
        time: '2023-11-14T22:13:21.500000000Z',
        text: '/docker-entrypoint.sh: Configuration complete; ready for start up',
      },
      {
        stream: 'stderr',
        time: '2023-11-14T22:13:21.600000000Z',
        text: '2023/11/14 22:13:21 [notice] 1#1: start worker processes',
      },
      {
        stream: 'stdout',
        time: '2023-11-14T22:14:00.000000000Z',
        text: '172.17.0.1 - - "GET / HTTP/1.1" 200 615',
      },
      {
        stream: 'stdout',
        time: '2023-11-14T22:14:01.000000000Z',
        text: '172.17.0.1 - - "GET /missing HTTP/1.1" 404 153',
      },
      {
        stream: 'stderr',
        time: '2023-11-14T22:14:01.100000000Z',
        text: '2023/11/14 22:14:01 [error] 29#29: *2 open() "/usr/share/nginx/html/missing" failed',
      },
    ]);
    expect(events.at(-1)).toEqual({ event: 'end', data: { reason: 'finished' } });
    const url = new URL(engine.requests.find((r) => r.url.includes('/logs'))!.url, 'http://docker');
    expect(url.pathname).toBe(`/containers/${WEB_ID}/logs`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      stdout: 'true',
      stderr: 'true',
      timestamps: 'true',
      follow: 'false',
      tail: '50',
    });
    await until(() => engine.enginesClosed === 1);
  });

  it('filters by the search in the panel and sends since to the Engine as Unix seconds', async () => {
    const body = await service().logs(
      OWNER,
      1,
      WEB_ID,
      containerLogsQuerySchema.parse({ follow: 'false', search: 'MISSING', since: '2023-11-14T22:14:00Z' }),
    );
    const lines = (await readEvents(body, () => false)).filter((e) => e.event === 'line');
    expect(lines.map((e) => (e.data as { text: string }).text)).toEqual([
      '172.17.0.1 - - "GET /missing HTTP/1.1" 404 153',
      '2023/11/14 22:14:01 [error] 29#29: *2 open() "/usr/share/nginx/html/missing" failed',
    ]);
    expect(engine.requests.find((r) => r.url.includes('/logs'))!.url).toContain('since=1700000040');
  });

  it('follows live lines, and closes the Engine stream and the engine when the reader goes away', async () => {
    const containers = service();
    const body = await containers.logs(OWNER, 1, 'shop-web-1', containerLogsQuerySchema.parse({}));
    expect(containers.openStreamCount(OWNER.id)).toBe(1);
    await until(() => engine.openStreams.length === 1);
    engine.write(engine.openStreams[0]!, logFrame(1, '2023-11-14T22:15:00.000000000Z live line\n'));
    const events = await readEvents(body, (seen) =>
      seen.some((e) => (e.data as { text?: string }).text === 'live line'),
    );
    expect(events.filter((e) => e.event === 'line')).toHaveLength(6);
    body.destroy();
    await until(() => engine.openStreams.length === 0 && engine.streamsClosed === 1);
    await until(() => engine.enginesClosed === 1);
    await until(() => containers.openStreamCount(OWNER.id) === 0);
  });

  it('pauses the Engine stream while the reader does not read (bounded memory)', async () => {
    const body = await service().logs(OWNER, 1, 'shop-web-1', containerLogsQuerySchema.parse({ tail: '0' }));
    await until(() => engine.openStreams.length === 1);
    const response = engine.openStreams[0]!;
    const line = logFrame(1, `2023-11-14T22:15:00.000000000Z ${'x'.repeat(1000)}\n`);
    // The fake writes as Docker does, waiting for drain; nobody reads the body.
    const target = 64 * 1024 * 1024;
    let blocked = false;
    const deadline = Date.now() + 2_000;
    while (engine.streamedBytes < target && Date.now() < deadline) {
      if (!engine.write(response, line)) {
        const drained = await Promise.race([
          once(response, 'drain').then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300)),
        ]);
        if (!drained) {
          blocked = true;
          break;
        }
      }
    }
    expect(blocked).toBe(true);
    // What got through: the body's buffer, one chunk, and the socket buffers; never the 64 MiB.
    expect(engine.streamedBytes).toBeLessThan(16 * 1024 * 1024);
    expect(body.readableLength).toBeLessThan(1024 * 1024);
    body.destroy();
    await until(() => engine.openStreams.length === 0);
  });

  it('refuses more live streams per user than the limit', async () => {
    const containers = service();
    const bodies = [];
    for (let index = 0; index < MAX_STREAMS_PER_USER; index += 1)
      bodies.push(await containers.stats(OWNER, 1, 'shop-web-1'));
    await expect(containers.stats(OWNER, 1, 'shop-web-1')).rejects.toThrow(/Too many live/);
    for (const body of bodies) body.destroy();
    await until(() => containers.openStreamCount(OWNER.id) === 0);
    await expect(containers.stats(OWNER, 1, 'ghost')).rejects.toBeInstanceOf(NotFoundError);
    expect(containers.openStreamCount(OWNER.id)).toBe(0);
  });
});

describe('stats streams', () => {
  it('computes CPU %, memory without cache, network and block I/O like docker stats', async () => {
    const body = await service().stats(OWNER, 1, 'shop-web-1');
    const events = await readEvents(body, (seen) => seen.filter((e) => e.event === 'stats').length === 2);
    body.destroy();
    const [first, second] = events.map((e) => e.data);
    expect(first).toMatchObject({ cpu_percent: 0, online_cpus: 4, network_rx: 1500, block_write: 4096 });
    expect(second).toEqual({
      read: '2023-11-14T22:20:01.000000001Z',
      cpu_percent: 10,
      online_cpus: 4,
      memory_usage: 10_485_760 - 2_097_152,
      memory_limit: 2_147_483_648,
      memory_percent: 0.39,
      network_rx: 3_100,
      network_tx: 1_250,
      block_read: 12_288_000,
      block_write: 8192,
      pids: 3,
    });
    expect(engine.requests.find((r) => r.url.includes('/stats'))!.url).toBe(
      `/containers/${WEB_ID}/stats?stream=true`,
    );
    await until(() => engine.openStreams.length === 0 && engine.enginesClosed === 1);
  });
});
