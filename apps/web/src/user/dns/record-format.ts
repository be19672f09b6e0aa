import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { dnsRecordSchema } from '@hostdeck/contracts/dns-providers';

export type ListedDnsRecord = z.infer<typeof dnsRecordSchema>;

/** A TTL as the §9 options name it: Auto (1), minutes, hours, 1 day; anything else in seconds. */
export function ttlLabel(t: TFunction, ttl: number): string {
  if (ttl === 1) return t('userDns.ttlAuto');
  if (ttl === 86_400) return t('userDns.ttlDay');
  if (ttl % 3600 === 0 && ttl < 86_400) return t('userDns.ttlHours', { count: ttl / 3600 });
  if (ttl % 60 === 0 && ttl < 3600) return t('userDns.ttlMinutes', { count: ttl / 60 });
  return t('userDns.ttlSeconds', { count: ttl });
}

/** A record's value in one line, with the parts of its type (MX priority, SRV weight and port…). */
export function recordSummary(record: ListedDnsRecord): string {
  switch (record.type) {
    case 'MX':
      return `${record.priority ?? 0} ${record.content}`;
    case 'SRV':
      return `${record.priority ?? 0} ${record.weight ?? 0} ${record.port ?? 0} ${record.content}`;
    case 'CAA':
      return `${record.flags ?? 0} ${record.tag ?? ''} "${record.content}"`;
    case 'HTTPS':
      return `${record.priority ?? 0} ${record.content} ${record.params ?? ''}`.trim();
    default:
      return record.content;
  }
}
