import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { dockerOverStreams, type DockerEngine } from '../../docker-engine.js';
import { DB_ID, inspectOf, LIST_CONTAINERS, LOG_FRAMES, STATS_SAMPLES, WEB_ID } from './engine-recordings.js';

interface FakeContainer {
  id: string;
  name: string;
  status: 'created' | 'running' | 'paused' | 'exited';
  tty: boolean;
}

/**
 * A local HTTP server answering the Engine API calls of the containers' code with the recorded
 * answers (engine-recordings.ts), keeping each container's state so start/stop/pause/rename/delete
 * behave as Docker's do (204, 304 "not modified", 409 refusals, 404). Log and stats streams stay
 * open until the test ends them or the client goes away; `streams` counts the open ones.
 */
export async function startFakeEngine() {
  const containers = new Map<string, FakeContainer>([
    [WEB_ID, { id: WEB_ID, name: 'shop-web-1', status: 'running', tty: false }],
    [DB_ID, { id: DB_ID, name: 'db', status: 'exited', tty: false }],
  ]);
  const requests: { method: string; url: string }[] = [];
  const openStreams = new Set<http.ServerResponse>();
  let streamsClosed = 0;
  /** Bytes the stats/log streams wrote, whatever the client read. */
  let streamedBytes = 0;

  const find = (reference: string) =>
    containers.get(reference) ??
    [...containers.values()].find(
      (c) => c.name === reference || (reference.length >= 12 && c.id.startsWith(reference)),
    );

  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'api-version': '1.41',
      server: 'Docker/20.10.24 (linux)',
    });
    response.end(JSON.stringify(body));
  };
  const empty = (response: http.ServerResponse, status: number) => {
    response.writeHead(status, { 'api-version': '1.41' });
    response.end();
  };

  function hold(response: http.ServerResponse, contentType: string) {
    response.writeHead(200, { 'content-type': contentType, 'api-version': '1.41' });
    openStreams.add(response);
    response.on('close', () => {
      openStreams.delete(response);
      streamsClosed += 1;
    });
  }
  const write = (response: http.ServerResponse, chunk: Buffer | string) => {
    streamedBytes += Buffer.byteLength(chunk);
    return response.write(chunk);
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://docker');
    requests.push({ method: request.method ?? 'GET', url: `${url.pathname}${url.search}` });
    const path = url.pathname.replace(/^\/v1\.\d+/, '');
    if (path === '/_ping') return response.end('OK');
    if (request.method === 'GET' && path === '/containers/json') {
      const state = new Map([...containers.values()].map((c) => [c.id, c]));
      return json(
        response,
        200,
        LIST_CONTAINERS.filter((item) => state.has(item.Id)).map((item) => ({
          ...item,
          Names: [`/${state.get(item.Id)!.name}`],
          State: state.get(item.Id)!.status,
        })),
      );
    }
    const match = /^\/containers\/([^/]+)(?:\/(\w+))?$/.exec(path);
    const container = match ? find(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !container)
      return json(response, 404, {
        message: `No such container: ${match ? decodeURIComponent(match[1]!) : path}`,
      });
    const verb = match[2];
    const notRunning = () => json(response, 409, { message: `Container ${container.id} is not running` });

    if (request.method === 'GET' && verb === 'json')
      return json(
        response,
        200,
        inspectOf(
          container.id,
          container.name,
          {
            Status: container.status,
            Running: container.status === 'running' || container.status === 'paused',
            Paused: container.status === 'paused',
          },
          container.tty,
        ),
      );
    if (request.method === 'POST' && verb === 'start') {
      if (container.status === 'running') return empty(response, 304);
      container.status = 'running';
      return empty(response, 204);
    }
    if (request.method === 'POST' && verb === 'stop') {
      if (container.status !== 'running' && container.status !== 'paused') return empty(response, 304);
      container.status = 'exited';
      return empty(response, 204);
    }
    if (request.method === 'POST' && verb === 'restart') {
      container.status = 'running';
      return empty(response, 204);
    }
    if (request.method === 'POST' && verb === 'pause') {
      if (container.status !== 'running') return notRunning();
      container.status = 'paused';
      return empty(response, 204);
    }
    if (request.method === 'POST' && verb === 'unpause') {
      if (container.status !== 'paused')
        return json(response, 409, { message: `Container ${container.id} is not paused` });
      container.status = 'running';
      return empty(response, 204);
    }
    if (request.method === 'POST' && verb === 'rename') {
      const name = url.searchParams.get('name') ?? '';
      if ([...containers.values()].some((c) => c.name === name))
        return json(response, 409, {
          message: `Conflict. The container name "/${name}" is already in use by container "${find(name)!.id}". You have to remove (or rename) that container to be able to reuse that name.`,
        });
      container.name = name;
      return empty(response, 204);
    }
    if (request.method === 'DELETE' && verb === undefined) {
      if (container.status === 'running' && url.searchParams.get('force') !== 'true')
        return json(response, 409, {
          message: `You cannot remove a running container ${container.id}. Stop the container before attempting removal or force remove`,
        });
      containers.delete(container.id);
      return empty(response, 204);
    }
    if (request.method === 'GET' && verb === 'logs') {
      hold(response, 'application/octet-stream');
      for (const frame of LOG_FRAMES) write(response, frame);
      if (url.searchParams.get('follow') !== 'true' && url.searchParams.get('follow') !== '1') response.end();
      return;
    }
    if (request.method === 'GET' && verb === 'stats') {
      hold(response, 'application/json');
      write(response, `${JSON.stringify(STATS_SAMPLES[0])}\n`);
      write(response, `${JSON.stringify(STATS_SAMPLES[1])}\n`);
      return;
    }
    return json(response, 404, { message: 'page not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  let enginesClosed = 0;
  return {
    containers,
    requests,
    get openStreams() {
      return [...openStreams];
    },
    get streamsClosed() {
      return streamsClosed;
    },
    get streamedBytes() {
      return streamedBytes;
    },
    get enginesClosed() {
      return enginesClosed;
    },
    write,
    /** A client like the one over SSH: each HTTP connection a fresh socket to this server. */
    docker: () => dockerOverStreams(async () => net.connect(port, '127.0.0.1')),
    /** `engines.open` as docker-engine.ts answers it, over this server. */
    engines: {
      open: async (): Promise<DockerEngine> => ({
        docker: dockerOverStreams(async () => net.connect(port, '127.0.0.1')),
        close: async () => {
          enginesClosed += 1;
        },
      }),
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of openStreams) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type FakeEngine = Awaited<ReturnType<typeof startFakeEngine>>;
