import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDetailResponseSchema } from '@hostdeck/contracts';
import {
  resetTestServer,
  runOnTestServer,
  stopTestServer,
  type TestServer,
} from '../../../../tools/test-server/index.js';
import { events, vpsMachines } from '../database/schema.js';
import { signIn } from '../policy/testing/policy-fixtures.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { FAKE_VPS_TOKENS, startVpsProviderFake, type VpsProviderFake } from './testing/vps-provider-fake.js';

/**
 * Issue 23's check for VPS providers: "create server at a provider" end to end. A fake Hetzner
 * Cloud API (testing/vps-provider-fake.ts) answers like the real one; its "create server" boots a
 * test server from the `web` image and puts the key from the cloud-init user_data into root's
 * authorized_keys (what cloud-init does), then reports `running` at the test server's address. The
 * panel connects and provisions it to INSTALLED, then deletes it at the provider.
 */
const [pglite] = await availableTestDatabases();
const NAME = 'vps1';

describe('creating a server at a VPS provider', () => {
  let fake: VpsProviderFake;
  let test: TestApp;
  let machine: TestServer | undefined;

  beforeAll(async () => {
    fake = await startVpsProviderFake({
      onCreate: async ({ publicKey }) => {
        machine = await resetTestServer(NAME, { image: 'web' });
        if (!publicKey) throw new Error('no key in user_data');
        // The key through stdin, never in the script's text.
        const installed = await runOnTestServer(
          machine,
          [
            'bash',
            '-c',
            'install -d -m 700 /root/.ssh && cat >> /root/.ssh/authorized_keys && chmod 600 /root/.ssh/authorized_keys',
          ],
          { input: `${publicKey}\n` },
        );
        if (installed.code !== 0) throw new Error(installed.stderr);
        return { ip: machine.address };
      },
      onDelete: async () => stopTestServer(NAME),
    });
    test = await createTestApp(pglite!, {
      workers: true,
      env: {
        HETZNER_API_URL: fake.urls.hetzner,
        VPS_POLL_INTERVAL_MS: '200',
        VPS_BOOT_TIMEOUT_SECONDS: '600',
      },
    });
  });

  afterAll(async () => {
    await test?.close();
    await fake?.close();
    await stopTestServer(NAME);
  });

  const readEvent = async (id: number) =>
    (await test.database.db.select().from(events).where(eq(events.id, id)))[0]!;
  const waitForEvent = (id: number, timeoutMs = 900_000) =>
    waitFor(
      async () => {
        const row = await readEvent(id);
        return row.isFinished ? row : undefined;
      },
      { timeoutMs, intervalMs: 500, what: `event ${id} to finish` },
    );

  it('creates the machine with the panel key, connects, provisions to INSTALLED, then deletes it at the provider', async () => {
    const owner = await signIn(test, 'Cloud Owner');
    const credential = await owner.api.post('/api/vps/credentials', {
      provider: 'hetzner',
      name: 'Hetzner',
      token: FAKE_VPS_TOKENS.hetzner,
    });
    expect(credential.statusCode, credential.body).toBe(201);
    const created = await owner.api.post('/api/vps/servers', {
      credential_id: credential.json<{ data: { id: number } }>().data.id,
      region: 'fsn1',
      plan: 'cx22',
      name: 'vps-web',
      provision: { web_server: 'nginx', php_versions: [], database: 'none', timezone: 'UTC' },
    });
    expect(created.statusCode, created.body).toBe(202);
    const { server_id: serverId, event_id: eventId } = created.json<{
      data: { server_id: number; event_id: number };
    }>().data;

    const creation = await waitForEvent(eventId);
    expect(creation.status, creation.output).toBe('FINISHED');
    expect(creation.output).toContain('Machine created at Hetzner Cloud');
    expect(creation.output).toContain(`Running at ${machine!.address}`);
    const [row] = await test.database.db.select().from(vpsMachines).where(eq(vpsMachines.serverId, serverId));
    expect(row).toMatchObject({ state: 'ready' });
    const atProvider = fake.machines.get(`hetzner:${row!.machineId}`)!;
    expect(atProvider.labels).toEqual({ hostdeck: String(serverId) });
    expect(atProvider.sshKeyIds).toHaveLength(1);
    // The provider's copy of the key is removed once root has it.
    expect(
      fake.requests.some((request) => request.method === 'DELETE' && request.path.startsWith('/ssh_keys/')),
    ).toBe(true);

    const detail = serverDetailResponseSchema.parse(
      (await owner.api.get(`/api/servers/${serverId}`)).json(),
    ).data;
    expect(detail).toMatchObject({ ip: machine!.address, vps_provider: { slug: 'hetzner' } });
    const provisioning = await waitForEvent(detail.provision_event_id!, 1_200_000);
    expect(provisioning.status, provisioning.output.slice(-3000)).toBe('FINISHED');
    const installed = serverDetailResponseSchema.parse(
      (await owner.api.get(`/api/servers/${serverId}`)).json(),
    ).data;
    expect(installed).toMatchObject({ status: 'INSTALLED', installed: true, os_version: 'debian-12' });

    const deleted = await owner.api.deleteWith(`/api/vps/servers/${serverId}`, { name: 'vps-web' });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(fake.machines.has(`hetzner:${row!.machineId}`)).toBe(false);
    expect((await owner.api.get(`/api/servers/${serverId}`)).statusCode).toBe(404);
  });
});
