import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../domain/errors.js';
import { waitFor } from '../../testing/wait-for.js';
import { containersRoutes } from './containers.routes.js';
import { createContainersService } from './containers.service.js';
import { startFakeEngine, type FakeEngine } from './testing/fake-engine.js';

/**
 * The containers' routes over real HTTP (the plugin alone, a caller set by a header, the fake
 * Engine behind): path grammars refuse before anything reaches the Engine, and a log stream is
 * Server-Sent Events that closes the Engine stream when the browser goes away.
 */
const until = (check: () => boolean) => waitFor(check, { timeoutMs: 5_000, intervalMs: 10 });

let engine: FakeEngine;
let app: FastifyInstance;
let base: string;

beforeEach(async () => {
  engine = await startFakeEngine();
  const containers = createContainersService({
    policy: {
      authorizeServer: async (caller) => {
        if (caller.id !== 1) throw new NotFoundError();
        return undefined as never;
      },
    },
    events: { startTask: async () => ({ id: 5 }) as never },
    engines: engine.engines,
  });
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null as never);
  app.addHook('onRequest', async (request) => {
    (request as unknown as { user: { id: number } }).user = { id: Number(request.headers['x-user'] ?? 1) };
  });
  app.setErrorHandler((error: Error & { status?: number; statusCode?: number }, _request, reply) =>
    reply.status(error.status ?? error.statusCode ?? 500).send({ message: error.message }),
  );
  await app.register(containersRoutes, { containers } as never);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await app.close();
  await engine.close();
});

describe('container routes', () => {
  it('refuses injected, option-like and control-character container references before the Engine', async () => {
    for (const reference of ['-f', '--force', 'web;id', 'web%0Aid', '%24(id)', 'a%20b', '..', 'web%00']) {
      for (const suffix of ['', '/logs', '/stats']) {
        const answer = await app.inject({
          method: 'GET',
          url: `/api/servers/1/docker/containers/${reference}${suffix}`,
        });
        expect([400, 404], `${reference}${suffix}`).toContain(answer.statusCode);
      }
      const action = await app.inject({
        method: 'POST',
        url: `/api/servers/1/docker/containers/${reference}/stop`,
      });
      expect([400, 404]).toContain(action.statusCode);
    }
    const kill = await app.inject({ method: 'POST', url: '/api/servers/1/docker/containers/db/kill' });
    expect(kill.statusCode).toBe(400);
    const rename = await app.inject({
      method: 'PUT',
      url: '/api/servers/1/docker/containers/db/name',
      payload: { name: '-oProxyCommand=id' },
    });
    expect(rename.statusCode).toBe(400);
    expect(engine.requests).toEqual([]);
  });

  it('answers 201 with the event for an action, and 404 for a stranger', async () => {
    const answer = await app.inject({ method: 'POST', url: '/api/servers/1/docker/containers/db/start' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ data: { id: 5 } });
    const stranger = await app.inject({
      method: 'GET',
      url: '/api/servers/1/docker/containers',
      headers: { 'x-user': '2' },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('streams the log as Server-Sent Events and closes the Engine stream when the browser leaves', async () => {
    const received = await new Promise<{ type: string; text: string; request: http.ClientRequest }>(
      (resolve, reject) => {
        const request = http.get(
          `${base}/api/servers/1/docker/containers/shop-web-1/logs?tail=10`,
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
              if (text.includes('start worker processes'))
                resolve({ type: String(response.headers['content-type']), text, request });
            });
          },
        );
        request.on('error', reject);
      },
    );
    expect(received.type).toBe('text/event-stream; charset=utf-8');
    expect(received.text).toContain(
      'event: line\ndata: {"stream":"stderr","time":"2023-11-14T22:13:21.600000000Z"',
    );
    expect(engine.openStreams).toHaveLength(1);
    received.request.destroy();
    await until(() => engine.openStreams.length === 0 && engine.enginesClosed === 1);
  });
});
