import type { DnsProvider, DnsProviderField } from '@hostdeck/contracts/dns-providers';
import type { PanelServices } from '../../composition.js';
import type { DnsProviderAdapter, DnsZone } from '../dns-provider.js';
import { bind9Provider } from './bind9.js';
import { CLOUDFLARE_META, createCloudflareAdapter } from './cloudflare.js';
import { createDigitalOceanAdapter, DIGITALOCEAN_META } from './digitalocean.js';

/** A credential as an adapter needs it: the token opened, never presented. */
export interface DnsCredentialSecrets {
  userId: number;
  token: string | null;
  account: string | null;
  serverId: number | null;
}

/**
 * The panel's services a provider's adapter may use: the API roots (config), and the way to a
 * server for `bind9`. A provider that needs another names it here.
 */
export type DnsProviderPanel = Pick<PanelServices, 'config' | 'executor' | 'connections'>;

/** An adapter, with a direct look-up of one zone where the provider has one. */
export type DnsProviderInstance = DnsProviderAdapter & { getZone?(id: string): Promise<DnsZone> };

/**
 * One provider: what GET api/dns/providers shows, which fields its credential needs, and how to
 * build its adapter. Adding a provider is one file that implements `DnsProviderAdapter` and one
 * line in DNS_PROVIDERS (docs/dns-providers.md).
 */
export interface DnsProviderDefinition extends Omit<DnsProvider, 'fields' | 'types' | 'hasProxy'> {
  fields: readonly DnsProviderField[];
  meta: DnsProviderAdapter['meta'];
  create(credential: DnsCredentialSecrets, panel: DnsProviderPanel): DnsProviderInstance;
}

export const cloudflareProvider: DnsProviderDefinition = {
  slug: 'cloudflare',
  name: 'Cloudflare',
  logo: 'CF',
  logo_bg: '#f38020',
  logo_color: '#ffffff',
  fields: ['token', 'account'],
  token_url: 'https://dash.cloudflare.com/profile/api-tokens',
  meta: CLOUDFLARE_META,
  create: (credential, panel) =>
    createCloudflareAdapter({
      baseUrl: panel.config.dnsProviderUrls.cloudflare,
      token: credential.token ?? '',
      account: credential.account,
    }),
};

export const digitaloceanProvider: DnsProviderDefinition = {
  slug: 'digitalocean',
  name: 'DigitalOcean',
  logo: 'DO',
  logo_bg: '#0069ff',
  logo_color: '#ffffff',
  fields: ['token'],
  token_url: 'https://cloud.digitalocean.com/account/api/tokens',
  meta: DIGITALOCEAN_META,
  create: (credential, panel) =>
    createDigitalOceanAdapter({
      baseUrl: panel.config.dnsProviderUrls.digitalocean,
      token: credential.token ?? '',
    }),
};

/** The providers' table, in the order the page offers them. */
export const DNS_PROVIDERS: readonly DnsProviderDefinition[] = [
  cloudflareProvider,
  digitaloceanProvider,
  bind9Provider,
];

export function findDnsProvider(slug: string): DnsProviderDefinition | undefined {
  return DNS_PROVIDERS.find((provider) => provider.slug === slug);
}

/** GET api/dns/providers: a provider as the page sees it. */
export function presentDnsProvider(provider: DnsProviderDefinition): DnsProvider {
  return {
    slug: provider.slug,
    name: provider.name,
    logo: provider.logo,
    logo_bg: provider.logo_bg,
    logo_color: provider.logo_color,
    fields: [...provider.fields],
    token_url: provider.token_url,
    types: [...provider.meta.types],
    hasProxy: provider.meta.hasProxy,
  };
}
