import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_VPS_TOKENS, startVpsProviderFake, type VpsProviderFake } from '../testing/vps-provider-fake.js';
import { cloudInitUserData } from '../vps-provider.js';
import { createVultrAdapter } from './vultr.js';

const KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGzRmZpVvPz3b4Zw3kVnNq7y5S0Vq0x9y1m2n3o4p5q6 hostdeck-server-7';

/** The Vultr instances adapter against recorded answers of API v2 (testing/recordings/vultr-*.json). */
describe('Vultr adapter', () => {
  let fake: VpsProviderFake;
  const adapter = (token: string = FAKE_VPS_TOKENS.vultr) =>
    createVultrAdapter({ baseUrl: fake.urls.vultr, token });

  beforeAll(async () => {
    fake = await startVpsProviderFake();
  });
  afterAll(async () => fake.close());

  it('verifies a token with the account, and says why Vultr refused one', async () => {
    await expect(adapter().verify()).resolves.toBeUndefined();
    await expect(adapter('wrong').verify()).rejects.toMatchObject({
      kind: 'credential',
      message: 'Invalid API token.',
    });
  });

  it('lists regions, and the plans offered in one by monthly cost', async () => {
    expect(await adapter().listRegions()).toEqual([
      { id: 'ewr', name: 'New Jersey', country: 'US' },
      { id: 'fra', name: 'Frankfurt', country: 'DE' },
      { id: 'sgp', name: 'Singapore', country: 'SG' },
    ]);
    expect(
      (await adapter().listPlans('sgp')).map((plan) => [plan.id, plan.price_monthly, plan.currency]),
    ).toEqual([
      ['vc2-1c-1gb', 5, 'USD'],
      ['vhf-1c-1gb', 6, 'USD'],
    ]);
  });

  it('creates a tagged instance with base64 user_data; 0.0.0.0 is no address yet', async () => {
    const keyId = await adapter().createSshKey('hostdeck-server-7', KEY);
    const created = await adapter().createMachine({
      serverId: 7,
      name: 'web-1',
      region: 'fra',
      plan: 'vc2-1c-1gb',
      userData: cloudInitUserData(KEY),
      sshKeyIds: [keyId],
    });
    expect(created).toMatchObject({ state: 'creating', ipv4: null, hostdeckLabel: '7' });
    const sent = fake.requests.find((request) => request.method === 'POST' && request.path === '/instances')!;
    const body = sent.body as { user_data: string; tags: string[]; sshkey_id: string[] };
    expect(Buffer.from(body.user_data, 'base64').toString('utf8')).toContain(KEY);
    expect(body.tags).toEqual(['hostdeck', 'hostdeck:7']);
    expect(body.sshkey_id).toEqual([keyId]);
    expect(await adapter().getMachine(created.id)).toMatchObject({ state: 'running', ipv4: '203.0.113.50' });
    expect((await adapter().listMachines()).find((machine) => machine.name === 'staging')).toMatchObject({
      hostdeckLabel: null,
      state: 'other',
    });
    await adapter().deleteMachine(created.id);
    expect(await adapter().getMachine(created.id)).toBeNull();
  });

  it('maps an invalid plan and the monthly fee limit (both 400) to refused and quota', async () => {
    const request = {
      serverId: 8,
      name: 'x',
      region: 'fra',
      plan: 'nope',
      userData: cloudInitUserData(KEY),
      sshKeyIds: [],
    };
    fake.failNext({
      provider: 'vultr',
      method: 'POST',
      path: /^\/instances$/,
      status: 400,
      fixture: 'vultr-error-invalid-plan.json',
    });
    await expect(adapter().createMachine(request)).rejects.toMatchObject({
      kind: 'refused',
      message: 'Invalid plan chosen.',
    });
    fake.failNext({
      provider: 'vultr',
      method: 'POST',
      path: /^\/instances$/,
      status: 400,
      fixture: 'vultr-error-monthly-limit.json',
    });
    await expect(adapter().createMachine(request)).rejects.toMatchObject({
      kind: 'quota',
      message: expect.stringContaining('maximum monthly fee limit') as unknown as string,
    });
  });
});
