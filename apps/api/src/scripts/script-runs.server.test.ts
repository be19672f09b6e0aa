import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScriptResponseSchema, scriptResponseSchema } from '@hostdeck/contracts';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * Running a custom script on a booted Debian 12 server (issue 22 point 6): the event runs it as
 * root, its effect is on the server, its echo is in the event's output; quotes, `$(…)` and a
 * heredoc in the text reach bash as the user wrote them (the text travels as data, on stdin, to a
 * root-only file). A failing script ends the event in error with its exit code.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'scripts1';

describe('running a custom script on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, { workers: true }));
  }, 600_000);
  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  const onServer = async (script: string) =>
    (await runOnTestServer(testServer, ['bash', '-c', script])).stdout.trim();

  async function run(content: string) {
    const created = await api.post('/api/user/scripts', { memo: 'proof', content });
    const script = scriptResponseSchema.parse(created.json()).data;
    const response = await api.post(`/api/user/scripts/${script.id}/run`, { servers: [serverId] });
    expect(response.statusCode, response.body).toBe(201);
    const [started] = runScriptResponseSchema.parse(response.json()).data;
    return waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, started!.id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250, what: `event ${started!.id} to finish` },
    );
  }

  it('runs the script as root: its effect on the server, its echo in the output', async () => {
    const content = [
      '#!/bin/bash',
      'set -e',
      `name='it'"'"'s $(not run)'`,
      'cat > /root/hostdeck-script-proof <<EOF',
      'user=$(id -un) name=$name',
      'EOF',
      'echo "proof written by $(id -un)"',
    ].join('\n');
    const event = await run(content);
    expect(event.status, `${event.errorReason}\n${event.output}`).toBe('FINISHED');
    expect(event.output).toContain('proof written by root');
    expect(await onServer('cat /root/hostdeck-script-proof')).toBe("user=root name=it's $(not run)");
    // The root-only copy of the script is gone once the step ended.
    expect(await onServer('ls -A /var/lib/hostdeck/tmp 2>/dev/null | wc -l')).toBe('0');
  });

  it('ends in error with the exit code of a failing script', async () => {
    const event = await run('echo about to fail\nexit 3\n');
    expect(event.status).toBe('ERROR');
    expect(event.output).toContain('about to fail');
    expect(event.output).toContain('the script ended with exit code 3');
  });
});
