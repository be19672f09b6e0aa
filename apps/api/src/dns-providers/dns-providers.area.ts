import { defineArea } from '../area.js';
import { createDnsCredentialsRepository } from './dns-providers.repository.js';
import { dnsProvidersRoutes } from './dns-providers.routes.js';
import { createDnsProvidersService } from './dns-providers.service.js';
import { dnsProvidersVi } from './dns-providers.vi.js';
import { DNS_PROVIDERS } from './providers/index.js';

/**
 * The account's DNS provider credentials and their zones and records (`/user/dns`, issue 19,
 * docs/dns-providers.md). No events: every call goes to the provider's API and answers at once.
 * The free-domains area reaches credentials through credential-adapters.ts and the same table.
 */
export const dnsProvidersArea = defineArea({
  name: 'dns-providers',
  services: (panel) => {
    const repository = createDnsCredentialsRepository(panel.db, panel.secretBox);
    return {
      dnsCredentialsRepository: repository,
      dnsProviders: createDnsProvidersService({
        repository,
        policy: panel.policy,
        providers: DNS_PROVIDERS,
        createAdapter: (provider, credential) => provider.create(credential, panel),
        freeDomainCredentialId: panel.config.freeDomain?.credentialId ?? null,
      }),
    };
  },
  routes: dnsProvidersRoutes,
  messages: dnsProvidersVi,
});
