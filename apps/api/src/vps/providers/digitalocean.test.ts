import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_VPS_TOKENS, startVpsProviderFake, type VpsProviderFake } from '../testing/vps-provider-fake.js';
import { cloudInitUserData } from '../vps-provider.js';
import { createDigitalOceanVpsAdapter } from './digitalocean.js';

const KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGzRmZpVvPz3b4Zw3kVnNq7y5S0Vq0x9y1m2n3o4p5q6 hostdeck-server-7';

/** The DigitalOcean droplets adapter against recorded answers of API v2 (testing/recordings/digitalocean-*.json). */
describe('DigitalOcean VPS adapter', () => {
  let fake: VpsProviderFake;
  const adapter = (token: string = FAKE_VPS_TOKENS.digitalocean) =>
    createDigitalOceanVpsAdapter({ baseUrl: fake.urls.digitalocean, token });

  beforeAll(async () => {
    fake = await startVpsProviderFake();
  });
  afterAll(async () => fake.close());

  it('verifies a token with the account, and says why DigitalOcean refused one', async () => {
    await expect(adapter().verify()).resolves.toBeUndefined();
    await expect(adapter('dop_v1_wrong').verify()).rejects.toMatchObject({
      kind: 'credential',
      message: 'Unable to authenticate you',
    });
  });

  it('lists the available regions, and the sizes of one by price in dollars', async () => {
    expect(await adapter().listRegions()).toEqual([
      { id: 'nyc3', name: 'New York 3', country: null },
      { id: 'fra1', name: 'Frankfurt 1', country: null },
    ]);
    expect(await adapter().listPlans('fra1')).toEqual([
      {
        id: 's-1vcpu-1gb',
        name: 'Basic s-1vcpu-1gb',
        vcpus: 1,
        memory_mb: 1024,
        disk_gb: 25,
        price_monthly: 6,
        currency: 'USD',
      },
      {
        id: 's-2vcpu-4gb',
        name: 'Basic s-2vcpu-4gb',
        vcpus: 2,
        memory_mb: 4096,
        disk_gb: 80,
        price_monthly: 24,
        currency: 'USD',
      },
    ]);
  });

  it('creates a tagged droplet, reads its public address, lists and deletes it', async () => {
    const keyId = await adapter().createSshKey('hostdeck-server-7', KEY);
    const created = await adapter().createMachine({
      serverId: 7,
      name: 'web-1',
      region: 'fra1',
      plan: 's-1vcpu-1gb',
      userData: cloudInitUserData(KEY),
      sshKeyIds: [keyId],
    });
    expect(created).toMatchObject({ state: 'creating', status: 'new', ipv4: null, hostdeckLabel: '7' });
    const sent = fake.requests.find((request) => request.method === 'POST' && request.path === '/droplets')!;
    expect(sent.body).toMatchObject({
      size: 's-1vcpu-1gb',
      tags: ['hostdeck', 'hostdeck:7'],
      ssh_keys: [Number(keyId)],
    });
    expect(await adapter().getMachine(created.id)).toMatchObject({ state: 'running', ipv4: '203.0.113.50' });
    const listed = await adapter().listMachines();
    expect(listed.find((machine) => machine.name === 'old-db')).toMatchObject({
      hostdeckLabel: null,
      status: 'off',
    });
    await adapter().deleteMachine(created.id);
    expect(await adapter().getMachine(created.id)).toBeNull();
  });

  it('maps an invalid size and the droplet limit (both 422) to refused and quota', async () => {
    const request = {
      serverId: 8,
      name: 'x',
      region: 'fra1',
      plan: 'nope',
      userData: cloudInitUserData(KEY),
      sshKeyIds: [],
    };
    fake.failNext({
      provider: 'digitalocean',
      method: 'POST',
      path: /^\/droplets$/,
      status: 422,
      fixture: 'digitalocean-error-invalid-size.json',
    });
    await expect(adapter().createMachine(request)).rejects.toMatchObject({
      kind: 'refused',
      message: 'You specified an invalid size for Droplet creation.',
    });
    fake.failNext({
      provider: 'digitalocean',
      method: 'POST',
      path: /^\/droplets$/,
      status: 422,
      fixture: 'digitalocean-error-droplet-limit.json',
    });
    await expect(adapter().createMachine(request)).rejects.toMatchObject({
      kind: 'quota',
      message: 'creating this/these droplet(s) will exceed your droplet limit',
    });
  });
});
