import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_VPS_TOKENS, startVpsProviderFake, type VpsProviderFake } from '../testing/vps-provider-fake.js';
import { cloudInitUserData } from '../vps-provider.js';
import { createHetznerAdapter } from './hetzner.js';

const KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGzRmZpVvPz3b4Zw3kVnNq7y5S0Vq0x9y1m2n3o4p5q6 hostdeck-server-7';

/** The Hetzner Cloud adapter against recorded answers of its API (testing/recordings/hetzner-*.json). */
describe('Hetzner Cloud adapter', () => {
  let fake: VpsProviderFake;
  const adapter = (token: string = FAKE_VPS_TOKENS.hetzner) =>
    createHetznerAdapter({ baseUrl: fake.urls.hetzner, token });

  beforeAll(async () => {
    fake = await startVpsProviderFake();
  });
  afterAll(async () => fake.close());

  it('verifies a token, and says why Hetzner refused one', async () => {
    await expect(adapter().verify()).resolves.toBeUndefined();
    await expect(adapter('wrong').verify()).rejects.toMatchObject({
      kind: 'credential',
      message: 'unable to authenticate',
    });
  });

  it('lists locations, and the non-deprecated server types of one with their monthly gross price', async () => {
    expect(await adapter().listRegions()).toEqual([
      { id: 'fsn1', name: 'Falkenstein DC Park 1', country: 'DE' },
      { id: 'nbg1', name: 'Nuremberg DC Park 1', country: 'DE' },
      { id: 'ash', name: 'Ashburn, VA', country: 'US' },
    ]);
    expect(await adapter().listPlans('fsn1')).toEqual([
      {
        id: 'cx22',
        name: 'CX22',
        vcpus: 2,
        memory_mb: 4096,
        disk_gb: 40,
        price_monthly: 4.51,
        currency: 'EUR',
      },
      {
        id: 'cx32',
        name: 'CX32',
        vcpus: 4,
        memory_mb: 8192,
        disk_gb: 80,
        price_monthly: 8.09,
        currency: 'EUR',
      },
    ]);
    expect((await adapter().listPlans('nbg1')).map((plan) => plan.id)).toEqual(['cx22']);
  });

  it('creates a labelled server with the key in user_data and as an SSH key, reads and deletes it', async () => {
    const keyId = await adapter().createSshKey('hostdeck-server-7', KEY);
    const created = await adapter().createMachine({
      serverId: 7,
      name: 'web-1',
      region: 'fsn1',
      plan: 'cx22',
      userData: cloudInitUserData(KEY),
      sshKeyIds: [keyId],
    });
    expect(created).toMatchObject({ name: 'web-1', hostdeckLabel: '7', region: 'fsn1' });
    const sent = fake.requests.find((request) => request.method === 'POST' && request.path === '/servers')!;
    expect(sent.body).toMatchObject({
      server_type: 'cx22',
      location: 'fsn1',
      labels: { hostdeck: '7' },
      ssh_keys: [Number(keyId)],
    });
    expect(String((sent.body as { user_data: string }).user_data)).toContain(KEY);
    expect(await adapter().getMachine(created.id)).toMatchObject({ state: 'running', ipv4: '203.0.113.50' });
    const all = await adapter().listMachines();
    expect(all.find((machine) => machine.name === 'legacy-mail')).toMatchObject({
      hostdeckLabel: null,
      state: 'other',
      status: 'off',
    });
    await adapter().deleteMachine(created.id);
    expect(await adapter().getMachine(created.id)).toBeNull();
    await expect(adapter().deleteMachine(created.id)).resolves.toBeUndefined();
  });

  it("maps invalid input, the server limit and rate limits to their kinds with Hetzner's words", async () => {
    const request = {
      serverId: 8,
      name: 'x',
      region: 'fsn1',
      plan: 'cx999',
      userData: cloudInitUserData(KEY),
      sshKeyIds: [],
    };
    fake.failNext({
      provider: 'hetzner',
      method: 'POST',
      path: /^\/servers$/,
      status: 400,
      fixture: 'hetzner-error-invalid-input.json',
    });
    await expect(adapter().createMachine(request)).rejects.toMatchObject({
      kind: 'refused',
      message: "invalid input in field 'server_type'",
    });
    fake.failNext({
      provider: 'hetzner',
      method: 'POST',
      path: /^\/servers$/,
      status: 403,
      fixture: 'hetzner-error-resource-limit.json',
    });
    await expect(adapter().createMachine(request)).rejects.toMatchObject({
      kind: 'quota',
      message: 'server limit exceeded',
    });
    fake.failNext({
      provider: 'hetzner',
      path: /^\/locations/,
      status: 429,
      fixture: 'hetzner-error-rate-limit.json',
    });
    await expect(adapter().listRegions()).rejects.toMatchObject({ kind: 'rate-limited' });
  });
});
