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
  VpsProviderError,
  type ProviderMachine,
  type VpsProviderAdapter,
} from '../vps-provider.js';

/** The image new machines start from (Hetzner's image name). */
export const HETZNER_IMAGE = 'ubuntu-24.04';

/**
 * Hetzner Cloud API v1 (https://docs.hetzner.cloud): `{error: {code, message}}` errors, paging by
 * `meta.pagination.next_page`, labels as a map (`hostdeck=<server id>`). Prices are in euros.
 */
export function createHetznerAdapter(options: { baseUrl: string; token: string }): VpsProviderAdapter {
  const http = createVpsHttp(options);

  function failure(response: VpsResponse): VpsProviderError {
    const error = asObject(asObject(response.body).error);
    const code = asString(error.code) ?? '';
    const message = asString(error.message) ?? `HTTP ${response.status}`;
    if (response.status === 401 || code === 'unauthorized')
      return new VpsProviderError('credential', message);
    if (code === 'resource_limit_exceeded') return new VpsProviderError('quota', message);
    if (response.status === 429 || code === 'rate_limit_exceeded')
      return new VpsProviderError('rate-limited', message, retryAfterOf(response.headers));
    if (response.status === 404 || code === 'not_found') return new VpsProviderError('not-found', message);
    if (response.status >= 500) return new VpsProviderError('unreachable', message);
    return new VpsProviderError('refused', message);
  }

  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Json> {
    const response = await http(method, path, body);
    if (response.status >= 300) throw failure(response);
    return asObject(response.body);
  }

  /** Every page of a list (`key` is the list's field). */
  async function all(path: string, key: string): Promise<unknown[]> {
    const items: unknown[] = [];
    for (let page: number | null = 1; page !== null;) {
      const separator = path.includes('?') ? '&' : '?';
      const body = await call('GET', `${path}${separator}page=${page}&per_page=50`);
      items.push(...asArray(body[key]));
      const next = asObject(asObject(body.meta).pagination).next_page;
      page = typeof next === 'number' && next > page ? next : null;
    }
    return items;
  }

  function machineOf(value: unknown): ProviderMachine {
    const server = asObject(value);
    const id = asString(server.id);
    if (!id) throw unexpected('a server without an id');
    const status = asString(server.status) ?? 'unknown';
    const labels = asObject(server.labels);
    return {
      id,
      name: asString(server.name) ?? id,
      status,
      state:
        status === 'running'
          ? 'running'
          : status === 'initializing' || status === 'starting'
            ? 'creating'
            : 'other',
      ipv4: asString(asObject(asObject(server.public_net).ipv4).ip),
      region: asString(asObject(asObject(server.datacenter).location).name),
      hostdeckLabel: HOSTDECK_LABEL in labels ? (asString(labels[HOSTDECK_LABEL]) ?? '') : null,
    };
  }

  return {
    async verify() {
      // The cheapest call that needs a valid token of a project: one location.
      await call('GET', '/locations?per_page=1');
    },

    async listRegions(): Promise<VpsRegion[]> {
      return (await all('/locations', 'locations')).map((value) => {
        const location = asObject(value);
        const id = asString(location.name);
        if (!id) throw unexpected('a location without a name');
        return {
          id,
          name: asString(location.description) ?? asString(location.city) ?? id,
          country: asString(location.country),
        };
      });
    },

    async listPlans(region: string): Promise<VpsPlan[]> {
      const plans: VpsPlan[] = [];
      for (const value of await all('/server_types', 'server_types')) {
        const type = asObject(value);
        if (type.deprecated === true || asObject(type.deprecation).unavailable_after) continue;
        const price = asArray(type.prices)
          .map(asObject)
          .find((entry) => entry.location === region);
        if (!price) continue;
        const monthly = asNumber(asObject(price.price_monthly).gross);
        const id = asString(type.name);
        if (!id || Number.isNaN(monthly)) continue;
        plans.push({
          id,
          name: (asString(type.description) ?? id).toUpperCase(),
          vcpus: asNumber(type.cores),
          memory_mb: Math.round(asNumber(type.memory) * 1024),
          disk_gb: asNumber(type.disk),
          price_monthly: Math.round(monthly * 100) / 100,
          currency: 'EUR',
        });
      }
      return plans.sort((a, b) => a.price_monthly - b.price_monthly);
    },

    async createSshKey(name, publicKey) {
      const body = await call('POST', '/ssh_keys', {
        name,
        public_key: publicKey,
        labels: { [HOSTDECK_LABEL]: '' },
      });
      const id = asString(asObject(body.ssh_key).id);
      if (!id) throw unexpected('an SSH key without an id');
      return id;
    },

    async deleteSshKey(id) {
      try {
        await call('DELETE', `/ssh_keys/${encodeURIComponent(id)}`);
      } catch (error) {
        if (!(error instanceof VpsProviderError && error.kind === 'not-found')) throw error;
      }
    },

    async createMachine(request) {
      const body = await call('POST', '/servers', {
        name: request.name,
        server_type: request.plan,
        location: request.region,
        image: HETZNER_IMAGE,
        ssh_keys: request.sshKeyIds.map(Number),
        user_data: request.userData,
        labels: { [HOSTDECK_LABEL]: String(request.serverId) },
        start_after_create: true,
        public_net: { enable_ipv4: true, enable_ipv6: true },
      });
      return machineOf(body.server);
    },

    async getMachine(id) {
      try {
        return machineOf((await call('GET', `/servers/${encodeURIComponent(id)}`)).server);
      } catch (error) {
        if (error instanceof VpsProviderError && error.kind === 'not-found') return null;
        throw error;
      }
    },

    async listMachines() {
      return (await all('/servers', 'servers')).map(machineOf);
    },

    async deleteMachine(id) {
      try {
        await call('DELETE', `/servers/${encodeURIComponent(id)}`);
      } catch (error) {
        if (!(error instanceof VpsProviderError && error.kind === 'not-found')) throw error;
      }
    },
  };
}
