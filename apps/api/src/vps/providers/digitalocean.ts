import type { VpsPlan, VpsRegion } from '@hostdeck/contracts/vps';
import {
  asArray,
  asNumber,
  asObject,
  asString,
  createVpsHttp,
  retryAfterOf,
  unexpected,
  type Json,
  type VpsResponse,
} from '../provider-http.js';
import {
  HOSTDECK_LABEL,
  serverIdOfTags,
  VpsProviderError,
  type ProviderMachine,
  type VpsProviderAdapter,
} from '../vps-provider.js';

/** The image new droplets start from (DigitalOcean's image slug). */
export const DIGITALOCEAN_IMAGE = 'ubuntu-24-04-x64';

/**
 * DigitalOcean API v2 (https://docs.digitalocean.com/reference/api/): `{id, message}` errors,
 * paging by `links.pages.next` (read as a page number, never followed to the host it names), tags
 * `hostdeck` and `hostdeck:<server id>`. Prices are in US dollars.
 */
export function createDigitalOceanVpsAdapter(options: {
  baseUrl: string;
  token: string;
}): VpsProviderAdapter {
  const http = createVpsHttp(options);

  function failure(response: VpsResponse): VpsProviderError {
    const body = asObject(response.body);
    const id = asString(body.id) ?? '';
    const message = asString(body.message) ?? `HTTP ${response.status}`;
    if (response.status === 401) return new VpsProviderError('credential', message);
    if (response.status === 429)
      return new VpsProviderError('rate-limited', message, retryAfterOf(response.headers));
    // "creating this/these droplet(s) will exceed your droplet limit" (422).
    if (/droplet limit|exceed.*limit/i.test(message)) return new VpsProviderError('quota', message);
    if (response.status === 404 || id === 'not_found') return new VpsProviderError('not-found', message);
    if (response.status >= 500) return new VpsProviderError('unreachable', message);
    return new VpsProviderError('refused', message);
  }

  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Json> {
    const response = await http(method, path, body);
    if (response.status >= 300) throw failure(response);
    return asObject(response.body);
  }

  async function all(path: string, key: string): Promise<unknown[]> {
    const items: unknown[] = [];
    for (let page: number | null = 1; page !== null;) {
      const separator = path.includes('?') ? '&' : '?';
      const body = await call('GET', `${path}${separator}page=${page}&per_page=200`);
      items.push(...asArray(body[key]));
      const next = asString(asObject(asObject(body.links).pages).next);
      const number = next ? Number(/[?&]page=(\d+)/.exec(next)?.[1]) : NaN;
      page = Number.isInteger(number) && number > page ? number : null;
    }
    return items;
  }

  function machineOf(value: unknown): ProviderMachine {
    const droplet = asObject(value);
    const id = asString(droplet.id);
    if (!id) throw unexpected('a droplet without an id');
    const status = asString(droplet.status) ?? 'unknown';
    const publicV4 = asArray(asObject(droplet.networks).v4)
      .map(asObject)
      .find((network) => network.type === 'public');
    return {
      id,
      name: asString(droplet.name) ?? id,
      status,
      state: status === 'active' ? 'running' : status === 'new' ? 'creating' : 'other',
      ipv4: publicV4 ? asString(publicV4.ip_address) : null,
      region: asString(asObject(droplet.region).slug),
      hostdeckLabel: serverIdOfTags(
        asArray(droplet.tags).filter((tag): tag is string => typeof tag === 'string'),
      ),
    };
  }

  return {
    async verify() {
      const account = asObject((await call('GET', '/account')).account);
      if (account.status && account.status !== 'active')
        throw new VpsProviderError('credential', `account status: ${asString(account.status)}`);
    },

    async listRegions(): Promise<VpsRegion[]> {
      return (await all('/regions', 'regions'))
        .map(asObject)
        .filter((region) => region.available !== false)
        .map((region) => {
          const id = asString(region.slug);
          if (!id) throw unexpected('a region without a slug');
          return { id, name: asString(region.name) ?? id, country: null };
        });
    },

    async listPlans(region: string): Promise<VpsPlan[]> {
      return (await all('/sizes', 'sizes'))
        .map(asObject)
        .filter((size) => size.available !== false && asArray(size.regions).includes(region))
        .map((size) => {
          const id = asString(size.slug);
          if (!id) throw unexpected('a size without a slug');
          return {
            id,
            name: asString(size.description) ? `${asString(size.description)} ${id}` : id,
            vcpus: asNumber(size.vcpus),
            memory_mb: asNumber(size.memory),
            disk_gb: asNumber(size.disk),
            price_monthly: asNumber(size.price_monthly),
            currency: 'USD',
          };
        })
        .sort((a, b) => a.price_monthly - b.price_monthly);
    },

    async createSshKey(name, publicKey) {
      const body = await call('POST', '/account/keys', { name, public_key: publicKey });
      const id = asString(asObject(body.ssh_key).id);
      if (!id) throw unexpected('an SSH key without an id');
      return id;
    },

    async deleteSshKey(id) {
      try {
        await call('DELETE', `/account/keys/${encodeURIComponent(id)}`);
      } catch (error) {
        if (!(error instanceof VpsProviderError && error.kind === 'not-found')) throw error;
      }
    },

    async createMachine(request) {
      const body = await call('POST', '/droplets', {
        name: request.name,
        region: request.region,
        size: request.plan,
        image: DIGITALOCEAN_IMAGE,
        ssh_keys: request.sshKeyIds.map(Number),
        user_data: request.userData,
        ipv6: true,
        tags: [HOSTDECK_LABEL, `${HOSTDECK_LABEL}:${request.serverId}`],
      });
      return machineOf(body.droplet);
    },

    async getMachine(id) {
      try {
        return machineOf((await call('GET', `/droplets/${encodeURIComponent(id)}`)).droplet);
      } catch (error) {
        if (error instanceof VpsProviderError && error.kind === 'not-found') return null;
        throw error;
      }
    },

    async listMachines() {
      return (await all('/droplets', 'droplets')).map(machineOf);
    },

    async deleteMachine(id) {
      try {
        await call('DELETE', `/droplets/${encodeURIComponent(id)}`);
      } catch (error) {
        if (!(error instanceof VpsProviderError && error.kind === 'not-found')) throw error;
      }
    },
  };
}
