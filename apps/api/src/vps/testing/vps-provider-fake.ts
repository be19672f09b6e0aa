import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { publicKeyOfUserData } from '../vps-provider.js';

/**
 * A local HTTP fake of the VPS providers' APIs (issue 23, docs/vps.md), for tests that cannot reach
 * the real ones. It answers in each provider's own shapes, from the recorded answers in
 * recordings/: regions and plans as recorded, machines kept in memory (seeded with the recorded
 * lists) and changed by the calls. Creating a machine calls `onCreate` with the public key its
 * cloud-init user_data installs; until that resolves with an address the machine is
 * `initializing`/`new`/`pending`, then `running`/`active` at that address (what a real provider
 * reports once it booted). Errors are recorded bodies, answered when a test asks (`failNext`).
 *
 * Hetzner under `/hetzner/v1`, DigitalOcean under `/digitalocean/v2`, Vultr under `/vultr/v2`
 * (HETZNER_API_URL, DIGITALOCEAN_API_URL, VULTR_API_URL point there).
 */

const RECORDINGS = new URL('./recordings/', import.meta.url);
export function vpsRecording<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, RECORDINGS), 'utf8')) as T;
}

export const FAKE_VPS_TOKENS = {
  hetzner: 'hcloud-recorded-token-0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdef',
  digitalocean: 'dop_v1_recorded_vps_0123456789abcdef',
  vultr: 'VULTRRECORDEDTOKEN0123456789ABCDEF',
} as const;

type Provider = keyof typeof FAKE_VPS_TOKENS;
type Json = Record<string, unknown>;

export interface FakeMachine {
  provider: Provider;
  id: string;
  name: string;
  region: string;
  plan: string;
  running: boolean;
  /** Switched off (a recorded machine): `off` at Hetzner and DigitalOcean, `stopped` at Vultr. */
  stopped?: boolean;
  ip: string | null;
  /** Hetzner's labels, or the tags of DigitalOcean and Vultr as `{tag: ''}`. */
  labels: Record<string, string>;
  userData: string;
  sshKeyIds: string[];
}

export interface FakeFailure {
  provider: Provider;
  method?: string;
  path: RegExp;
  status: number;
  fixture: string;
  times?: number;
}

export interface CreatedMachine {
  provider: Provider;
  id: string;
  name: string;
  /** The key cloud-init would install for root (from user_data), or null. */
  publicKey: string | null;
}

export interface VpsProviderFake {
  urls: Record<Provider, string>;
  machines: Map<string, FakeMachine>;
  requests: { provider: Provider; method: string; path: string; body: unknown }[];
  failNext(failure: FakeFailure): void;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
}

/** The recorded lists' machines, as the fake keeps them. */
function seededMachines(): FakeMachine[] {
  const hetzner = vpsRecording<{ servers: Json[] }>('hetzner-servers.json').servers.map((server) => ({
    provider: 'hetzner' as const,
    id: String(server.id),
    name: String(server.name),
    region: 'fsn1',
    plan: 'cx22',
    running: server.status === 'running',
    stopped: server.status === 'off',
    ip: ((server.public_net as Json).ipv4 as Json | null)?.ip as string,
    labels: server.labels as Record<string, string>,
    userData: '',
    sshKeyIds: [],
  }));
  const tagsOf = (tags: unknown) => Object.fromEntries((tags as string[]).map((tag) => [tag, '']));
  const digitalocean = vpsRecording<{ droplets: Json[] }>('digitalocean-droplets.json').droplets.map(
    (droplet) => ({
      provider: 'digitalocean' as const,
      id: String(droplet.id),
      name: String(droplet.name),
      region: (droplet.region as Json).slug as string,
      plan: 's-1vcpu-1gb',
      running: droplet.status === 'active',
      stopped: droplet.status === 'off',
      ip: (((droplet.networks as Json).v4 as Json[])[0]?.ip_address as string) ?? null,
      labels: tagsOf(droplet.tags),
      userData: '',
      sshKeyIds: [],
    }),
  );
  const vultr = vpsRecording<{ instances: Json[] }>('vultr-instances.json').instances.map((instance) => ({
    provider: 'vultr' as const,
    id: String(instance.id),
    name: String(instance.label),
    region: String(instance.region),
    plan: String(instance.plan),
    running: instance.power_status === 'running',
    stopped: instance.power_status === 'stopped',
    ip: String(instance.main_ip),
    labels: tagsOf(instance.tags),
    userData: '',
    sshKeyIds: [],
  }));
  return [...hetzner, ...digitalocean, ...vultr];
}

export async function startVpsProviderFake(
  options: {
    port?: number;
    /** Boots the machine (a test server) and answers its address; absent: running at once. */
    onCreate?: (machine: CreatedMachine) => Promise<{ ip: string }>;
    /** Called when a machine is deleted (the test stops its test server). */
    onDelete?: (machine: FakeMachine) => Promise<void>;
  } = {},
): Promise<VpsProviderFake> {
  const machines = new Map<string, FakeMachine>(
    seededMachines().map((machine) => [`${machine.provider}:${machine.id}`, machine]),
  );
  const requests: VpsProviderFake['requests'] = [];
  const failures: (FakeFailure & { left: number })[] = [];
  let nextId = 1000;

  function render(machine: FakeMachine): Json {
    const tags = Object.keys(machine.labels);
    switch (machine.provider) {
      case 'hetzner': {
        const template = vpsRecording<{ server: Json }>('hetzner-server.json').server;
        return {
          ...template,
          id: Number(machine.id),
          name: machine.name,
          status: machine.stopped ? 'off' : machine.running ? 'running' : 'initializing',
          public_net: {
            ...(template.public_net as Json),
            ipv4: machine.ip ? { id: Number(machine.id) + 1, ip: machine.ip, blocked: false } : null,
          },
          datacenter: { ...(template.datacenter as Json), location: { id: 1, name: machine.region } },
          labels: machine.labels,
        };
      }
      case 'digitalocean': {
        const template = vpsRecording<{ droplet: Json }>('digitalocean-droplet.json').droplet;
        return {
          ...template,
          id: Number(machine.id),
          name: machine.name,
          status: machine.stopped ? 'off' : machine.running ? 'active' : 'new',
          networks: {
            v4: machine.ip
              ? [{ ip_address: machine.ip, netmask: '255.255.255.0', gateway: '', type: 'public' }]
              : [],
            v6: [],
          },
          region: { name: machine.region, slug: machine.region },
          tags,
        };
      }
      case 'vultr': {
        const template = vpsRecording<{ instance: Json }>('vultr-instance.json').instance;
        return {
          ...template,
          id: machine.id,
          label: machine.name,
          status: machine.running || machine.stopped ? 'active' : 'pending',
          power_status: machine.stopped ? 'stopped' : 'running',
          main_ip: machine.ip ?? '0.0.0.0',
          region: machine.region,
          plan: machine.plan,
          tags,
        };
      }
    }
  }

  function create(provider: Provider, fields: Omit<FakeMachine, 'provider' | 'id' | 'running' | 'ip'>) {
    const id =
      provider === 'vultr'
        ? `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`
        : String(nextId++);
    const machine: FakeMachine = { provider, id, running: false, ip: null, ...fields };
    machines.set(`${provider}:${id}`, machine);
    const boot = options.onCreate
      ? options.onCreate({
          provider,
          id,
          name: machine.name,
          publicKey: publicKeyOfUserData(machine.userData),
        })
      : Promise.resolve({ ip: '203.0.113.50' });
    boot.then(
      ({ ip }) => {
        machine.ip = ip;
        machine.running = true;
      },
      () => {},
    );
    return machine;
  }

  async function remove(provider: Provider, id: string): Promise<boolean> {
    const machine = machines.get(`${provider}:${id}`);
    if (!machine) return false;
    machines.delete(`${provider}:${id}`);
    await options.onDelete?.(machine);
    return true;
  }

  const listOf = (provider: Provider) =>
    [...machines.values()].filter((machine) => machine.provider === provider);

  async function hetzner(method: string, path: string, body: Json, response: ServerResponse) {
    const route = path.split('?')[0]!;
    if (method === 'GET' && route === '/locations')
      return send(response, 200, vpsRecording('hetzner-locations.json'));
    if (method === 'GET' && route === '/server_types')
      return send(response, 200, vpsRecording('hetzner-server-types.json'));
    if (method === 'POST' && route === '/ssh_keys') {
      const key = vpsRecording<{ ssh_key: Json }>('hetzner-ssh-key-create.json').ssh_key;
      return send(response, 201, {
        ssh_key: { ...key, id: nextId++, name: body.name, public_key: body.public_key },
      });
    }
    if (method === 'DELETE' && /^\/ssh_keys\/\d+$/.test(route)) return send(response, 204);
    if (method === 'POST' && route === '/servers') {
      const machine = create('hetzner', {
        name: String(body.name),
        region: String(body.location),
        plan: String(body.server_type),
        labels: (body.labels as Record<string, string>) ?? {},
        userData: String(body.user_data ?? ''),
        sshKeyIds: ((body.ssh_keys as unknown[]) ?? []).map(String),
      });
      const recorded = vpsRecording<Json>('hetzner-server-create.json');
      return send(response, 201, { ...recorded, server: render(machine) });
    }
    if (method === 'GET' && route === '/servers')
      return send(response, 200, {
        servers: listOf('hetzner').map(render),
        meta: {
          pagination: {
            page: 1,
            per_page: 50,
            previous_page: null,
            next_page: null,
            last_page: 1,
            total_entries: listOf('hetzner').length,
          },
        },
      });
    const one = /^\/servers\/(\d+)$/.exec(route);
    if (one) {
      const machine = machines.get(`hetzner:${one[1]}`);
      if (!machine) return send(response, 404, vpsRecording('hetzner-error-not-found.json'));
      if (method === 'GET') return send(response, 200, { server: render(machine) });
      if (method === 'DELETE') {
        await remove('hetzner', machine.id);
        return send(response, 200, {
          action: { id: nextId++, command: 'delete_server', status: 'running', progress: 0 },
        });
      }
    }
    return send(response, 404, vpsRecording('hetzner-error-not-found.json'));
  }

  async function digitalocean(method: string, path: string, body: Json, response: ServerResponse) {
    const route = path.split('?')[0]!;
    if (method === 'GET' && route === '/account')
      return send(response, 200, vpsRecording('digitalocean-account.json'));
    if (method === 'GET' && route === '/regions')
      return send(response, 200, vpsRecording('digitalocean-regions.json'));
    if (method === 'GET' && route === '/sizes')
      return send(response, 200, vpsRecording('digitalocean-sizes.json'));
    if (method === 'POST' && route === '/account/keys') {
      const key = vpsRecording<{ ssh_key: Json }>('digitalocean-ssh-key-create.json').ssh_key;
      return send(response, 201, {
        ssh_key: { ...key, id: nextId++, name: body.name, public_key: body.public_key },
      });
    }
    if (method === 'DELETE' && /^\/account\/keys\/\d+$/.test(route)) return send(response, 204);
    if (method === 'POST' && route === '/droplets') {
      const machine = create('digitalocean', {
        name: String(body.name),
        region: String(body.region),
        plan: String(body.size),
        labels: Object.fromEntries(((body.tags as string[]) ?? []).map((tag) => [tag, ''])),
        userData: String(body.user_data ?? ''),
        sshKeyIds: ((body.ssh_keys as unknown[]) ?? []).map(String),
      });
      const recorded = vpsRecording<Json>('digitalocean-droplet-create.json');
      return send(response, 202, { ...recorded, droplet: render(machine) });
    }
    if (method === 'GET' && route === '/droplets')
      return send(response, 200, {
        droplets: listOf('digitalocean').map(render),
        links: {},
        meta: { total: listOf('digitalocean').length },
      });
    const one = /^\/droplets\/(\d+)$/.exec(route);
    if (one) {
      const machine = machines.get(`digitalocean:${one[1]}`);
      if (!machine) return send(response, 404, vpsRecording('digitalocean-error-not-found.json'));
      if (method === 'GET') return send(response, 200, { droplet: render(machine) });
      if (method === 'DELETE') {
        await remove('digitalocean', machine.id);
        return send(response, 204);
      }
    }
    return send(response, 404, vpsRecording('digitalocean-error-not-found.json'));
  }

  async function vultr(method: string, path: string, body: Json, response: ServerResponse) {
    const route = path.split('?')[0]!;
    if (method === 'GET' && route === '/account')
      return send(response, 200, vpsRecording('vultr-account.json'));
    if (method === 'GET' && route === '/regions')
      return send(response, 200, vpsRecording('vultr-regions.json'));
    if (method === 'GET' && route === '/plans') return send(response, 200, vpsRecording('vultr-plans.json'));
    if (method === 'POST' && route === '/ssh-keys') {
      const key = vpsRecording<{ ssh_key: Json }>('vultr-ssh-key-create.json').ssh_key;
      return send(response, 201, {
        ssh_key: { ...key, id: `key-${nextId++}`, name: body.name, ssh_key: body.ssh_key },
      });
    }
    if (method === 'DELETE' && /^\/ssh-keys\/[\w-]+$/.test(route)) return send(response, 204);
    if (method === 'POST' && route === '/instances') {
      const machine = create('vultr', {
        name: String(body.label),
        region: String(body.region),
        plan: String(body.plan),
        labels: Object.fromEntries(((body.tags as string[]) ?? []).map((tag) => [tag, ''])),
        userData: Buffer.from(String(body.user_data ?? ''), 'base64').toString('utf8'),
        sshKeyIds: ((body.sshkey_id as unknown[]) ?? []).map(String),
      });
      const recorded = vpsRecording<{ instance: Json }>('vultr-instance-create.json');
      return send(response, 202, {
        instance: { ...recorded.instance, ...render(machine), main_ip: '0.0.0.0' },
      });
    }
    if (method === 'GET' && route === '/instances')
      return send(response, 200, {
        instances: listOf('vultr').map(render),
        meta: { total: listOf('vultr').length, links: { next: '', prev: '' } },
      });
    const one = /^\/instances\/([\w-]+)$/.exec(route);
    if (one) {
      const machine = machines.get(`vultr:${one[1]}`);
      if (!machine) return send(response, 404, vpsRecording('vultr-error-not-found.json'));
      if (method === 'GET') return send(response, 200, { instance: render(machine) });
      if (method === 'DELETE') {
        await remove('vultr', machine.id);
        return send(response, 204);
      }
    }
    return send(response, 404, vpsRecording('vultr-error-not-found.json'));
  }

  const unauthorized: Record<Provider, string> = {
    hetzner: 'hetzner-error-unauthorized.json',
    digitalocean: 'digitalocean-error-unauthorized.json',
    vultr: 'vultr-error-unauthorized.json',
  };

  const server = createServer((request, response) => {
    void (async () => {
      if (request.url === '/health') return send(response, 200, { ok: true });
      const match = /^\/(hetzner|digitalocean|vultr)\/v[12](\/.*)$/.exec(request.url ?? '');
      if (!match) return send(response, 404, {});
      const provider = match[1] as Provider;
      const path = match[2]!;
      const method = request.method ?? 'GET';
      const body = ((await readBody(request)) ?? {}) as Json;
      requests.push({ provider, method, path, body });
      if (request.headers.authorization !== `Bearer ${FAKE_VPS_TOKENS[provider]}`)
        return send(response, 401, vpsRecording(unauthorized[provider]));
      const failure = failures.find(
        (candidate) =>
          candidate.left > 0 &&
          candidate.provider === provider &&
          (!candidate.method || candidate.method === method) &&
          candidate.path.test(path),
      );
      if (failure) {
        failure.left -= 1;
        return send(response, failure.status, vpsRecording(failure.fixture));
      }
      if (provider === 'hetzner') return hetzner(method, path, body, response);
      if (provider === 'digitalocean') return digitalocean(method, path, body, response);
      return vultr(method, path, body, response);
    })().catch((error: unknown) => send(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const root = `http://127.0.0.1:${port}`;
  return {
    urls: {
      hetzner: `${root}/hetzner/v1`,
      digitalocean: `${root}/digitalocean/v2`,
      vultr: `${root}/vultr/v2`,
    },
    machines,
    requests,
    failNext: (failure) => failures.push({ ...failure, left: failure.times ?? 1 }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
