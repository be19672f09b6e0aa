import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  userSshKeyEventsResponseSchema,
  userSshKeyRoutes,
  userSshKeySchema,
  type UserSshKey,
} from '@hostdeck/contracts/user-ssh-keys';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events, userSshKeyPlacements } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

const run = promisify(execFile);

/**
 * An account key on a booted Debian 12 test server (the `web` image: the default user `hostdeck`
 * exists), through the API and the queue: put on three Linux users in one action, each of them
 * then logs in with it over SSH; "remove from all" takes it off all three (login refused) and
 * leaves no placement.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'ukey1';
const USERS = ['root', 'hostdeck', 'ukalice'];

describe('account SSH keys on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;
  let dir: string;
  let privateKey: string;
  let key: UserSshKey;

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    const connected = await createConnectedTestApp(pglite!, testServer, { workers: true });
    ({ test, api, serverId } = connected);
    dir = mkdtempSync(path.join(os.tmpdir(), 'hd-ukey1-'));
    privateKey = path.join(dir, 'id_ed25519');
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'ukey1@test', '-f', privateKey]);
    await onServer('id ukalice >/dev/null 2>&1 || useradd -m -s /bin/bash ukalice');
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await stopTestServer(SERVER);
  });

  async function onServer(script: string) {
    return (await runOnTestServer(testServer, ['bash', '-c', script])).stdout.trim();
  }

  /** Logs in as `user` with the account key only; answers whoami, or null when refused. */
  async function loginAs(user: string): Promise<string | null> {
    try {
      const { stdout } = await run(
        'ssh',
        [
          '-i',
          privateKey,
          '-o',
          'IdentitiesOnly=yes',
          '-o',
          'BatchMode=yes',
          '-o',
          'PasswordAuthentication=no',
          '-o',
          'StrictHostKeyChecking=no',
          '-o',
          'UserKnownHostsFile=/dev/null',
          '-o',
          'ConnectTimeout=10',
          '-o',
          'LogLevel=ERROR',
          '-p',
          String(testServer.port),
          `${user}@${testServer.address}`,
          'whoami',
        ],
        { timeout: 30_000 },
      );
      return stdout.trim();
    } catch {
      return null;
    }
  }

  const finished = (ids: readonly number[]) =>
    waitFor(
      async () => {
        const rows = await Promise.all(
          ids.map(async (id) => (await test.database.db.select().from(events).where(eq(events.id, id)))[0]),
        );
        return rows.every((row) => row?.isFinished) ? rows.map((row) => row!) : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 250, what: `events ${ids.join(', ')} to finish` },
    );

  const placements = () =>
    test.database.db.select().from(userSshKeyPlacements).where(eq(userSshKeyPlacements.keyId, key.id));

  it('puts an account key on three users in one action: each logs in with it', async () => {
    for (const user of USERS) expect(await loginAs(user), user).toBeNull();
    const publicKey = readFileSync(`${privateKey}.pub`, 'utf8');
    const created = await api.post(userSshKeyRoutes.list.path, { name: 'Laptop', public_key: publicKey });
    expect(created.statusCode, created.body).toBe(201);
    key = userSshKeySchema.parse((created.json() as { data: unknown }).data);

    const added = await api.post(`/api/user/ssh-keys/${key.id}/add`, {
      targets: [{ server_id: serverId, users: USERS }],
    });
    expect(added.statusCode, added.body).toBe(201);
    const started = userSshKeyEventsResponseSchema.parse(added.json()).data.events;
    expect(started).toHaveLength(1);
    const [event] = await finished(started.map((one) => one.id));
    expect(event!.status, event!.output ?? '').toBe('FINISHED');

    for (const user of USERS) expect(await loginAs(user), user).toBe(user);
    const fingerprints = await onServer(
      'for u in root hostdeck ukalice; do h=$(getent passwd "$u" | cut -d: -f6); ssh-keygen -lf "$h/.ssh/authorized_keys" | grep -c ukey1@test; done',
    );
    expect(fingerprints.split('\n')).toEqual(['1', '1', '1']);
    expect((await placements()).map((row) => row.linuxUser).sort()).toEqual([...USERS].sort());
    const listed = userSshKeySchema.parse(
      ((await api.get(userSshKeyRoutes.list.path)).json() as { data: unknown[] }).data[0],
    );
    expect(listed.placements).toEqual([
      { server_id: serverId, server_name: 'test-server', users: ['hostdeck', 'root', 'ukalice'] },
    ]);
    // Placed: it cannot be deleted from the account yet.
    expect((await api.delete(`/api/user/ssh-keys/${key.id}`)).statusCode).toBe(422);
  });

  it('removes it from all three in one action: logins refused, no placement left', async () => {
    const removing = await api.delete(`/api/user/ssh-keys/${key.id}/remove`);
    expect(removing.statusCode, removing.body).toBe(201);
    const started = userSshKeyEventsResponseSchema.parse(removing.json()).data.events;
    const [event] = await finished(started.map((one) => one.id));
    expect(event!.status, event!.output ?? '').toBe('FINISHED');

    for (const user of USERS) expect(await loginAs(user), user).toBeNull();
    expect(
      await onServer(
        'for u in root hostdeck ukalice; do h=$(getent passwd "$u" | cut -d: -f6); grep -c ukey1@test "$h/.ssh/authorized_keys" || true; done',
      ),
    ).toBe('0\n0\n0');
    expect(await placements()).toEqual([]);
    expect((await api.delete(`/api/user/ssh-keys/${key.id}`)).statusCode).toBe(204);
  });
});
