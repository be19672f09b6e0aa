import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vpsRoutes, type VpsCredential, type VpsMachine } from '@hostdeck/contracts/vps';
import { events, servers, vpsCredentials, vpsMachines } from '../database/schema.js';
import { insertServer, signIn, type SignedInUser } from '../policy/testing/policy-fixtures.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { FAKE_VPS_TOKENS, startVpsProviderFake, type VpsProviderFake } from './testing/vps-provider-fake.js';

const CREDENTIALS = vpsRoutes.listCredentials.path;

/**
 * `/user/vps` through the API (issue 23, spec/000 §7 `api/vps/…`): the panel calls a local fake of
 * the providers' APIs (HETZNER_API_URL, DIGITALOCEAN_API_URL, VULTR_API_URL) that answers with
 * recorded bodies. No workers: a creation's event is queued, not run (vps.server.test.ts runs one).
 */
describe('VPS providers API', () => {
  let fake: VpsProviderFake;
  let test: TestApp;
  let olga: SignedInUser;
  let mallory: SignedInUser;

  beforeAll(async () => {
    fake = await startVpsProviderFake();
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, {
      env: {
        HETZNER_API_URL: fake.urls.hetzner,
        DIGITALOCEAN_API_URL: fake.urls.digitalocean,
        VULTR_API_URL: fake.urls.vultr,
      },
    });
    olga = await signIn(test, 'Olga');
    mallory = await signIn(test, 'Mallory');
  }, 180_000);
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  async function addCredential(user: SignedInUser, provider: keyof typeof FAKE_VPS_TOKENS, name: string) {
    const response = await user.api.post(CREDENTIALS, { provider, name, token: FAKE_VPS_TOKENS[provider] });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: VpsCredential }>().data;
  }

  it('app info lists the three providers with their badges', async () => {
    const info = await olga.api.get('/api/info');
    expect(
      info.json<{ vpsProviders: { slug: string }[] }>().vpsProviders.map((provider) => provider.slug),
    ).toEqual(['hetzner', 'digitalocean', 'vultr']);
  });

  it("keeps a credential only once the provider accepts its token; sealed, never answered, the owner's alone", async () => {
    const refused = await olga.api.post(CREDENTIALS, { provider: 'hetzner', name: 'Bad', token: 'nope' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { token: ['The provider refused this token: unable to authenticate'] },
    });
    const refusedVi = await olga.api.post(
      CREDENTIALS,
      { provider: 'vultr', name: 'Bad', token: 'nope' },
      'vi',
    );
    expect(refusedVi.json<{ message: string }>().message).toBe(
      'Nhà cung cấp đã từ chối token này: Invalid API token.',
    );
    const unknown = await olga.api.post(CREDENTIALS, { provider: 'linode', name: 'L', token: 'x' });
    expect(unknown.statusCode).toBe(422);

    const credential = await addCredential(olga, 'hetzner', 'Main Hetzner');
    expect(credential).toMatchObject({ provider: 'hetzner', name: 'Main Hetzner' });
    const listed = await olga.api.get(CREDENTIALS);
    expect(listed.body).not.toContain(FAKE_VPS_TOKENS.hetzner);
    const [row] = await test.database.db
      .select()
      .from(vpsCredentials)
      .where(eq(vpsCredentials.id, credential.id));
    expect(row!.sealedToken).not.toContain(FAKE_VPS_TOKENS.hetzner);

    const path = `${CREDENTIALS}/${credential.id}`;
    expect((await mallory.api.get(path)).statusCode).toBe(404);
    expect((await mallory.api.delete(path)).statusCode).toBe(404);
    expect((await olga.api.put(path, { token: 'bad' })).statusCode).toBe(422);
    const renamed = await olga.api.put(path, { name: 'Hetzner EU', token: FAKE_VPS_TOKENS.hetzner });
    expect(renamed.json()).toMatchObject({ data: { name: 'Hetzner EU' } });
    const duplicate = await olga.api.post(CREDENTIALS, {
      provider: 'hetzner',
      name: 'Hetzner EU',
      token: FAKE_VPS_TOKENS.hetzner,
    });
    expect(duplicate.json()).toMatchObject({
      errors: { name: ['You already have a VPS credential with this name'] },
    });
  });

  it("reads regions and plans with prices using the caller's credential", async () => {
    const none = await mallory.api.get('/api/vps/providers/digitalocean/regions');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: 'Add a credential of this provider first' });
    const credential = await addCredential(olga, 'digitalocean', 'DO');
    const regions = await olga.api.get(`/api/vps/providers/digitalocean/regions?credential=${credential.id}`);
    expect(regions.json<{ data: { id: string }[] }>().data.map((region) => region.id)).toEqual([
      'nyc3',
      'fra1',
    ]);
    const plans = await olga.api.get('/api/vps/providers/digitalocean/regions/fra1/plans');
    expect(plans.json<{ data: unknown[] }>().data[0]).toEqual({
      id: 's-1vcpu-1gb',
      name: 'Basic s-1vcpu-1gb',
      vcpus: 1,
      memory_mb: 1024,
      disk_gb: 25,
      price_monthly: 6,
      currency: 'USD',
    });
    const nowhere = await olga.api.get('/api/vps/providers/digitalocean/regions/mars1/plans');
    expect(nowhere.json()).toMatchObject({
      errors: { region: ['This region is not offered by the provider'] },
    });
    // Another user's credential id is not the caller's to read with.
    const malloryReads = await mallory.api.get(
      `/api/vps/providers/digitalocean/regions?credential=${credential.id}`,
    );
    expect(malloryReads.statusCode).toBe(404);
  });

  it('creates a server at a provider as a queued event, with vps_provider; a refused plan stores nothing', async () => {
    const credential = await addCredential(olga, 'vultr', 'Vultr');
    const badPlan = await olga.api.post('/api/vps/servers', {
      credential_id: credential.id,
      region: 'sgp',
      plan: 'vc2-2c-4gb',
      name: 'nope',
    });
    expect(badPlan.json()).toMatchObject({ errors: { plan: ['This plan is not offered in this region'] } });
    const theirs = await mallory.api.post('/api/vps/servers', {
      credential_id: credential.id,
      region: 'fra',
      plan: 'vc2-1c-1gb',
      name: 'stolen',
    });
    expect(theirs.statusCode).toBe(422);

    const created = await olga.api.post('/api/vps/servers', {
      credential_id: credential.id,
      region: 'fra',
      plan: 'vc2-1c-1gb',
      name: 'web-vultr',
    });
    expect(created.statusCode, created.body).toBe(202);
    const { server_id: serverId, event_id: eventId } = created.json<{
      data: { server_id: number; event_id: number };
    }>().data;
    const [event] = await test.database.db.select().from(events).where(eq(events.id, eventId));
    expect(event).toMatchObject({ serverId, type: 'vps.create', status: 'PENDING' });
    const [machine] = await test.database.db
      .select()
      .from(vpsMachines)
      .where(eq(vpsMachines.serverId, serverId));
    expect(machine).toMatchObject({ provider: 'vultr', region: 'fra', plan: 'vc2-1c-1gb', machineId: null });
    const detail = await olga.api.get(`/api/servers/${serverId}`);
    expect(detail.json()).toMatchObject({
      data: {
        status: 'PENDING',
        vps_provider: { slug: 'vultr', name: 'Vultr', logo: 'VU' },
        install_command: null,
      },
    });
    expect(detail.body).not.toContain('PRIVATE KEY');
    const listedServers = await olga.api.get('/api/vps/servers');
    expect(listedServers.json<{ data: unknown[] }>().data).toContainEqual({
      server_id: serverId,
      name: 'web-vultr',
      provider: 'vultr',
      region: 'fra',
      plan: 'vc2-1c-1gb',
      machine_id: null,
      state: 'creating',
      status: 'PENDING',
    });
    expect((await mallory.api.get('/api/vps/servers')).json()).toEqual({ data: [] });
    // Only a failed creation is resumed; another user's server is not found.
    expect((await mallory.api.post(`/api/vps/servers/${serverId}/resume`)).statusCode).toBe(404);
    const early = await olga.api.post(`/api/vps/servers/${serverId}/resume`);
    expect(early.json()).toMatchObject({ message: 'Only a creation that failed can be resumed' });
    await test.database.db
      .update(vpsMachines)
      .set({ state: 'failed' })
      .where(eq(vpsMachines.serverId, serverId));
    const resumed = await olga.api.post(`/api/vps/servers/${serverId}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(202);
  });

  it('lists the machines at a provider that no server points to, labelled or not', async () => {
    const credential = await addCredential(olga, 'hetzner', 'Reconcile');
    const server = await insertServer(test.database.db, olga.user.id, {
      name: 'known',
      vpsProvider: 'hetzner',
    });
    await test.database.db.insert(vpsMachines).values({
      serverId: server.id,
      credentialId: credential.id,
      provider: 'hetzner',
      region: 'fsn1',
      plan: 'cx22',
      machineId: '42',
    });
    const response = await olga.api.get(`${CREDENTIALS}/${credential.id}/unmanaged`);
    expect(response.statusCode, response.body).toBe(200);
    const machines = response.json<{ data: VpsMachine[] }>().data;
    expect(machines.map((machine) => machine.id)).not.toContain('42');
    expect(machines).toContainEqual({
      id: '43',
      name: 'legacy-mail',
      status: 'off',
      ip: '203.0.113.11',
      region: 'fsn1',
      labelled: false,
      server_label: null,
    });
    expect((await mallory.api.get(`${CREDENTIALS}/${credential.id}/unmanaged`)).statusCode).toBe(404);
  });

  it("deletes at the provider only a machine labelled as this server's, then the server", async () => {
    const credential = await addCredential(olga, 'hetzner', 'Deleting');
    const server = await insertServer(test.database.db, olga.user.id, {
      name: 'to-delete',
      vpsProvider: 'hetzner',
    });
    const machineRow = {
      serverId: server.id,
      credentialId: credential.id,
      provider: 'hetzner',
      region: 'fsn1',
      plan: 'cx22',
    };
    // A machine the panel did not label (the recorded `legacy-mail`) is never deleted.
    await test.database.db.insert(vpsMachines).values({ ...machineRow, machineId: '43' });
    const refused = await olga.api.deleteWith(`/api/vps/servers/${server.id}`, { name: 'to-delete' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toContain('not labelled');
    expect(fake.machines.has('hetzner:43')).toBe(true);

    fake.machines.set('hetzner:777', {
      provider: 'hetzner',
      id: '777',
      name: 'to-delete',
      region: 'fsn1',
      plan: 'cx22',
      running: true,
      ip: '203.0.113.77',
      labels: { hostdeck: String(server.id) },
      userData: '',
      sshKeyIds: [],
    });
    await test.database.db
      .update(vpsMachines)
      .set({ machineId: '777' })
      .where(eq(vpsMachines.serverId, server.id));
    expect(
      (await mallory.api.deleteWith(`/api/vps/servers/${server.id}`, { name: 'to-delete' })).statusCode,
    ).toBe(404);
    const wrongName = await olga.api.deleteWith(`/api/vps/servers/${server.id}`, { name: 'other' });
    expect(wrongName.statusCode).toBe(422);
    expect(fake.machines.has('hetzner:777')).toBe(true);
    const deleted = await olga.api.deleteWith(`/api/vps/servers/${server.id}`, { name: 'to-delete' });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(fake.machines.has('hetzner:777')).toBe(false);
    expect(await test.database.db.select().from(servers).where(eq(servers.id, server.id))).toEqual([]);
  });

  it('says clearly when the provider refuses for an account limit', async () => {
    const credential = await addCredential(olga, 'digitalocean', 'Limited');
    fake.failNext({
      provider: 'digitalocean',
      path: /^\/sizes/,
      status: 422,
      fixture: 'digitalocean-error-droplet-limit.json',
    });
    const response = await olga.api.get(
      `/api/vps/providers/digitalocean/regions/fra1/plans?credential=${credential.id}`,
      'vi',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toBe(
      'Nhà cung cấp VPS đã từ chối vì tài khoản của bạn đã chạm giới hạn: creating this/these droplet(s) will exceed your droplet limit',
    );
  });
});
