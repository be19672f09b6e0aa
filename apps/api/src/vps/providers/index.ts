import type { VpsProviderSlug } from '@hostdeck/contracts/vps';
import type { VpsProviderAdapter } from '../vps-provider.js';
import { createDigitalOceanVpsAdapter } from './digitalocean.js';
import { createHetznerAdapter } from './hetzner.js';
import { createVultrAdapter } from './vultr.js';

/** The API roots of the providers (config HETZNER_API_URL, DIGITALOCEAN_API_URL, VULTR_API_URL). */
export type VpsProviderUrls = Record<VpsProviderSlug, string>;

/** Builds a provider's adapter for a token. Adding a provider is one file and one line here. */
export function createVpsAdapter(
  provider: VpsProviderSlug,
  token: string,
  urls: VpsProviderUrls,
): VpsProviderAdapter {
  switch (provider) {
    case 'hetzner':
      return createHetznerAdapter({ baseUrl: urls.hetzner, token });
    case 'digitalocean':
      return createDigitalOceanVpsAdapter({ baseUrl: urls.digitalocean, token });
    case 'vultr':
      return createVultrAdapter({ baseUrl: urls.vultr, token });
  }
}
