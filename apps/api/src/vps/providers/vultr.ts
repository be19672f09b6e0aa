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

/** Ubuntu 24.04 LTS x64 in Vultr's OS list (GET /os). */
export const VULTR_OS_ID = 2284;

/**
 * Vultr API v2 (https://www.vultr.com/api/): `{error, status}` errors, cursor paging by
 * `meta.links.next`, tags `hostdeck` and `hostdeck:<server id>`, `user_data` in base64. A new
 * instance's `main_ip` is `0.0.0.0` until it has one. Prices are in US dollars.
 */
export function createVultrAdapter(options: { baseUrl: string; token: string }): VpsProviderAdapter {
  const http = createVpsHttp(options);

  function failure(response: VpsResponse): VpsProviderError {
    const body = asObject(response.body);
    const message = asString(body.error) ?? `HTTP ${response.status}`;
    if (response.status === 401 || response.status === 403)
      return new VpsProviderError('credential', message);
    if (response.status === 429)
      return new VpsProviderError('rate-limited', message, retryAfterOf(response.headers));
    // "…reached the maximum monthly fee limit…", "…maximum number of active instances…" (400).
    if (/limit|maximum number/i.test(message)) return new VpsProviderError('quota', message);
    if (response.status === 404) return new VpsProviderError('not-found', message);
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
    let cursor = '';
    for (let pages = 0; pages < 100; pages += 1) {
      const separator = path.includes('?') ? '&' : '?';
      const query = `per_page=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const body = await call('GET', `${path}${separator}${query}`);
      items.push(...asArray(body[key]));
      cursor = asString(asObject(asObject(body.meta).links).next) ?? '';
      if (!cursor) break;
    }
    return items;
  }

  function machineOf(value: unknown): ProviderMachine {
    const instance = asObject(value);
    const id = asString(instance.id);
    if (!id) throw unexpected('an instance without an id');
    const status = asString(instance.status) ?? 'unknown';
    const power = asString(instance.power_status);
    const ip = asString(instance.main_ip);
    return {
      id,
      name: asString(instance.label) ?? id,
      status: power ? `${status}/${power}` : status,
      state:
        status === 'active' && power === 'running' ? 'running' : status === 'pending' ? 'creating' : 'other',
      ipv4: ip && ip !== '0.0.0.0' ? ip : null,
      region: asString(instance.region),
      hostdeckLabel: serverIdOfTags(
        asArray(instance.tags).filter((tag): tag is string => typeof tag === 'string'),
      ),
    };
  }

  return {
    async verify() {
      await call('GET', '/account');
    },

    async listRegions(): Promise<VpsRegion[]> {
      return (await all('/regions', 'regions')).map((value) => {
        const region = asObject(value);
        const id = asString(region.id);
        if (!id) throw unexpected('a region without an id');
        return { id, name: asString(region.city) ?? id, country: asString(region.country) };
      });
    },

    async listPlans(region: string): Promise<VpsPlan[]> {
      return (await all('/plans?type=all', 'plans'))
        .map(asObject)
        .filter((plan) => asArray(plan.locations).includes(region))
        .map((plan) => {
          const id = asString(plan.id);
          if (!id) throw unexpected('a plan without an id');
          return {
            id,
            name: id,
            vcpus: asNumber(plan.vcpu_count),
            memory_mb: asNumber(plan.ram),
            disk_gb: asNumber(plan.disk),
            price_monthly: asNumber(plan.monthly_cost),
            currency: 'USD',
          };
        })
        .sort((a, b) => a.price_monthly - b.price_monthly);
    },

    async createSshKey(name, publicKey) {
      const body = await call('POST', '/ssh-keys', { name, ssh_key: publicKey });
      const id = asString(asObject(body.ssh_key).id);
      if (!id) throw unexpected('an SSH key without an id');
      return id;
    },

    async deleteSshKey(id) {
      try {
        await call('DELETE', `/ssh-keys/${encodeURIComponent(id)}`);
      } catch (error) {
        if (!(error instanceof VpsProviderError && error.kind === 'not-found')) throw error;
      }
    },

    async createMachine(request) {
      const body = await call('POST', '/instances', {
        region: request.region,
        plan: request.plan,
        os_id: VULTR_OS_ID,
        label: request.name,
        hostname: request.name,
        sshkey_id: request.sshKeyIds,
        user_data: Buffer.from(request.userData, 'utf8').toString('base64'),
        enable_ipv6: true,
        tags: [HOSTDECK_LABEL, `${HOSTDECK_LABEL}:${request.serverId}`],
      });
      return machineOf(body.instance);
    },

    async getMachine(id) {
      try {
        return machineOf((await call('GET', `/instances/${encodeURIComponent(id)}`)).instance);
      } catch (error) {
        if (error instanceof VpsProviderError && error.kind === 'not-found') return null;
        throw error;
      }
    },

    async listMachines() {
      return (await all('/instances', 'instances')).map(machineOf);
    },

    async deleteMachine(id) {
      try {
        await call('DELETE', `/instances/${encodeURIComponent(id)}`);
      } catch (error) {
        if (!(error instanceof VpsProviderError && error.kind === 'not-found')) throw error;
      }
    },
  };
}
