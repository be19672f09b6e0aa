import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../database/schema.js';
import { insertServer, signIn } from '../policy/testing/policy-fixtures.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

const [pglite] = await availableTestDatabases();

/**
 * A reply that a route sends itself (the agent's file proxy hijacks its reply to stream) skips
 * onSend: the recorder still writes its entry once it went out, with the status that was sent.
 */
describe('audit log of a hijacked reply', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(pglite!, {
      extend: (app) =>
        app.post('/api/testing/streams/:server', async (_request, reply) => {
          reply.hijack();
          reply.raw.writeHead(207, { 'content-type': 'text/plain' });
          reply.raw.end('streamed');
        }),
    });
  });
  afterAll(async () => test.close());

  it('is recorded once, with the status that went out', async () => {
    const olga = await signIn(test, 'Olga Owner');
    // Her own server: the route hook lets the owner through to the route.
    const server = await insertServer(test.database.db, olga.user.id);
    const response = await olga.api.post(`/api/testing/streams/${server.id}`);
    expect(response.statusCode).toBe(207);
    const rows = async () =>
      test.database.db.select().from(auditLogs).where(eq(auditLogs.userId, olga.user.id));
    await waitFor(async () => (await rows()).length === 1);
    expect(await rows()).toMatchObject([
      {
        method: 'POST',
        route: '/api/testing/streams/:server',
        params: { server: server.id },
        serverId: server.id,
        status: 207,
      },
    ]);
  });
});
