import { FREE_DOMAIN_DNS_LIFETIME_DAYS } from '@hostdeck/contracts';
import { DNS_PROVIDER_ERROR_MESSAGES, DnsProviderError } from '../dns-providers/dns-provider.js';
import type { FreeDomainDns } from './free-domain-dns.js';
import { freeHostname, generateFreeLabel } from './free-domain-name.js';
import {
  FREE_DOMAIN_STATUS,
  type FreeDomainRow,
  type FreeDomainsRepository,
} from './free-domains.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many free domains one cleanup pass deletes at most (the next pass takes the rest). */
export const CLEANUP_BATCH = 100;

/** Messages of this area (English = key; Vietnamese in free-domains.vi.ts). */
export const FREE_DOMAIN_MESSAGES = {
  recordFailed: 'The DNS record of the free domain could not be made: {reason}',
  noName: 'No free name could be found in {zone}: try again',
  zoneMissing: 'The zone {zone} is not at the free-domain DNS credential',
} as const;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The operator's free-domain DNS record could not be made. The user reads `messageId` filled with
 * `parameters` (the toggle's field error): "could not be made: {reason}" around the provider's own
 * words, or the panel's own translated sentence (rate limited, zone missing, credential gone…).
 * `reason` is the English, for logs.
 */
export class FreeDomainRecordError extends Error {
  readonly reason: string;
  readonly messageId: string;
  readonly parameters: Record<string, string | number>;
  constructor(cause: unknown) {
    const reason = reasonOf(cause);
    super(FREE_DOMAIN_MESSAGES.recordFailed.replace('{reason}', reason));
    this.name = 'FreeDomainRecordError';
    this.reason = reason;
    // The provider's words go inside our sentence; a failure without any is the panel's own.
    const own =
      cause instanceof DnsProviderError ? (cause.own ?? (reason ? undefined : cause.userMessage)) : undefined;
    this.messageId = own?.id ?? FREE_DOMAIN_MESSAGES.recordFailed;
    this.parameters = own?.values ?? { reason };
  }
}

export interface FreeDomainsDependencies {
  /** FREE_DOMAIN_ZONE and FREE_DOMAIN_CREDENTIAL (config.freeDomain); null: free domains are off. */
  settings: { zone: string; credentialId: number } | null;
  repository: FreeDomainsRepository;
  /** The DNS behind a credential (the operator's, or the one an older free domain was made at). */
  dnsFor(credentialId: number): FreeDomainDns;
  /** Days a free domain's record lives (spec/000 §9: 14). */
  lifetimeDays?: number;
  now?: () => Date;
}

/**
 * Free subdomains (spec/000 §5, §9; docs/free-domains.md): a site may take `{label}.{zone}` in
 * the operator's zone; its A record is made at the operator's credential before the site is
 * stored, and deleted by the scheduled cleanup once `expires_at` passes. A failed delete stays
 * `active` and is tried again at the next pass.
 */
export function createFreeDomainsService(dependencies: FreeDomainsDependencies) {
  const { settings, repository, dnsFor } = dependencies;
  const lifetimeMs = (dependencies.lifetimeDays ?? FREE_DOMAIN_DNS_LIFETIME_DAYS) * DAY_MS;
  const now = dependencies.now ?? (() => new Date());

  /** A credential deleted since (credential_id set null) took its zones' records out of reach. */
  async function deleteRecordOf(row: FreeDomainRow) {
    if (row.recordId !== null && row.credentialId !== null)
      await dnsFor(row.credentialId).deleteRecord(row.zone, row.recordId);
    await repository.update(row.id, { status: FREE_DOMAIN_STATUS.deleted });
  }

  return {
    /** The zone of free subdomains, or null when the operator configured none. */
    zone: settings?.zone ?? null,

    /**
     * A fresh `{label}.{zone}` no free domain has and `isTaken` (the server's sites) does not
     * know; null in the (astronomically unlikely) case five tries all collide.
     */
    async pickHostname(isTaken: (hostname: string) => Promise<boolean>): Promise<string | null> {
      if (!settings) return null;
      for (let attempt = 0; attempt < 5; attempt++) {
        const hostname = freeHostname(generateFreeLabel(), settings.zone);
        if (hostname && !(await repository.hostnameTaken(hostname)) && !(await isTaken(hostname)))
          return hostname;
      }
      return null;
    },

    /**
     * Stores the free domain and makes its record (A, or AAAA for an IPv6 server). A refused
     * record leaves nothing behind and throws FreeDomainRecordError with the provider's message.
     */
    async create(values: { hostname: string; serverId: number; address: string; ipv6: boolean }) {
      if (!settings) throw new Error('free domains are not configured');
      const label = values.hostname.slice(0, -(settings.zone.length + 1));
      const row = await repository.insert({
        hostname: values.hostname,
        zone: settings.zone,
        credentialId: settings.credentialId,
        serverId: values.serverId,
        address: values.address,
        expiresAt: new Date(now().getTime() + lifetimeMs),
      });
      if (!row)
        throw new FreeDomainRecordError(
          DnsProviderError.ours('credential', DNS_PROVIDER_ERROR_MESSAGES.credentialMissing, {
            credential: settings.credentialId,
          }),
        );
      let recordId: string;
      try {
        recordId = await dnsFor(settings.credentialId).createAddressRecord(
          settings.zone,
          label,
          values.address,
          values.ipv6,
        );
      } catch (error) {
        await repository.remove(row.id);
        throw new FreeDomainRecordError(error);
      }
      await repository.update(row.id, { recordId });
      return { ...row, recordId };
    },

    async attachSite(id: number, siteId: number) {
      await repository.update(id, { siteId });
    },

    /**
     * The site could not be made after its record was: the record goes now; when that fails too,
     * the row is left due at once and the cleanup retries it.
     */
    async release(row: FreeDomainRow, warn: (message: string, details: object) => void) {
      try {
        await deleteRecordOf(row);
      } catch (error) {
        warn('free domain record not deleted; the cleanup retries it', {
          hostname: row.hostname,
          reason: reasonOf(error),
        });
        await repository.update(row.id, { expiresAt: now() });
      }
    },

    /** Deletes the records of every free domain due at `at` (the scheduled cleanup). */
    async cleanupDue(at: Date, warn: (message: string, details: object) => void) {
      const result = { deleted: [] as string[], failed: [] as string[] };
      for (const row of await repository.due(at, CLEANUP_BATCH)) {
        try {
          await deleteRecordOf(row);
          result.deleted.push(row.hostname);
        } catch (error) {
          result.failed.push(row.hostname);
          warn('free domain record not deleted; retried at the next cleanup', {
            hostname: row.hostname,
            reason: reasonOf(error),
          });
        }
      }
      return result;
    },
  };
}
export type FreeDomainsService = ReturnType<typeof createFreeDomainsService>;
