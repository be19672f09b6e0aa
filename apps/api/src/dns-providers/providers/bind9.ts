import { DNS_RECORD_TYPES } from '@hostdeck/contracts';
import { DNS_PROVIDER_MESSAGES } from '@hostdeck/contracts/dns-providers';
import type { DnsRecordInput, DnsRecordsMeta } from '@hostdeck/contracts/dns-records';
import { Bind9StoreError, createBind9ZoneStore, type Bind9ZoneStore } from '../../bind9/bind9-zone-store.js';
import { DomainError, NotFoundError, ValidationError } from '../../domain/errors.js';
import { DnsProviderError, type DnsProviderAdapter, type DnsZone } from '../dns-provider.js';
import type { DnsProviderDefinition } from './index.js';

/** bind9 has every record type of §9 and no proxy. */
const BIND9_META: DnsRecordsMeta = { types: [...DNS_RECORD_TYPES], hasProxy: false };

/**
 * A store failure as the providers' error, keeping the translated sentence it already has: the
 * store's (named-checkzone's output as a value), or a domain error's (server not connected…).
 * Anything else is the SSH layer's own words, inside "could not be reached".
 */
function asProviderError(error: unknown): unknown {
  if (error instanceof DnsProviderError) return error;
  if (error instanceof Bind9StoreError)
    return new DnsProviderError('refused', error.message, {
      own: { id: error.messageId, values: error.parameters },
    });
  if (error instanceof DomainError) {
    // A ValidationError's sentences are its field errors; the first one says what was wrong.
    const id =
      error instanceof ValidationError
        ? (Object.values(error.fieldErrors).flat()[0] ?? error.message)
        : error.message;
    const own = { id, values: error.parameters };
    return new DnsProviderError(error instanceof NotFoundError ? 'not-found' : 'refused', error.message, {
      own,
    });
  }
  if (error instanceof Error) return new DnsProviderError('unreachable', error.message);
  return error;
}

async function translated<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asProviderError(error);
  }
}

/**
 * A `bind9` DNS credential, over helper A's zone store (bind9/bind9-zone-store.ts: direct recipe
 * runs that wait for their result) (docs/dns-providers.md, docs/free-domains.md): the zones the panel
 * manages on one of the user's servers with bind9 (spec/000 §7 Bind9 zones). Zones made by hand
 * are read-only on the server page and not offered here: the panel writes only its own zones.
 * `proxied` is dropped: bind9 has no proxy.
 */
export function createBind9Adapter(store: Bind9ZoneStore, serverId: number): DnsProviderAdapter {
  const withoutProxy = (record: DnsRecordInput): DnsRecordInput => {
    if (!('proxied' in record)) return record;
    const { proxied: _proxied, ...rest } = record;
    return rest as DnsRecordInput;
  };
  const managedZones = async (): Promise<DnsZone[]> =>
    (await store.listZones(serverId))
      .filter((zone) => zone.managed)
      .map((zone) => ({ id: zone.name, name: zone.name }));

  return {
    meta: BIND9_META,
    verify: () =>
      translated(async () => {
        await store.listZones(serverId);
      }),
    listZones: () => translated(managedZones),
    listRecords: (zone) => translated(() => store.listRecords(serverId, zone.name)),
    createRecord: (zone, record) =>
      translated(() => store.createRecord(serverId, zone.name, withoutProxy(record))),
    updateRecord: (zone, id, record) =>
      translated(() => store.updateRecord(serverId, zone.name, id, withoutProxy(record))),
    deleteRecord: (zone, id) => translated(() => store.deleteRecord(serverId, zone.name, id)),
  };
}

/**
 * The `bind9` row of the providers' table (index.ts): a credential that names one of the user's
 * servers (the credential's save checks the user may manage it) and reads its panel zones.
 */
export const bind9Provider: DnsProviderDefinition = {
  slug: 'bind9',
  name: 'BIND 9 (your server)',
  logo: 'B9',
  logo_bg: '#1e4f7a',
  logo_color: '#ffffff',
  fields: ['server_id'],
  token_url: null,
  meta: BIND9_META,
  create: (credential, panel) => {
    if (credential.serverId === null)
      throw DnsProviderError.ours('credential', DNS_PROVIDER_MESSAGES.serverRequired);
    return createBind9Adapter(createBind9ZoneStore(panel), credential.serverId);
  },
};
