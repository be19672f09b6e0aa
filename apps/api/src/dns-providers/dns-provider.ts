import { fillPlaceholders } from '@hostdeck/contracts';
import { DNS_PROVIDER_MESSAGES } from '@hostdeck/contracts/dns-providers';
import type { DnsRecord, DnsRecordInput, DnsRecordsMeta } from '@hostdeck/contracts/dns-records';

/**
 * One DNS provider behind one interface (issue 19, docs/dns-providers.md): Cloudflare,
 * DigitalOcean, and our own bind9 on one of the user's servers. A new provider is one file that
 * implements this and one line in the providers' table.
 *
 * Every method throws `DnsProviderError` for what the provider refused (its own words inside a
 * translated sentence, or the panel's own translated sentence), never a raw HTTP or SSH error.
 */
export interface DnsZone {
  /** The provider's id of the zone (Cloudflare's zone id; the name for DigitalOcean and bind9). */
  id: string;
  name: string;
}

export interface DnsProviderAdapter {
  readonly meta: DnsRecordsMeta;
  /** Checks the credential with the provider (called on save). */
  verify(): Promise<void>;
  /** Every zone, all pages read. */
  listZones(): Promise<DnsZone[]>;
  /** Every record of a zone, all pages read; names relative to the zone (`@` for the apex). */
  listRecords(zone: DnsZone): Promise<DnsRecord[]>;
  createRecord(zone: DnsZone, record: DnsRecordInput): Promise<DnsRecord>;
  updateRecord(zone: DnsZone, id: string, record: DnsRecordInput): Promise<DnsRecord>;
  deleteRecord(zone: DnsZone, id: string): Promise<void>;
}

export type DnsProviderErrorKind = 'credential' | 'not-found' | 'rate-limited' | 'refused' | 'unreachable';

/**
 * The panel's own sentences about a provider's failure (English = catalogue key; Vietnamese in
 * dns-providers.vi.ts). A provider's own words are never a key: they are the `{message}` of
 * DNS_PROVIDER_MESSAGES.refused and its kin.
 */
export const DNS_PROVIDER_ERROR_MESSAGES = {
  notFound: 'The DNS provider has no such zone or record: {message}',
  unreachable: 'The DNS provider could not be reached',
  unexpectedRecord: 'The DNS provider answered with a record the panel cannot read',
  tokenNotActive: 'This API token is not active',
  tokenStatus: 'This API token is not active: its status is {status}',
  noAccount: 'The provider did not answer with the account of this token',
  accountLocked: 'The account of this token is locked',
  credentialMissing: 'The DNS credential {credential} does not exist',
  credentialNoToken: 'The DNS credential {credential} has no token',
  providerUnknown: 'The DNS credential {credential} is for a provider this panel does not offer ({provider})',
} as const;

/** A message the user reads: an English catalogue key and the values of its `{placeholders}`. */
export interface DnsProviderMessage {
  id: string;
  values: Record<string, string | number>;
}

/**
 * A provider's failure. `message` is the provider's own words (Cloudflare's "Invalid API Token
 * (1000)", named-checkzone's output, a socket error); the user reads them inside a translated
 * sentence (`userMessage`). Where the panel says it in its own words, `DnsProviderError.ours`
 * carries the catalogue key and values instead, and `message` is its English for the logs.
 */
export class DnsProviderError extends Error {
  /** Seconds to wait, from the provider's Retry-After, when rate limited. */
  readonly retryAfterSeconds?: number;
  /** The panel's own sentence, when it has one (otherwise the kind's sentence around `message`). */
  readonly own?: DnsProviderMessage;

  constructor(
    readonly kind: DnsProviderErrorKind,
    message: string,
    options: { retryAfterSeconds?: number; own?: DnsProviderMessage } = {},
  ) {
    super(message);
    this.name = 'DnsProviderError';
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
    if (options.own) this.own = options.own;
  }

  /** A failure the panel words itself: `id` is a catalogue key (translated), `values` fill it. */
  static ours(
    kind: DnsProviderErrorKind,
    id: string,
    values: Record<string, string | number> = {},
    retryAfterSeconds?: number,
  ): DnsProviderError {
    return new DnsProviderError(kind, fillPlaceholders(id, values), {
      own: { id, values },
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }

  /** What the user reads: the panel's own sentence, or the kind's sentence around the provider's words. */
  get userMessage(): DnsProviderMessage {
    if (this.own) return this.own;
    const message = this.message;
    switch (this.kind) {
      case 'credential':
        return { id: DNS_PROVIDER_MESSAGES.tokenRefused, values: { message } };
      case 'not-found':
        return { id: DNS_PROVIDER_ERROR_MESSAGES.notFound, values: { message } };
      case 'rate-limited':
        return { id: DNS_PROVIDER_MESSAGES.rateLimited, values: { seconds: this.retryAfterSeconds ?? 60 } };
      case 'refused':
        return { id: DNS_PROVIDER_MESSAGES.refused, values: { message } };
      case 'unreachable':
        return message
          ? { id: DNS_PROVIDER_MESSAGES.unreachable, values: { message } }
          : { id: DNS_PROVIDER_ERROR_MESSAGES.unreachable, values: {} };
    }
  }
}
