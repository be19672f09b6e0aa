import { DnsProviderError, type DnsProviderAdapter, type DnsZone } from '../dns-providers/dns-provider.js';
import { FREE_DOMAIN_MESSAGES } from './free-domains.service.js';

/** TTL of a free domain's record: short, the record lives 14 days at most. */
export const FREE_DOMAIN_RECORD_TTL = 300;

/**
 * The two things free domains do at the operator's DNS credential: make `{label}.{zone}` point at
 * a server, and delete that record again. Built over any provider adapter (bind9, Cloudflare…).
 */
export interface FreeDomainDns {
  /** Makes `label` in `zone` an A (or AAAA) record of `address`; answers the record's id. */
  createAddressRecord(zone: string, label: string, address: string, ipv6: boolean): Promise<string>;
  /** Deletes the record; one already gone counts as deleted. */
  deleteRecord(zone: string, recordId: string): Promise<void>;
}

export function createFreeDomainDns(adapter: () => Promise<DnsProviderAdapter>): FreeDomainDns {
  async function findZone(provider: DnsProviderAdapter, name: string): Promise<DnsZone> {
    const zone = (await provider.listZones()).find((candidate) => candidate.name === name);
    if (!zone) throw DnsProviderError.ours('not-found', FREE_DOMAIN_MESSAGES.zoneMissing, { zone: name });
    return zone;
  }

  return {
    async createAddressRecord(zoneName, label, address, ipv6) {
      const provider = await adapter();
      const zone = await findZone(provider, zoneName);
      const record = await provider.createRecord(
        zone,
        ipv6
          ? { type: 'AAAA', name: label, ttl: FREE_DOMAIN_RECORD_TTL, content: address }
          : { type: 'A', name: label, ttl: FREE_DOMAIN_RECORD_TTL, content: address },
      );
      return record.id;
    },

    async deleteRecord(zoneName, recordId) {
      const provider = await adapter();
      try {
        await provider.deleteRecord(await findZone(provider, zoneName), recordId);
      } catch (error) {
        // Gone already (deleted by hand, or by an earlier try that lost its answer) is deleted;
        // providers say so differently (Cloudflare 81044, bind9 a recipe error), so look.
        const gone = await findZone(provider, zoneName)
          .then(async (zone) => !(await provider.listRecords(zone)).some((record) => record.id === recordId))
          .catch(() => false);
        if (gone) return;
        throw error;
      }
    },
  };
}
