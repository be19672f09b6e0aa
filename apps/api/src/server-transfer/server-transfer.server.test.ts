import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteResponseSchema } from '@hostdeck/contracts';
import { serverTransferSchema } from '@hostdeck/contracts/server-transfer';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events, servers } from '../database/schema.js';
import { signIn, type SignedInUser } from '../policy/testing/policy-fixtures.js';
import { generateSshKeyPair } from '../remote/ssh-keys.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { createConnectedTestApp, markProvisioned } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * A transfer on a booted Debian 12 test server (the `web` image), through the API and the queue:
 * the owner has a site on it; after the recipient accepts, the panel's key in root's
 * authorized_keys is a new one (the old one gone), the new owner runs a site action through the
 * panel, and the old owner gets 404 on the server and the site.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'xfer1';
const DOMAIN = 'transfer.test';

describe('server transfer on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let serverId: number;
  let oldPublicKey: string;
  let olga: Pick<SignedInUser, 'api'>;
  let bob: SignedInUser;
  let siteId: number;

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    const connected = await createConnectedTestApp(pglite!, testServer, { workers: true });
    ({ test, serverId } = connected);
    olga = { api: connected.api };
    await markProvisioned(test, testServer, serverId);
    // Connected as connecting leaves it: the panel's own key in root's authorized_keys.
    const pair = generateSshKeyPair(`hostdeck-server-${serverId}`);
    oldPublicKey = pair.publicKey;
    await onServer(
      `install -d -m 700 /root/.ssh && printf '%s\\n' '${pair.publicKey}' >> /root/.ssh/authorized_keys && chmod 600 /root/.ssh/authorized_keys`,
    );
    await test.database.db
      .update(servers)
      .set({
        publicKey: pair.publicKey,
        sealedPrivateKey: test.panel.secretBox.seal(pair.privateKey, SECRET_PURPOSE.privateKey),
        sealedPassword: null,
      })
      .where(eq(servers.id, serverId));
    bob = await signIn(test, 'Bob Buyer');
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
  });

  async function onServer(script: string) {
    return (await runOnTestServer(testServer, ['bash', '-c', script])).stdout.trim();
  }

  const finished = (id: number, what: string) =>
    waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 250, what },
    );

  it('the owner has a site on the server', async () => {
    const response = await olga.api.post('/api/sites', {
      name: DOMAIN,
      server_id: serverId,
      php_version: '8.2',
    });
    expect(response.statusCode, response.body).toBe(201);
    const site = createSiteResponseSchema.parse(response.json());
    siteId = site.id;
    const event = await finished(site.event_id, 'create site');
    expect(event.status, event.output ?? '').toBe('FINISHED');
  }, 400_000);

  it('after acceptance the panel key on the server is new, the new owner manages the site, the old owner gets 404', async () => {
    const offered = await olga.api.post('/api/servers-transfer', {
      server_id: serverId,
      email: bob.user.email,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const id = serverTransferSchema.parse(offered.json().data).id;
    const accepted = await bob.api.put(`/api/servers-transfer/${id}`, { status: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const report = serverTransferSchema.parse(accepted.json().data).report!;
    expect(report).toMatchObject({ sites: 1, key_rotation: 'pending' });

    const rotation = await finished(report.key_rotation_event_id!, 'key rotation');
    expect(rotation.status, rotation.output ?? '').toBe('FINISHED');
    const [row] = await test.database.db.select().from(servers).where(eq(servers.id, serverId));
    expect(row!.publicKey).not.toBe(oldPublicKey);
    const lines = (await onServer('cat /root/.ssh/authorized_keys')).split('\n');
    expect(lines).toContain(row!.publicKey);
    expect(lines.join('\n')).not.toContain(oldPublicKey.split(' ')[1]);
    expect(await onServer('stat -c %a /root/.ssh/authorized_keys')).toBe('600');
    const listed = (await bob.api.get('/api/servers-transfer')).json().data.incoming[0];
    expect(listed.report.key_rotation).toBe('rotated');

    // The new owner manages the site: an event through the panel, with the new key.
    const chown = await bob.api.post(`/api/sites/${siteId}/chown`);
    expect(chown.statusCode, chown.body).toBe(201);
    const action = await finished((chown.json() as { data: { id: number } }).data.id, 'chown');
    expect(action.status, action.output ?? '').toBe('FINISHED');
    expect((await bob.api.get(`/api/sites/${siteId}`)).statusCode).toBe(200);

    expect((await olga.api.get(`/api/servers/${serverId}`)).statusCode).toBe(404);
    expect((await olga.api.get(`/api/sites/${siteId}`)).statusCode).toBe(404);
    expect((await olga.api.post(`/api/sites/${siteId}/chown`)).statusCode).toBe(404);
  }, 600_000);
});
