import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerDetail } from '@hostdeck/contracts';
import { servers, vpsMachines } from '../database/schema.js';
import type { EventRow } from '../events/events.repository.js';
import type { EventTask } from '../jobs/event-hooks.js';
import { insertServer, signIn, type SignedInUser } from '../policy/testing/policy-fixtures.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { FAKE_VPS_TOKENS, startVpsProviderFake, type VpsProviderFake } from './testing/vps-provider-fake.js';
import { createServersRepository } from '../servers/servers.repository.js';
import { createVpsAdapter } from './providers/index.js';
import { registerVpsCreateTask } from './vps-create-task.js';
import { createVpsRepository, type VpsRepository } from './vps.repository.js';

const KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGzRmZpVvPz3b4Zw3kVnNq7y5S0Vq0x9y1m2n3o4p5q6 hostdeck-server-x';

/**
 * The `vps.create` task's resumability (docs/vps.md), with the fake provider and a local TCP
 * listener standing in for sshd; the connect itself is the servers area's (vps.server.test.ts runs
 * it for real). A machine made before a crash is adopted by its label, a stored machine id is gone
 * on with, and a provider's refusal ends the task with its words and no machine stored.
 */
describe('the vps.create task', () => {
  let fake: VpsProviderFake;
  let test: TestApp;
  let owner: SignedInUser;
  let repository: VpsRepository;
  let sshd: Server;
  let task: EventTask;
  const connected: number[] = [];

  beforeAll(async () => {
    sshd = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => sshd.listen(0, '127.0.0.1', resolve));
    fake = await startVpsProviderFake({ onCreate: async () => ({ ip: '127.0.0.1' }) });
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!);
    owner = await signIn(test, 'Owner');
    repository = createVpsRepository(test.database.db, test.panel.secretBox);
    registerVpsCreateTask(
      {
        registerTask: (_name, registered, options) => {
          expect(options).toEqual({ session: false });
          task = registered;
        },
      },
      {
        repository,
        servers: createServersRepository(test.database.db),
        createAdapter: (provider, token) => createVpsAdapter(provider, token, fake.urls),
        connect: {
          verifyConnection: async (_caller, serverId) => {
            connected.push(serverId);
            return { os_version: 'ubuntu-24.04', provision_event_id: 99 } as ServerDetail;
          },
        },
        pollIntervalMs: 20,
        bootTimeoutSeconds: 20,
        announce: async () => {},
      },
    );
  }, 180_000);
  afterAll(async () => {
    await test.close();
    await fake.close();
    sshd.close();
  });

  async function prepare(name: string) {
    const credential = await repository.insertCredential({
      userId: owner.user.id,
      provider: 'hetzner',
      name,
      token: FAKE_VPS_TOKENS.hetzner,
    });
    const server = await insertServer(test.database.db, owner.user.id, {
      name,
      ip: '0.0.0.0',
      port: (sshd.address() as AddressInfo).port,
      publicKey: KEY,
      vpsProvider: 'hetzner',
    });
    await repository.insertMachine({
      serverId: server.id,
      credentialId: credential!.id,
      provider: 'hetzner',
      region: 'fsn1',
      plan: 'cx22',
    });
    return server.id;
  }

  async function run(serverId: number) {
    const output: string[] = [];
    await task({
      event: { userId: owner.user.id } as EventRow,
      input: { server_id: serverId },
      get session(): never {
        throw new Error('no session');
      },
      write: (text) => output.push(text),
      runRecipe: () => Promise.reject(new Error('no recipes')),
      signal: new AbortController().signal,
      isCancelRequested: async () => false,
    });
    return output.join('');
  }

  const creates = () =>
    fake.requests.filter((request) => request.method === 'POST' && request.path === '/servers');

  it('creates the machine once, saves its id, stores the address and connects', async () => {
    const serverId = await prepare('first');
    const before = creates().length;
    const output = await run(serverId);
    expect(creates()).toHaveLength(before + 1);
    expect(output).toContain('Machine created at Hetzner Cloud');
    expect(output).toContain('Running at 127.0.0.1');
    const machine = await repository.findMachine(serverId);
    expect(machine).toMatchObject({ state: 'ready' });
    expect(fake.machines.get(`hetzner:${machine!.machineId}`)?.labels).toEqual({
      hostdeck: String(serverId),
    });
    const [row] = await test.database.db.select().from(servers).where(eq(servers.id, serverId));
    expect(row!.ip).toBe('127.0.0.1');
    expect(connected).toContain(serverId);

    // Run again (a retry): the stored machine is gone on with, never made twice.
    const again = await run(serverId);
    expect(again).toContain(`Machine ${machine!.machineId} was created before: going on`);
    expect(creates()).toHaveLength(before + 1);
  });

  it('adopts a machine made just before a crash by its label instead of creating a second one', async () => {
    const serverId = await prepare('crashed');
    fake.machines.set('hetzner:5555', {
      provider: 'hetzner',
      id: '5555',
      name: 'crashed',
      region: 'fsn1',
      plan: 'cx22',
      running: true,
      ip: '127.0.0.1',
      labels: { hostdeck: String(serverId) },
      userData: '',
      sshKeyIds: [],
    });
    const before = creates().length;
    const output = await run(serverId);
    expect(output).toContain('Found the machine made before (id 5555)');
    expect(creates()).toHaveLength(before);
    expect(await repository.findMachine(serverId)).toMatchObject({ machineId: '5555', state: 'ready' });
  });

  it('goes on without the provider SSH key when the provider already has that key', async () => {
    const serverId = await prepare('samekey');
    fake.failNext({
      provider: 'hetzner',
      method: 'POST',
      path: /^\/ssh_keys$/,
      status: 409,
      fixture: 'hetzner-error-uniqueness.json',
    });
    const output = await run(serverId);
    expect(output).toContain(
      'Hetzner Cloud did not take the SSH key (SSH key with the same fingerprint already exists): cloud-init installs it',
    );
    const machine = await repository.findMachine(serverId);
    expect(machine).toMatchObject({ sshKeyId: null, state: 'ready' });
    expect(fake.machines.get(`hetzner:${machine!.machineId}`)?.sshKeyIds).toEqual([]);
  });

  it("ends with the provider's words when it refuses, storing no machine", async () => {
    const serverId = await prepare('limited');
    fake.failNext({
      provider: 'hetzner',
      method: 'POST',
      path: /^\/servers$/,
      status: 403,
      fixture: 'hetzner-error-resource-limit.json',
    });
    await expect(run(serverId)).rejects.toThrow(
      'Hetzner Cloud: creating the machine failed (quota: server limit exceeded)',
    );
    const [machine] = await test.database.db
      .select()
      .from(vpsMachines)
      .where(eq(vpsMachines.serverId, serverId));
    expect(machine!.machineId).toBeNull();
  });
});
