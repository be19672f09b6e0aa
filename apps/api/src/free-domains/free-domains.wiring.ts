import type { PanelServices } from '../composition.js';
import { createCredentialAdapters } from '../dns-providers/credential-adapters.js';
import { createDnsCredentialsRepository } from '../dns-providers/dns-providers.repository.js';
import { DNS_PROVIDERS, type DnsProviderPanel } from '../dns-providers/providers/index.js';
import { createFreeDomainDns } from './free-domain-dns.js';
import { createFreeDomainsRepository } from './free-domains.repository.js';
import { createFreeDomainsService } from './free-domains.service.js';

/**
 * The free-domains service as the panel builds it, for its own area (the cleanup) and for the
 * sites area (site creation with `use_free_domain`). A credential's adapter comes from the DNS
 * providers' own table (dns-providers/providers/index.ts), whichever provider it is.
 */
export function createFreeDomains(
  panel: Pick<PanelServices, 'db' | 'secretBox'> & DnsProviderPanel,
  options: { now?: () => Date } = {},
) {
  const repository = createFreeDomainsRepository(panel.db);
  const adapterFor = createCredentialAdapters({
    providers: DNS_PROVIDERS,
    repository: createDnsCredentialsRepository(panel.db, panel.secretBox),
    createAdapter: (provider, credential) => provider.create(credential, panel),
  });
  return createFreeDomainsService({
    settings: panel.config.freeDomain,
    repository,
    dnsFor: (credentialId) => createFreeDomainDns(() => adapterFor(credentialId)),
    ...options,
  });
}
