import { ERROR_IDS, type ErrorId } from '@hostdeck/contracts';
import {
  DNS_PROVIDER_MESSAGES,
  type CreateDnsCredentialBody,
  type DnsCredential,
  type DnsProvider,
  type UpdateDnsCredentialBody,
} from '@hostdeck/contracts/dns-providers';
import type { DnsRecord, DnsRecordInput, DnsRecordsMeta } from '@hostdeck/contracts/dns-records';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import { adapterOfCredential } from './credential-adapters.js';
import { DnsProviderError, type DnsZone } from './dns-provider.js';
import type { DnsCredentialRow, DnsCredentialsRepository } from './dns-providers.repository.js';
import {
  presentDnsProvider,
  type DnsCredentialSecrets,
  type DnsProviderDefinition,
  type DnsProviderInstance,
} from './providers/index.js';

/** The API's own messages beyond the contract's (English = key; Vietnamese in dns-providers.vi.ts). */
export const DNS_CREDENTIAL_MESSAGES = {
  freeDomainCredential:
    "This DNS credential holds the panel's free domains (FREE_DOMAIN_CREDENTIAL): it can be deleted once the operator configures another one",
} as const;

/** What a provider answered, as the user sees it: 422 refused, 429 with the wait, 502 unreachable. */
export class DnsProviderFailure extends DomainError {
  constructor(
    readonly status: number,
    readonly id: ErrorId,
    message: string,
    parameters: Record<string, string | number> = {},
  ) {
    super(message, parameters);
  }
}

/**
 * A provider's error in the API's terms, always a translated sentence (the provider's own words
 * only as its value, DnsProviderError.userMessage); `notFound` is the message for a missing zone
 * or record.
 */
export function providerFailure(
  error: unknown,
  notFound: string = DNS_PROVIDER_MESSAGES.zoneNotFound,
): unknown {
  if (!(error instanceof DnsProviderError)) return error;
  const { id, values } = error.userMessage;
  switch (error.kind) {
    case 'credential':
      return new ValidationError({ token: [id] }, values);
    case 'not-found':
      return new NotFoundError(notFound);
    case 'rate-limited':
      return new DnsProviderFailure(429, ERROR_IDS.tooManyRequests, DNS_PROVIDER_MESSAGES.rateLimited, {
        seconds: error.retryAfterSeconds ?? 60,
      });
    case 'refused':
      return new DnsProviderFailure(422, ERROR_IDS.validation, id, values);
    case 'unreachable':
      return new DnsProviderFailure(502, ERROR_IDS.internal, id, values);
  }
}

async function translated<T>(work: Promise<T>, notFound?: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw providerFailure(error, notFound);
  }
}

export function presentDnsCredential(row: DnsCredentialRow): DnsCredential {
  return {
    id: row.id,
    provider: row.provider,
    name: row.name,
    account: row.account,
    server_id: row.serverId,
    has_token: row.sealedToken !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface DnsProvidersDependencies {
  repository: DnsCredentialsRepository;
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  providers: readonly DnsProviderDefinition[];
  /** Builds a provider's adapter for a credential (the area passes the panel's services in). */
  createAdapter(provider: DnsProviderDefinition, credential: DnsCredentialSecrets): DnsProviderInstance;
  /** The operator's free-domain credential (config FREE_DOMAIN_CREDENTIAL), which cannot be deleted. */
  freeDomainCredentialId?: number | null;
}

/**
 * DNS provider credentials and their zones and records (issue 19, spec/000 §7 `api/dns/…`). A
 * credential is its owner's alone: another account's id answers 404. Its token is verified with
 * the provider before it is kept (on create and on a token change) and is never answered.
 */
export function createDnsProvidersService({
  repository,
  policy,
  providers,
  createAdapter,
  freeDomainCredentialId = null,
}: DnsProvidersDependencies) {
  const providerOf = (slug: string) => providers.find((provider) => provider.slug === slug);

  async function owned(caller: Caller, id: number) {
    const row = await repository.findOwned(caller.id, id);
    if (!row) throw new NotFoundError();
    return row;
  }

  function adapterOf(row: DnsCredentialRow) {
    const found = adapterOfCredential(row, { providers, repository, createAdapter });
    // A credential of a provider this panel no longer offers: there is nothing to call.
    if (!found) throw new NotFoundError();
    return found;
  }

  async function zoneOf(adapter: DnsProviderInstance, zoneId: string): Promise<DnsZone> {
    if (adapter.getZone) return translated(adapter.getZone(zoneId), DNS_PROVIDER_MESSAGES.zoneNotFound);
    const zones = await translated(adapter.listZones());
    const zone = zones.find((candidate) => candidate.id === zoneId);
    if (!zone) throw new NotFoundError(DNS_PROVIDER_MESSAGES.zoneNotFound);
    return zone;
  }

  /** The record is one this provider takes: its type, and the proxy flag only where there is one. */
  function checkRecord(meta: DnsRecordsMeta, record: DnsRecordInput) {
    if (!meta.types.includes(record.type))
      throw new ValidationError({ type: [DNS_PROVIDER_MESSAGES.typeNotSupported] }, { type: record.type });
    if ('proxied' in record && record.proxied && !meta.hasProxy)
      throw new ValidationError({ proxied: [DNS_PROVIDER_MESSAGES.proxyNotSupported] });
  }

  async function openZone(caller: Caller, credentialId: number, zoneId: string) {
    const { adapter } = adapterOf(await owned(caller, credentialId));
    return { adapter, zone: await zoneOf(adapter, zoneId) };
  }

  return {
    /** GET api/dns/providers. */
    providers(): DnsProvider[] {
      return providers.map(presentDnsProvider);
    },

    /** GET api/dns/credentials. */
    async list(caller: Caller): Promise<DnsCredential[]> {
      return (await repository.listOwned(caller.id)).map(presentDnsCredential);
    },

    async show(caller: Caller, id: number): Promise<DnsCredential> {
      return presentDnsCredential(await owned(caller, id));
    },

    /** POST api/dns/credentials: checked with the provider first, kept only if it answers yes. */
    async create(caller: Caller, body: CreateDnsCredentialBody): Promise<DnsCredential> {
      const provider = providerOf(body.provider);
      if (!provider) throw new ValidationError({ provider: [DNS_PROVIDER_MESSAGES.unknownProvider] });
      const wants = (field: (typeof provider.fields)[number]) => provider.fields.includes(field);
      const token = wants('token') ? (body.token ?? null) : null;
      const account = wants('account') ? (body.account ?? null) : null;
      const serverId = wants('server_id') ? (body.server_id ?? null) : null;
      if (wants('token') && !token)
        throw new ValidationError({ token: [DNS_PROVIDER_MESSAGES.tokenRequired] });
      if (wants('server_id')) {
        if (serverId === null)
          throw new ValidationError({ server_id: [DNS_PROVIDER_MESSAGES.serverRequired] });
        await policy.authorizeServer(caller, serverId, 'manage');
      }
      const adapter = createAdapter(provider, { userId: caller.id, token, account, serverId });
      await translated(adapter.verify());
      const row = await repository.insert({
        userId: caller.id,
        provider: provider.slug,
        name: body.name,
        token,
        account,
        serverId,
      });
      if (!row) throw new ValidationError({ name: [DNS_PROVIDER_MESSAGES.duplicate] });
      return presentDnsCredential(row);
    },

    /** PUT api/dns/credentials/{credential}: a new token is verified before it replaces the old one. */
    async update(caller: Caller, id: number, body: UpdateDnsCredentialBody): Promise<DnsCredential> {
      const row = await owned(caller, id);
      if (body.token !== undefined) {
        const provider = providerOf(row.provider);
        if (!provider?.fields.includes('token'))
          throw new ValidationError({ token: [DNS_PROVIDER_MESSAGES.token] });
        const adapter = createAdapter(provider, {
          userId: row.userId,
          token: body.token,
          account: row.account,
          serverId: row.serverId,
        });
        await translated(adapter.verify());
      }
      const updated = await repository.update(row.id, { name: body.name, token: body.token });
      if (!updated) throw new ValidationError({ name: [DNS_PROVIDER_MESSAGES.duplicate] });
      return presentDnsCredential(updated);
    },

    /**
     * DELETE api/dns/credentials/{credential}: forgets it here; nothing changes at the provider.
     * The operator's free-domain credential is refused (409): new free domains would fail, and the
     * cleanup could no longer delete the records made at it (docs/free-domains.md).
     */
    async remove(caller: Caller, id: number): Promise<void> {
      const row = await owned(caller, id);
      if (row.id === freeDomainCredentialId)
        throw new ConflictError(DNS_CREDENTIAL_MESSAGES.freeDomainCredential);
      await repository.remove(row.id);
    },

    /** GET api/dns/credentials/{credential}/zones: every zone, all pages read. */
    async zones(caller: Caller, id: number): Promise<DnsZone[]> {
      const { adapter } = adapterOf(await owned(caller, id));
      const zones = await translated(adapter.listZones());
      return zones.map((zone) => ({ id: zone.id, name: zone.name }));
    },

    /** GET …/zones/{zone}/records: `{data, meta: {types, hasProxy}}` (spec/000 §3). */
    async records(
      caller: Caller,
      id: number,
      zoneId: string,
    ): Promise<{ data: DnsRecord[]; meta: DnsRecordsMeta }> {
      const { adapter, zone } = await openZone(caller, id, zoneId);
      const data = await translated(adapter.listRecords(zone));
      return { data, meta: { types: [...adapter.meta.types], hasProxy: adapter.meta.hasProxy } };
    },

    async createRecord(
      caller: Caller,
      id: number,
      zoneId: string,
      record: DnsRecordInput,
    ): Promise<DnsRecord> {
      const { adapter, zone } = await openZone(caller, id, zoneId);
      checkRecord(adapter.meta, record);
      return translated(adapter.createRecord(zone, record));
    },

    async updateRecord(
      caller: Caller,
      id: number,
      zoneId: string,
      recordId: string,
      record: DnsRecordInput,
    ): Promise<DnsRecord> {
      const { adapter, zone } = await openZone(caller, id, zoneId);
      checkRecord(adapter.meta, record);
      return translated(adapter.updateRecord(zone, recordId, record), DNS_PROVIDER_MESSAGES.recordNotFound);
    },

    async deleteRecord(caller: Caller, id: number, zoneId: string, recordId: string): Promise<void> {
      const { adapter, zone } = await openZone(caller, id, zoneId);
      await translated(adapter.deleteRecord(zone, recordId), DNS_PROVIDER_MESSAGES.recordNotFound);
    },
  };
}
export type DnsProvidersService = ReturnType<typeof createDnsProvidersService>;
