import { DNS_PROVIDER_ERROR_MESSAGES, DnsProviderError } from './dns-provider.js';
import type { DnsCredentialRow, DnsCredentialsRepository } from './dns-providers.repository.js';
import type { DnsCredentialSecrets, DnsProviderDefinition, DnsProviderInstance } from './providers/index.js';

export interface CredentialAdapterDependencies {
  /** The providers' table (providers/index.ts DNS_PROVIDERS; tests may pass their own). */
  providers: readonly DnsProviderDefinition[];
  repository: Pick<DnsCredentialsRepository, 'openToken'>;
  /** Builds a provider's adapter for a credential (the panel passes its services in). */
  createAdapter(provider: DnsProviderDefinition, credential: DnsCredentialSecrets): DnsProviderInstance;
}

/**
 * A stored credential's provider (its row of the table) and adapter, its token opened; undefined
 * for a provider this panel no longer offers. The one place a credential becomes an adapter: the
 * routes (dns-providers.service.ts) and the panel's own work (createCredentialAdapters) both use
 * it, so a new provider is still one file and one line in DNS_PROVIDERS.
 */
export function adapterOfCredential(
  row: DnsCredentialRow,
  { providers, repository, createAdapter }: CredentialAdapterDependencies,
): { provider: DnsProviderDefinition; adapter: DnsProviderInstance } | undefined {
  const provider = providers.find((candidate) => candidate.slug === row.provider);
  if (!provider) return undefined;
  const adapter = createAdapter(provider, {
    userId: row.userId,
    token: repository.openToken(row),
    account: row.account,
    serverId: row.serverId,
  });
  return { provider, adapter };
}

/**
 * The adapter behind a credential by id, for the panel's own work without a caller (the operator's
 * free-domain credential, or the one an older free domain was made at: free-domains area). A
 * credential that is gone or unusable is a `credential` error in translated words: the free-domain
 * cleanup keeps the free domain and tries again.
 */
export function createCredentialAdapters(
  dependencies: CredentialAdapterDependencies & {
    repository: Pick<DnsCredentialsRepository, 'findById' | 'openToken'>;
  },
) {
  return async function adapterFor(credentialId: number): Promise<DnsProviderInstance> {
    const row = await dependencies.repository.findById(credentialId);
    if (!row)
      throw DnsProviderError.ours('credential', DNS_PROVIDER_ERROR_MESSAGES.credentialMissing, {
        credential: credentialId,
      });
    const found = adapterOfCredential(row, dependencies);
    if (!found)
      throw DnsProviderError.ours('credential', DNS_PROVIDER_ERROR_MESSAGES.providerUnknown, {
        credential: credentialId,
        provider: row.provider,
      });
    if (found.provider.fields.includes('token') && row.sealedToken === null)
      throw DnsProviderError.ours('credential', DNS_PROVIDER_ERROR_MESSAGES.credentialNoToken, {
        credential: credentialId,
      });
    return found.adapter;
  };
}
